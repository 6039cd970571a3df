import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, paymentFailureMessages, type PayLinkOrder, type PayLinkPayRequest, type PayLinkQuoteRequest } from '@optik/shared';
import type { Api } from '../api';
import { PayByLink } from './pay-by-link';

afterEach(cleanup);

type LookupResult = Awaited<ReturnType<Api['payLinkLookup']>>;
type PayResult = Awaited<ReturnType<Api['payLinkPay']>>;
type QuoteResult = Awaited<ReturnType<Api['payLinkQuote']>>;
type ErrorCode = Extract<LookupResult, { ok: false }>['error']['code'];

const TOKEN = 'pl_0123456789abcdefghijklmnop';

const order: PayLinkOrder = {
  orderNumber: 'PO-104233',
  customerFirstName: 'Mette',
  storeName: 'Profil Optik Aarhus',
  deliveryMethodId: 119,
  lines: [
    { description: 'Progressive brilleglas', quantity: 1, unitPrice: 249900, lineTotal: 249900, subscriptionInterval: null },
    { description: 'Dagslinser 30 stk.', quantity: 2, unitPrice: 29900, lineTotal: 59800, subscriptionInterval: 'm3' },
    { description: 'Linsevæske', quantity: 1, unitPrice: 0, lineTotal: 0, subscriptionInterval: 'm1' },
  ],
  shipping: 0,
  vat: 61940,
  totalPrice: 309700,
  giftCardAmount: 0,
  toPay: 309700,
  // 14.30 in Copenhagen (summer time, UTC+2).
  expiresAt: '2026-06-01T12:30:00.000Z',
  simulated: false,
};

const found = (o: PayLinkOrder = order): LookupResult => ({ ok: true, status: 200, data: { data: o } });
const lookupError = (status: number, code: ErrorCode, message: string): LookupResult => ({ ok: false, status, error: { code, message } });
const paid: PayResult = { ok: true, status: 200, data: { outcome: 'paid', orderNumber: order.orderNumber, paidAt: '2026-05-30T10:00:00.000Z', method: 'card', giftCardAmount: 0 } };
const failed = (failureResult: 0 | 1 | 2 | 99): PayResult => ({
  ok: true,
  status: 200,
  data: { outcome: 'failed', failureResult, message: paymentFailureMessages[failureResult] },
});

/** Answers in order; the last one repeats. */
function fakeApi(lookups: LookupResult[], pays: (PayResult | Promise<PayResult>)[] = [], quotes: QuoteResult[] = []) {
  let l = 0;
  let p = 0;
  let q = 0;
  return {
    payLinkLookup: vi.fn(async (_token: string) => lookups[Math.min(l++, lookups.length - 1)]!),
    payLinkQuote: vi.fn(async (_body: PayLinkQuoteRequest) => quotes[Math.min(q++, quotes.length - 1)]!),
    payLinkPay: vi.fn(async (_body: PayLinkPayRequest) => pays[Math.min(p++, pays.length - 1)]!),
  };
}

const payButtonName = `Betal ${formatDkk(order.totalPrice)}`;

