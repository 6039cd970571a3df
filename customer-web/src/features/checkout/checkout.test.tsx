import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, paymentFailureMessages, type CheckoutPlaceRequest, type CheckoutQuote, type CheckoutQuoteRequest, type DeliveryOption, type Order } from '@optik/shared';
import { CheckoutConfirmation } from './checkout-confirmation';
import { CheckoutPage, type CheckoutApi } from './checkout-page';
import type { PlacedOrder } from './checkout-state';

afterEach(cleanup);

type R<K extends keyof CheckoutApi> = Awaited<ReturnType<NonNullable<CheckoutApi[K]>>>;

const OPTIONS: DeliveryOption[] = [
  { id: 101, title: 'Levering til døren', description: 'PostNord, 1–3 hverdage', price: 4_900, freeFrom: 49_900, needs: 'address' },
  { id: 79, title: 'Afhentning i pakkeshop', description: 'PostNord, 1–3 hverdage', price: 3_900, freeFrom: 49_900, needs: 'collection-point' },
  { id: 112, title: 'Ekspreslevering', description: 'Næste hverdag', price: 9_900, freeFrom: null, needs: 'address' },
];
const GOODS = 40_000;

/** A fake of the API's quote rules: 10 % for VELKOMMEN10, 500 kr. on gift card …0001 PIN 1234, and a Friends discount when given. */
function quoteFor(body: CheckoutQuoteRequest, friendsDiscount = 0): R<'checkoutQuote'> {
  const code = body.discountCode?.toUpperCase();
  if (code && code !== 'VELKOMMEN10') return { ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { discountCode: 'Rabatkoden er ugyldig.' } } };
  for (const g of body.giftCards ?? []) if (g.pin !== '1234') return { ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { giftCards: 'Gavekortoplysningerne passede ikke til noget gavekort.' } } };
  const discount = code ? (GOODS - friendsDiscount) / 10 : 0;
  const option = OPTIONS.find((o) => o.id === body.deliveryMethodId);
  const shipping = option ? option.price : 0;
  const total = GOODS - friendsDiscount - discount + shipping;
  const cover = Math.min(total, (body.giftCards ?? []).length * 50_000);
  const data: CheckoutQuote = {
    lines: [{ skuId: 'sku-1', description: 'Ray-Ban Aviator, Guld', quantity: 1, unitPrice: GOODS, lineTotal: GOODS, subscriptionInterval: null }],
    goods: GOODS,
    discount,
    discountCode: code ?? null,
    friendsDiscount,
    shipping,
    total,
    vat: Math.round(total / 5),
    giftCardCover: cover,
    toPay: total - cover,
    pricesChanged: false,
  };
  return { ok: true, status: 200, data: { data } };
}