async function renderReady(api: ReturnType<typeof fakeApi>) {
  render(<PayByLink api={api} token={TOKEN} />);
  return screen.findByRole('button', { name: payButtonName });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCard(cardNumber = '4111 1111 1111 1111', expiry = '12/30', cvc = '123') {
  type('Kortnummer', cardNumber);
  type('Udløbsdato (MM/ÅÅ)', expiry);
  type('Kontrolcifre (CVC)', cvc);
}

describe('PayByLink', () => {
  it('shows the order with lines, delivery, Danish money and the expiry', async () => {
    const api = fakeApi([found()]);
    render(<PayByLink api={api} token={TOKEN} />);
    expect(screen.getByRole('status').textContent).toBe('Henter ordren …');

    expect(await screen.findByText(/^Hej Mette\./)).toBeDefined();
    expect(api.payLinkLookup).toHaveBeenCalledWith(TOKEN);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Betal din ordre']);
    expect(screen.getByText('PO-104233')).toBeDefined();
    expect(screen.getByText('Hentes i butikken: Profil Optik Aarhus')).toBeDefined();

    const lenses = screen.getByRole('row', { name: /Dagslinser 30 stk\./ });
    expect(within(lenses).getByText('Abonnement – levering hver 3. måned')).toBeDefined();
    expect(within(lenses).getByText('2')).toBeDefined();
    expect(lenses.textContent).toContain('598,00\u00a0kr.');
    expect(within(screen.getByRole('row', { name: /Linsevæske/ })).getByText('Abonnement – levering hver måned')).toBeDefined();
    expect(within(screen.getByRole('row', { name: /Fragt/ })).getByText('Gratis')).toBeDefined();
    expect(screen.getByRole('row', { name: /I alt/ }).textContent).toContain('3.097,00\u00a0kr.');
    expect(screen.getByRole('row', { name: /Heraf moms/ }).textContent).toContain('619,40\u00a0kr.');
    expect(screen.getByText('Linket udløber 1. juni 2026 kl. 14.30.')).toBeDefined();

    const methods = screen.getByRole('group', { name: 'Betalingsmåde' });
    expect(within(methods).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Betalingskort',
      'MobilePay',
      'Klarna – betal om 30 dage',
    ]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Betalingskort' }).checked).toBe(true);
    const cardNumber = screen.getByLabelText('Kortnummer');
    expect(cardNumber.getAttribute('inputmode')).toBe('numeric');
    expect(cardNumber.getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Udløbsdato (MM/ÅÅ)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('Kontrolcifre (CVC)').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByRole('button', { name: payButtonName })).toBeDefined();
    // Not the simulator: no test data.
    expect(screen.queryByText('Testbetaling – sådan afprøver du')).toBeNull();
  });

  it('says home delivery, shows paid shipping and the simulator test data when simulated', async () => {
    await renderReady(
      fakeApi([found({ ...order, deliveryMethodId: 101, storeName: null, shipping: 4900, totalPrice: 309700, simulated: true })]),
    );
    expect(screen.getByText('Leveres til din adresse')).toBeDefined();
    expect(screen.queryByText(/Hentes i butikken/)).toBeNull();
    expect(screen.getByRole('row', { name: /Fragt/ }).textContent).toContain('49,00\u00a0kr.');
    const summary = screen.getByText('Testbetaling – sådan afprøver du');
    const details = summary.closest('details')!;
    expect(details.textContent).toContain('4111 1111 1111 1111');
    expect(details.textContent).toContain('4000 0000 0000 0002');
    expect(details.textContent).toContain('4000 0000 0000 3220');
    expect(details.textContent).toContain('4000 0000 0000 0119');
    expect(details.textContent).toContain('ender på 0000, afvises');
  });

  it.each<[number, ErrorCode, string]>([
    [404, 'not_found', 'Betalingslinket findes ikke.'],
    [410, 'gone', 'Betalingslinket er udløbet eller erstattet af et nyt link.'],
    [409, 'conflict', 'Ordren er allerede betalt.'],
  ])('a %i lookup shows its message and no payment form', async (status, code, message) => {
    render(<PayByLink api={fakeApi([lookupError(status, code, message)])} token={TOKEN} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.queryByRole('group', { name: 'Betalingsmåde' })).toBeNull();
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a retry when the network is down, and loads again', async () => {
    const api = fakeApi([lookupError(0, 'internal', 'Noget gik galt. Prøv igen.'), found()]);
    render(<PayByLink api={api} token={TOKEN} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Noget gik galt. Prøv igen.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('button', { name: payButtonName })).toBeDefined();
    expect(api.payLinkLookup).toHaveBeenCalledTimes(2);
  });

  it('checks the fields with the shared schema before calling the API', async () => {
    const api = fakeApi([found()]);
    fireEvent.click(await renderReady(api));
    const number = screen.getByLabelText('Kortnummer');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.getByRole('alert').textContent).toBe('Ret de markerede felter, og prøv igen.');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe('Kortnummeret skal være 13–19 cifre.');
    expect(screen.getByLabelText('Kontrolcifre (CVC)').getAttribute('aria-invalid')).toBe('true');
    expect(api.payLinkPay).not.toHaveBeenCalled();
  });

  it('shows the API’s field errors under their fields and keeps what was typed', async () => {
    const api = fakeApi(
      [found()],
      [{ ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { expiry: 'Kortet er udløbet.' } } }],
    );
    await renderReady(api);
    fillCard('4111 1111 1111 1111', '01/20', '123');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));

    const expiry = screen.getByLabelText<HTMLInputElement>('Udløbsdato (MM/ÅÅ)');
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe('Kortet er udløbet.');
    expect(screen.getByRole('alert').textContent).toBe('Ret fejlene, og prøv igen.');
    // Focus moves in the effect after the render that marks the field.
    await waitFor(() => expect(document.activeElement).toBe(expiry));
    expect(expiry.value).toBe('01/20');
    expect(screen.getByLabelText<HTMLInputElement>('Kortnummer').value).toBe('4111 1111 1111 1111');
    expect(screen.getByLabelText<HTMLInputElement>('Kontrolcifre (CVC)').value).toBe('123');
    expect(screen.getByLabelText('Kortnummer').getAttribute('aria-invalid')).toBeNull();
    expect(api.payLinkPay).toHaveBeenCalledWith({ token: TOKEN, giftCards: [], payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '01/20', cvc: '123' } });
  });

  it('an error goes as soon as its field is fixed, and a wrong one keeps it (issue 16 item 4)', async () => {
    const api = fakeApi([found()], [paid]);
    await renderReady(api);
    fillCard('4111 1111 1111 1111', '1330', '12');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect(await screen.findByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    expect(screen.getByText('Kontrolcifrene er 3 cifre.')).toBeDefined();
    type('Udløbsdato (MM/ÅÅ)', '12/28');
    type('Kontrolcifre (CVC)', '1');
    await waitFor(() => expect(screen.queryByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeNull());
    expect(screen.getByLabelText('Kontrolcifre (CVC)').getAttribute('aria-invalid')).toBe('true');
    expect(api.payLinkPay).not.toHaveBeenCalled();
  });

  it('result 0: shows the decline and lets the customer pay another way', async () => {
    const api = fakeApi([found()], [failed(0), paid]);
    await renderReady(api);
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect((await screen.findByRole('alert')).textContent).toBe(paymentFailureMessages[0]);

    fireEvent.click(screen.getByRole('radio', { name: 'MobilePay' }));
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    const phone = screen.getByLabelText('Mobilnummer');
    expect(phone.getAttribute('type')).toBe('tel');
    type('Mobilnummer', '20 30 40 50');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' })).toBeDefined();
    expect(api.payLinkPay).toHaveBeenLastCalledWith({ token: TOKEN, giftCards: [], payment: { method: 'mobilepay', phone: '20 30 40 50' } });
  });

  it('result 1: Klarna asks for the CPR number and the retry sends it', async () => {
    const api = fakeApi([found()], [failed(1), paid]);
    await renderReady(api);
    fireEvent.click(screen.getByRole('radio', { name: 'Klarna – betal om 30 dage' }));
    expect(screen.queryByLabelText('CPR-nummer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect((await screen.findByRole('alert')).textContent).toBe(paymentFailureMessages[1]);
    expect(api.payLinkPay).toHaveBeenCalledWith({ token: TOKEN, giftCards: [], payment: { method: 'klarna' } });

    const cpr = screen.getByLabelText('CPR-nummer');
    expect(cpr.getAttribute('type')).toBe('text');
    expect(cpr.getAttribute('autocomplete')).toBe('off');
    expect(document.getElementById(cpr.getAttribute('aria-describedby')!)?.textContent).toContain('DDMMÅÅ-XXXX');
    type('CPR-nummer', '010190-1234');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' })).toBeDefined();
    expect(api.payLinkPay).toHaveBeenLastCalledWith({ token: TOKEN, giftCards: [], payment: { method: 'klarna', ssn: '010190-1234' } });
    expect(document.body.textContent).not.toContain('010190');
  });

  it('result 2: the customer confirms the bank approval and the retry sends validated', async () => {
    const api = fakeApi([found()], [failed(2), paid]);
    await renderReady(api);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fillCard('4000 0000 0000 3220');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect((await screen.findByRole('alert')).textContent).toBe(paymentFailureMessages[2]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Jeg har godkendt betalingen i min bank-app' }));
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' })).toBeDefined();
    expect(api.payLinkPay).toHaveBeenLastCalledWith({
      token: TOKEN,
      giftCards: [],
      payment: { method: 'card', cardNumber: '4000 0000 0000 3220', expiry: '12/30', cvc: '123', validated: true },
    });
  });

  it('result 99: shows the message, reloads the order and starts the form over', async () => {
    const api = fakeApi([found()], [failed(99)]);
    await renderReady(api);
    fillCard('4000 0000 0000 0119');
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));

    await waitFor(() => expect(api.payLinkLookup).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: payButtonName })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(paymentFailureMessages[99]);
    expect(screen.getByLabelText<HTMLInputElement>('Kortnummer').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Udløbsdato (MM/ÅÅ)').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Kontrolcifre (CVC)').value).toBe('');
  });

  it('disables the button while paying, then confirms with the order number and focuses the heading', async () => {
    let answer: (r: PayResult) => void = () => {};
    const api = fakeApi([found()], [new Promise<PayResult>((resolve) => (answer = resolve))]);
    await renderReady(api);
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));

    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Betaler …' });
    expect(busy.disabled).toBe(true);
    answer(paid);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/PO-104233/).textContent).toContain('PO-104233');
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
  });

  it('replaces the form with the API’s message when the link was closed meanwhile', async () => {
    const api = fakeApi([found()], [{ ok: false, status: 409, error: { code: 'conflict', message: 'Ordren er allerede betalt.' } }]);
    await renderReady(api);
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: payButtonName }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ordren er allerede betalt.');
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  describe('gift cards (payment type 900, partial cover)', () => {
    const quoted = (giftCardCover: number, toPay: number): QuoteResult => ({ ok: true, status: 200, data: { data: { giftCardCover, toPay } } });
    const mismatch: QuoteResult = { ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { giftCards: 'Gavekortoplysningerne passede ikke til noget gavekort.' } } };
    const giftCard = { number: '6001100000000001', pin: '1234' };

    it('a card covering part shows the cover and the rest; the button asks the rest and the payment sends the card', async () => {
      const api = fakeApi([found()], [paid], [quoted(50_000, 259_700)]);
      await renderReady(api);
      type('Gavekortnummer', '6001 1000 0000 0001');
      type('PIN-kode', '1234');
      fireEvent.click(screen.getByRole('button', { name: 'Brug gavekort' }));
      expect(await screen.findByRole('button', { name: `Betal ${formatDkk(259_700)}` })).toBeDefined();
      expect(api.payLinkQuote).toHaveBeenCalledWith({ token: TOKEN, giftCards: [giftCard] });
      expect(screen.getByRole('status').textContent).toBe(`Gavekort dækker ${formatDkk(50_000)} Rest at betale: ${formatDkk(259_700)}`);
      expect(screen.getByText(/Gavekort, der slutter på 0001/)).toBeDefined();
      expect(screen.getByRole('button', { name: 'Fjern gavekortet, der slutter på 0001' })).toBeDefined();
      expect(screen.getByLabelText<HTMLInputElement>('Gavekortnummer').value).toBe('');
      expect(screen.getByRole('group', { name: 'Betalingsmåde' })).toBeDefined();

      fillCard();
      fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(259_700)}` }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' })).toBeDefined();
      expect(api.payLinkPay).toHaveBeenCalledWith({ token: TOKEN, giftCards: [giftCard], payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' } });
    });

    it('a wrong PIN shows the SPEC §8 message under the number, keeps what was typed and moves focus there', async () => {
      const api = fakeApi([found()], [], [mismatch]);
      await renderReady(api);
      type('Gavekortnummer', '6001100000000001');
      // Enter in the gift card fields applies the card, it does not pay.
      fireEvent.keyDown(screen.getByLabelText('PIN-kode'), { key: 'Enter' });
      expect(api.payLinkQuote).not.toHaveBeenCalled();
      const pin = screen.getByLabelText('PIN-kode');
      await waitFor(() => expect(document.activeElement).toBe(pin));
      expect(document.getElementById(pin.getAttribute('aria-describedby')!)?.textContent).toBe('Skal udfyldes.');

      type('PIN-kode', '9999');
      fireEvent.keyDown(pin, { key: 'Enter' });
      const number = screen.getByLabelText<HTMLInputElement>('Gavekortnummer');
      await waitFor(() => expect(document.activeElement).toBe(number));
      expect(number.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe('Gavekortoplysningerne passede ikke til noget gavekort.');
      expect(number.value).toBe('6001100000000001');
      expect(screen.getByLabelText<HTMLInputElement>('PIN-kode').value).toBe('9999');
      expect(screen.queryByText(/Gavekort, der slutter på/)).toBeNull();
      expect(screen.getByRole('button', { name: payButtonName })).toBeDefined();
      expect(api.payLinkPay).not.toHaveBeenCalled();
    });

    it('cards covering all hide the payment methods and pay without payment details; removing the card brings them back', async () => {
      const api = fakeApi([found()], [paid], [quoted(309_700, 0)]);
      await renderReady(api);
      type('Gavekortnummer', giftCard.number);
      type('PIN-kode', giftCard.pin);
      fireEvent.click(screen.getByRole('button', { name: 'Brug gavekort' }));
      expect(await screen.findByText('Gavekortene dækker hele beløbet – du skal ikke betale mere.')).toBeDefined();
      expect(screen.queryByRole('group', { name: 'Betalingsmåde' })).toBeNull();
      expect(screen.queryByLabelText('Kortnummer')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Fjern gavekortet, der slutter på 0001' }));
      expect(await screen.findByRole('group', { name: 'Betalingsmåde' })).toBeDefined();
      expect(screen.getByRole('button', { name: payButtonName })).toBeDefined();
      expect(api.payLinkQuote).toHaveBeenCalledTimes(1);

      type('Gavekortnummer', giftCard.number);
      type('PIN-kode', giftCard.pin);
      fireEvent.click(screen.getByRole('button', { name: 'Brug gavekort' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Betal med gavekort' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Tak for din betaling' })).toBeDefined();
      expect(api.payLinkPay).toHaveBeenCalledWith({ token: TOKEN, giftCards: [giftCard] });
    });

    it('a part paid by gift card in the store is shown, and the link asks only the rest', async () => {
      render(<PayByLink api={fakeApi([found({ ...order, giftCardAmount: 100_000, toPay: 209_700 })])} token={TOKEN} />);
      expect(await screen.findByRole('button', { name: `Betal ${formatDkk(209_700)}` })).toBeDefined();
      expect(screen.getByRole('row', { name: /Betalt med gavekort/ }).textContent).toContain(`−${formatDkk(100_000)}`);
      expect(screen.getByRole('row', { name: /At betale/ }).textContent).toContain(formatDkk(209_700));
    });
  });
});