const order: Order = {
  id: 'o-1',
  orderNumber: 'O2600001',
  status: 'handled',
  paymentStatus: 'paid',
  deliveryMethodId: 101,
  pickupStoreId: null,
  customerId: null,
  prescriptionId: null,
  storeId: null,
  createdBy: 'web',
  lines: [{ articleId: 'a-1', skuId: 'sku-1', description: 'Ray-Ban Aviator, Guld', quantity: 1, unitPrice: GOODS, vat: 8_000, lineTotal: GOODS, subscriptionInterval: null, prescription: null, prescriptionGlasses: null }],
  shipping: 4_900,
  totalPrice: 44_900,
  createdAt: '2026-05-01T10:00:00.000Z',
  paidAt: '2026-05-01T10:00:00.000Z',
  paymentMethod: 'card',
  contact: { firstName: 'Karen', lastName: 'Sørensen', email: 'karen@example.dk', phone: '26272829' },
  deliveryAddress: { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' },
  collectionPointId: null,
  discount: 0,
  discountCode: null,
  giftCardAmount: 0,
};
const paid: R<'checkoutPlace'> = { ok: true, status: 200, data: { outcome: 'paid', order } };
const failed = (failureResult: 0 | 1 | 2 | 99): R<'checkoutPlace'> => ({ ok: true, status: 200, data: { outcome: 'failed', failureResult, message: paymentFailureMessages[failureResult] } });

function fakeApi(places: R<'checkoutPlace'>[] = [paid], friendsDiscount = 0) {
  let p = 0;
  return {
    deliveryOptions: vi.fn(async (): Promise<R<'deliveryOptions'>> => ({ ok: true, status: 200, data: { data: OPTIONS } })),
    collectionPoints: vi.fn(
      async (zip: string, _id: number): Promise<R<'collectionPoints'>> => ({
        ok: true,
        status: 200,
        data: { data: [{ id: 'pn-1', carrier: 'PostNord', name: 'Netto Frederiks Allé', street: 'Frederiks Allé 22', zip, city: 'Aarhus C', openingHours: 'Man–søn 8–22' }] },
      }),
    ),
    checkoutQuote: vi.fn(async (body: CheckoutQuoteRequest) => quoteFor(body, friendsDiscount)),
    checkoutPlace: vi.fn(async (_body: CheckoutPlaceRequest) => places[Math.min(p++, places.length - 1)]!),
    getStores: vi.fn(async (): Promise<R<'getStores'>> => ({ ok: true, status: 200, data: { data: [] } })),
  };
}

function renderCheckout(api = fakeApi(), signedIn = false) {
  const onPaid = vi.fn<(p: PlacedOrder) => void>();
  render(<CheckoutPage api={api} onPaid={onPaid} signedIn={signedIn} />);
  return { api, onPaid };
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const summary = () => screen.getByRole('region', { name: 'Din ordre' });
const payButton = () => screen.getByRole('button', { name: /^Betal/ });

async function fillValid() {
  await screen.findByRole('radio', { name: /Levering til døren/ });
  type('Fornavn', 'Karen');
  type('Efternavn', 'Sørensen');
  type('E-mail', 'karen@example.dk');
  type('Mobilnummer', '26272829');
  type(/^Postnummer/, '8000');
  type('Gade og husnummer', 'Søndergade 12');
  fireEvent.click(screen.getByRole('radio', { name: /Levering til døren/ }));
  await waitFor(() => expect(within(summary()).getByText('Fragt').nextElementSibling!.textContent).toBe(formatDkk(4_900)));
  type('Kortnummer', '4111 1111 1111 1111');
  type('Udløbsdato (MM/ÅÅ)', '12/30');
  type('Kontrolcifre (CVC)', '123');
  fireEvent.click(screen.getByRole('checkbox', { name: /accepterer/ }));
}

describe('checkout', () => {
  it('fills the city from the postcode', async () => {
    renderCheckout();
    type(/^Postnummer/, '8000');
    // The postcode list is fetched on the first postcode input.
    await waitFor(() => expect((screen.getByLabelText('By') as HTMLInputElement).value).toBe('Aarhus C'));
    type(/^Postnummer/, '3900');
    fireEvent.blur(screen.getByLabelText(/^Postnummer/));
    expect(await screen.findByText('Vi leverer ikke til dette postnummer.')).toBeDefined();
    expect(screen.getByLabelText(/^Postnummer/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows delivery prices from the API, free from the threshold', async () => {
    renderCheckout();
    expect((await screen.findByRole('radio', { name: /Levering til døren/ })).closest('label')!.textContent).toContain(formatDkk(4_900));
    expect(screen.getByRole('radio', { name: /Ekspreslevering/ }).closest('label')!.textContent).toContain(formatDkk(9_900));
  });

  it('needs a parcel shop for a collection-point option, listed by postcode', async () => {
    const { api } = renderCheckout();
    await fillValid();
    fireEvent.click(screen.getByRole('radio', { name: /Afhentning i pakkeshop/ }));
    const shops = await screen.findByRole('group', { name: 'Vælg pakkeshop' });
    expect(await within(shops).findByRole('radio', { name: /Netto Frederiks Allé/ })).toBeDefined();
    expect(api.collectionPoints).toHaveBeenCalledWith('8000', 79);
    fireEvent.click(payButton());
    expect(await within(shops).findByText('Vælg en pakkeshop.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(within(shops).getByRole('radio', { name: /Netto/ })));
    expect(api.checkoutPlace).not.toHaveBeenCalled();
    fireEvent.click(within(shops).getByRole('radio', { name: /Netto/ }));
    fireEvent.click(payButton());
    await waitFor(() => expect(api.checkoutPlace).toHaveBeenCalledWith(expect.objectContaining({ deliveryMethodId: 79, collectionPointId: 'pn-1' })));
  });

  it('applies a discount code and a gift card to the quote, and shows a refused code', async () => {
    const { api } = renderCheckout();
    await screen.findByText('Varer');
    type('Rabatkode', 'nej');
    fireEvent.click(screen.getByRole('button', { name: 'Anvend' }));
    expect(await screen.findByText('Rabatkoden er ugyldig.')).toBeDefined();
    expect(screen.getByLabelText('Rabatkode').getAttribute('aria-invalid')).toBe('true');

    type('Rabatkode', 'velkommen10');
    fireEvent.click(screen.getByRole('button', { name: 'Anvend' }));
    expect(await within(summary()).findByText('Rabat (VELKOMMEN10)')).toBeDefined();
    expect(within(summary()).getByText('Rabat (VELKOMMEN10)').nextElementSibling!.textContent).toBe(`−${formatDkk(4_000)}`);
    expect(screen.queryByText('Rabatkoden er ugyldig.')).toBeNull();

    type('Gavekortnummer', '6001100000000001');
    type('PIN-kode', '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Brug gavekort' }));
    // The DOM matcher folds the no-break space in the amount, hence the pattern.
    expect(await screen.findByText(/^Gavekort dækker 360,00\s+kr\.$/)).toBeDefined();
    expect(api.checkoutQuote).toHaveBeenLastCalledWith({ giftCards: [{ number: '6001100000000001', pin: '1234' }], discountCode: 'velkommen10' });
    // Covered in full: no payment method is asked for.
    expect(screen.getByText('Gavekortene dækker hele beløbet – du skal ikke betale mere.')).toBeDefined();
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    expect(payButton().textContent).toBe(`Betal ${formatDkk(0)}`);
  });

  it('checks the form with the shared schema before sending and focuses the first error', async () => {
    const { api } = renderCheckout();
    await screen.findByRole('radio', { name: /Levering til døren/ });
    type('E-mail', 'nope');
    fireEvent.click(payButton());
    // The schema is loaded on the first submit.
    expect(await screen.findByText('E-mail skal indeholde @ og et domæne.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Fornavn')));
    expect(api.checkoutPlace).not.toHaveBeenCalled();
    expect(screen.getByText('Vælg en leveringsmetode.')).toBeDefined();
    expect(screen.getByText('Du skal acceptere vilkårene.')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Ret de markerede felter, og prøv igen.');
  });

  it('shows the API field errors per field and keeps what was typed', async () => {
    const api = fakeApi([{ ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { 'address.street': 'Adressen er ikke korrekt.' } } }]);
    renderCheckout(api);
    await fillValid();
    fireEvent.click(payButton());
    const street = screen.getByLabelText('Gade og husnummer') as HTMLInputElement;
    await waitFor(() => expect(street.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(street.getAttribute('aria-describedby')!)!.textContent).toBe('Adressen er ikke korrekt.');
    // Focus moves in an effect after the errors render.
    await waitFor(() => expect(document.activeElement).toBe(street));
    expect(street.value).toBe('Søndergade 12');
    expect((screen.getByLabelText('Fornavn') as HTMLInputElement).value).toBe('Karen');
  });

  it('declined (0) says so and lets the customer try again; Klarna result 1 asks for the CPR number', async () => {
    const api = fakeApi([failed(0), failed(1), paid]);
    const { onPaid } = renderCheckout(api);
    await fillValid();
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toContain(paymentFailureMessages[0]);
    fireEvent.click(screen.getByRole('radio', { name: /Klarna/ }));
    expect(screen.queryByLabelText('CPR-nummer')).toBeNull();
    fireEvent.click(payButton());
    const cpr = await screen.findByLabelText('CPR-nummer');
    await waitFor(() => expect(document.activeElement).toBe(cpr));
    expect(screen.getByRole('alert').textContent).toBe(paymentFailureMessages[1]);
    fireEvent.change(cpr, { target: { value: '070761-4285' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ order, email: 'karen@example.dk' }));
    expect(api.checkoutPlace).toHaveBeenLastCalledWith(expect.objectContaining({ payment: { method: 'klarna', ssn: '070761-4285' } }));
  });

  it('says a declined card once (issue 16 item 4)', async () => {
    renderCheckout(fakeApi([failed(0)]));
    await fillValid();
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(paymentFailureMessages[0]));
    expect(screen.getAllByText(/Prøv et andet kort/)).toHaveLength(1);
  });

  it('an error goes as soon as its field is fixed: expiry, e-mail and street, on change; a blur updates a still wrong one (issue 16 item 4)', async () => {
    const { api } = renderCheckout();
    await fillValid();
    type('Udløbsdato (MM/ÅÅ)', '1228');
    type('Udløbsdato (MM/ÅÅ)', '13/28');
    type('E-mail', 'nope');
    type('Gade og husnummer', '');
    fireEvent.click(payButton());
    const expiry = screen.getByLabelText('Udløbsdato (MM/ÅÅ)');
    expect(await screen.findByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('E-mail skal indeholde @ og et domæne.')).toBeDefined();
    const street = screen.getByLabelText('Gade og husnummer');
    expect(street.getAttribute('aria-invalid')).toBe('true');

    type('Udløbsdato (MM/ÅÅ)', '12/28');
    await waitFor(() => expect(screen.queryByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeNull());
    expect(expiry.getAttribute('aria-invalid')).toBeNull();
    expect(expiry.getAttribute('aria-describedby')).toBeNull();

    // Still wrong while typing: the error stays.
    type('E-mail', 'karen@');
    fireEvent.blur(screen.getByLabelText('E-mail'));
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    type('E-mail', 'karen@example.dk');
    await waitFor(() => expect(screen.queryByText('E-mail skal indeholde @ og et domæne.')).toBeNull());

    type('Gade og husnummer', 'Søndergade 12');
    await waitFor(() => expect(street.getAttribute('aria-invalid')).toBeNull());
    expect(api.checkoutPlace).not.toHaveBeenCalled();
    fireEvent.click(payButton());
    await waitFor(() => expect(api.checkoutPlace).toHaveBeenCalledWith(expect.objectContaining({ payment: expect.objectContaining({ expiry: '12/28' }) })));
  });

  it('bank approval (2) resends with validated; an expired payment (99) starts over', async () => {
    const api = fakeApi([failed(2), failed(99)]);
    renderCheckout(api);
    await fillValid();
    fireEvent.click(payButton());
    const approve = await screen.findByRole('checkbox', { name: 'Jeg har godkendt betalingen i min bank-app' });
    fireEvent.click(approve);
    fireEvent.click(payButton());
    await waitFor(() => expect(api.checkoutPlace).toHaveBeenCalledTimes(2));
    expect(api.checkoutPlace).toHaveBeenLastCalledWith(expect.objectContaining({ payment: expect.objectContaining({ validated: true }) }));
    expect(await screen.findByText(new RegExp(paymentFailureMessages[99]))).toBeDefined();
    expect((screen.getByLabelText('Kortnummer') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Fornavn') as HTMLInputElement).value).toBe('Karen');
  });

  it('success goes to a confirmation with order number, lines, total and the e-mail', async () => {
    const { onPaid } = renderCheckout();
    await fillValid();
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    cleanup();
    render(<CheckoutConfirmation placed={onPaid.mock.calls[0]![0]} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Tak for din ordre' }));
    expect(screen.getByText('O2600001')).toBeDefined();
    expect(screen.getByText('Ray-Ban Aviator, Guld')).toBeDefined();
    expect(screen.getByText('I alt').nextElementSibling!.textContent).toBe(formatDkk(44_900));
    expect(screen.getByText('Vi har sendt en bekræftelse til karen@example.dk')).toBeDefined();
    expect(screen.queryByText('Friends-rabat')).toBeNull();
  });

  it('shows a member’s Friends discount as its own line in the summary, in the total and to pay, and on the confirmation', async () => {
    const half = GOODS / 2;
    const withFriends: Order = { ...order, lines: [{ ...order.lines[0]!, friendsDiscount: half, vat: 4_000 }], friendsDiscount: half, totalPrice: GOODS - half + 4_900 };
    const { onPaid } = renderCheckout(fakeApi([{ ok: true, status: 200, data: { outcome: 'paid', order: withFriends } }], half));
    const row = await within(summary()).findByText('Friends-rabat');
    expect(row.nextElementSibling!.textContent).toBe(`−${formatDkk(half)}`);
    expect(within(summary()).getByText('Varer').nextElementSibling!.textContent).toBe(formatDkk(GOODS));
    expect(within(summary()).getByText('I alt').nextElementSibling!.textContent).toBe(formatDkk(GOODS - half));
    expect(within(summary()).getByText('Heraf moms').nextElementSibling!.textContent).toBe(formatDkk(Math.round((GOODS - half) / 5)));
    await fillValid();
    expect(within(summary()).getByText('At betale').nextElementSibling!.textContent).toBe(formatDkk(GOODS - half + 4_900));
    expect(payButton().textContent).toBe(`Betal ${formatDkk(GOODS - half + 4_900)}`);
    fireEvent.click(payButton());
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    cleanup();
    render(<CheckoutConfirmation placed={onPaid.mock.calls[0]![0]} />);
    expect(screen.getByRole('rowheader', { name: 'Friends-rabat' }).nextElementSibling!.textContent).toBe(`−${formatDkk(half)}`);
    expect(screen.getByText('I alt').nextElementSibling!.textContent).toBe(formatDkk(GOODS - half + 4_900));
  });
});

describe('checkout prefill for a signed-in customer', () => {
  const details = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050', street: 'Søndergade 12, 2. tv.', zip: '8000', city: 'Aarhus C', hasPassword: true, eidLinked: false };
  /** The account answer arrives when the test says so, as a slow network would deliver it. */
  function withAccount(answer: { ok: true; status: 200; data: { data: typeof details } } | { ok: false; status: 401; error: { code: 'unauthenticated'; message: string } }) {
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    const get = vi.fn(async () => {
      await arrived;
      return answer;
    });
    return { api: { ...fakeApi(), get: get as unknown as NonNullable<CheckoutApi['get']> }, get, release };
  }
  const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('fills contact and address from /api/account/details without overwriting what the shopper typed', async () => {
    const { api, get, release } = withAccount({ ok: true, status: 200, data: { data: details } });
    renderCheckout(api, true);
    await screen.findByRole('radio', { name: /Levering til døren/ });
    // Typed before the account answered.
    type('Fornavn', 'Mette Marie');
    type('Mobilnummer', '30405060');
    release();
    await waitFor(() => expect(value('E-mail')).toBe('kunde@example.dk'));
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/account/details');
    expect(value('Fornavn')).toBe('Mette Marie');
    expect(value('Efternavn')).toBe('Jensen');
    expect(value('Mobilnummer')).toBe('30405060');
    expect(value(/^Postnummer/)).toBe('8000');
    expect(value('By')).toBe('Aarhus C');
    expect(value('Gade og husnummer')).toBe('Søndergade 12, 2. tv.');
  });

  it('leaves the address alone once the shopper started typing one', async () => {
    const { api, release } = withAccount({ ok: true, status: 200, data: { data: details } });
    renderCheckout(api, true);
    await screen.findByRole('radio', { name: /Levering til døren/ });
    type(/^Postnummer/, '5000');
    release();
    await waitFor(() => expect(value('Fornavn')).toBe('Mette'));
    expect(value(/^Postnummer/)).toBe('5000');
    await waitFor(() => expect(value('By')).toBe('Odense C'));
    expect(value('Gade og husnummer')).toBe('');
  });

  it('fills nothing when the account answers no (e.g. the session just expired)', async () => {
    const { api, get, release } = withAccount({ ok: false, status: 401, error: { code: 'unauthenticated', message: 'Du skal være logget ind.' } });
    renderCheckout(api, true);
    release();
    await waitFor(() => expect(get).toHaveBeenCalled());
    await screen.findByRole('radio', { name: /Levering til døren/ });
    expect(value('Fornavn')).toBe('');
    expect(value('E-mail')).toBe('');
    expect(value(/^Postnummer/)).toBe('');
  });

  it('does not ask for account details for a visitor', async () => {
    const { api, get, release } = withAccount({ ok: true, status: 200, data: { data: details } });
    renderCheckout(api, false);
    release();
    await screen.findByRole('radio', { name: /Levering til døren/ });
    await within(summary()).findByText('Varer');
    expect(get).not.toHaveBeenCalled();
    expect(value('Fornavn')).toBe('');
    expect(value(/^Postnummer/)).toBe('');
  });
});
