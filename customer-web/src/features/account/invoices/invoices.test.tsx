import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, paymentFailureMessages, type InvoicePayResponse, type MyInvoice } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import type { InvoicesApi } from './invoices-api';
import { matchesPath } from './invoices-api';
import { InvoiceList } from './invoices-page';
import { im } from './messages';
import { PaymentMethodForm } from './method-form';
import { InvoicePayForm } from './pay-form';

afterEach(cleanup);

const invoice: MyInvoice = {
  id: 'inv-1',
  customerId: 'u-kunde',
  subscriptionId: null,
  ocrNumber: '0000002600001028',
  originalAmountDue: 62_500,
  amountLeft: 62_500,
  createdAt: '2026-10-13T08:00:00.000Z',
  dueDate: '2026-10-27',
  paymentMethod: 'invoice',
  paymentStatus: 'not-paid',
  kind: 'pdf',
  lines: [{ description: 'Delbetaling af briller – rate 2 af 4', amount: 62_500, vat: 12_500 }],
  payable: true,
  overdue: true,
  canChangeMethod: true,
};
const paidInvoice: MyInvoice = { ...invoice, amountLeft: 0, paymentStatus: 'paid', payable: false, overdue: false, canChangeMethod: false };

/** A fake client answering each POST with the next answer. */
function fakeApi(answers: ApiResult<unknown>[], get?: ApiResult<unknown>) {
  let n = 0;
  const post = vi.fn(async (_schema: unknown, _path: string, _body?: unknown) => answers[n++]!);
  return { api: { get: vi.fn(async () => get), post } as unknown as InvoicesApi, post };
}
const ok = (data: unknown): ApiResult<unknown> => ({ ok: true, status: 200, data });
const failed = (r: 0 | 1 | 2 | 99): InvoicePayResponse => ({ outcome: 'failed', failureResult: r, message: paymentFailureMessages[r] });

function fillCard(number: string) {
  fireEvent.change(screen.getByLabelText('Kortnummer'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Udløbsdato (MM/ÅÅ)'), { target: { value: '12/29' } });
  fireEvent.change(screen.getByLabelText('Kontrolcifre (CVC)'), { target: { value: '123' } });
}

describe('InvoicePayForm', () => {
  it('tells a declined card apart, keeps the entries, then pays with another card', async () => {
    const onPaid = vi.fn();
    const { api, post } = fakeApi([ok(failed(0)), ok({ outcome: 'paid', amount: 62_500, invoice: paidInvoice })]);
    render(<InvoicePayForm api={api} invoice={invoice} onPaid={onPaid} />);
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(62_500)}` }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(paymentFailureMessages[0]));
    expect((screen.getByLabelText('Kortnummer') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    fillCard('4111 1111 1111 1111');
    fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(62_500)}` }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paidInvoice, 62_500));
    expect(post).toHaveBeenLastCalledWith(expect.anything(), '/api/account/invoices/inv-1/pay', { payment: { method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/29', cvc: '123' } });
  });

  it('asks for the CPR number when Klarna needs it and puts focus there', async () => {
    const { api } = fakeApi([ok(failed(1))]);
    render(<InvoicePayForm api={api} invoice={invoice} onPaid={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: /Klarna/ }));
    fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(62_500)}` }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('CPR-nummer')));
    expect(screen.getByRole('alert').textContent).toBe(paymentFailureMessages[1]);
  });

  it('shows field errors without calling the API', async () => {
    const { api, post } = fakeApi([]);
    render(<InvoicePayForm api={api} invoice={invoice} onPaid={vi.fn()} />);
    fillCard('1234');
    fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(62_500)}` }));
    await waitFor(() => expect(screen.getByLabelText('Kortnummer').getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Kortnummer')));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('PaymentMethodForm', () => {
  it("shows 'Opdateret' when the change is saved", async () => {
    const onChanged = vi.fn();
    const changed = { ...invoice, paymentMethod: 'e-invoice' as const };
    const { api, post } = fakeApi([ok({ result: 'updated', message: 'Betalingsmetoden er ændret til e-faktura.', method: 'e-invoice', invoice: changed })]);
    render(<PaymentMethodForm api={api} invoice={invoice} onChanged={onChanged} />);
    expect(screen.getByRole('radio', { name: 'Faktura (nuværende)' })).toBeDefined();
    fireEvent.click(screen.getByRole('radio', { name: 'E-faktura' }));
    fireEvent.click(screen.getByRole('button', { name: im.saveMethod }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('OpdateretBetalingsmetoden er ændret til e-faktura.');
    // Focus moves to the result once it is shown (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(post).toHaveBeenCalledWith(expect.anything(), '/api/account/invoices/inv-1/payment-method', { method: 'e-invoice' });
    expect(onChanged).toHaveBeenCalledWith(changed);
  });

  it("shows 'Opdatering annulleret' when the bank declines the card, and when the customer cancels", async () => {
    const onChanged = vi.fn();
    const { api } = fakeApi([ok({ result: 'update-cancelled', message: 'Opdateringen blev annulleret: kortet blev afvist.', failureResult: 0, method: 'invoice', invoice })]);
    render(<PaymentMethodForm api={api} invoice={invoice} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: im.saveMethod }));
    expect(await screen.findByText(im.chooseMethod)).toBeDefined();
    fireEvent.click(screen.getByRole('radio', { name: 'Betalingskort' }));
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: im.saveMethod }));
    expect((await screen.findByRole('status')).textContent).toBe('Opdatering annulleretOpdateringen blev annulleret: kortet blev afvist.');
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: im.cancel }));
    expect(screen.getByRole('status').textContent).toBe(`Opdatering annulleret${im.cancelledByYou}`);
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
  });
});

describe('the one payment form in the invoice forms (issue 16 items 4 and 8)', () => {
  it('paying: an error goes as soon as its field is fixed', async () => {
    const { api, post } = fakeApi([ok({ outcome: 'paid', amount: 62_500, invoice: paidInvoice })]);
    render(<InvoicePayForm api={api} invoice={invoice} onPaid={vi.fn()} />);
    fillCard('4111 1111 1111 1111');
    fireEvent.change(screen.getByLabelText('Udløbsdato (MM/ÅÅ)'), { target: { value: '1328' } });
    fireEvent.click(screen.getByRole('button', { name: `Betal ${formatDkk(62_500)}` }));
    expect(await screen.findByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Udløbsdato (MM/ÅÅ)'), { target: { value: '12/28' } });
    await waitFor(() => expect(screen.queryByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeNull());
    expect(screen.getByLabelText('Udløbsdato (MM/ÅÅ)').getAttribute('aria-invalid')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('changing to a card: card fields only (no method choice of their own), and an error goes as soon as its field is fixed', async () => {
    const { api, post } = fakeApi([]);
    render(<PaymentMethodForm api={api} invoice={invoice} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Betalingskort' }));
    expect(screen.queryByRole('radio', { name: 'MobilePay' })).toBeNull();
    fillCard('4111 1111 1111 1112');
    fireEvent.click(screen.getByRole('button', { name: im.saveMethod }));
    expect(await screen.findByText('Kortnummeret er ikke gyldigt. Tjek cifrene.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Kortnummer')));
    fireEvent.change(screen.getByLabelText('Kortnummer'), { target: { value: '4111 1111 1111 1111' } });
    await waitFor(() => expect(screen.queryByText('Kortnummeret er ikke gyldigt. Tjek cifrene.')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });
});

describe('InvoiceList', () => {
  it('lists invoices to pay apart from the settled ones, with overdue marked and the saved card', async () => {
    const { api } = fakeApi([], ok({ data: [invoice, { ...paidInvoice, id: 'inv-0', ocrNumber: '0000002600001010' }], card: { last4: '1111' } }));
    render(<InvoiceList api={api} />);
    const open = await screen.findByRole('table', { name: im.openCaption });
    expect(within(open).getByText(im.overdue)).toBeDefined();
    expect(within(open).getByRole('link', { name: `Betal faktura ${invoice.ocrNumber}` }).getAttribute('href')).toBe('/min-konto/betaling-fakturaer/inv-1/0');
    expect(within(open).getByRole('link', { name: `OCR ${invoice.ocrNumber}` }).getAttribute('href')).toBe('/min-konto/betaling-fakturaer/pdf/inv/inv-1/0');
    const settled = screen.getByRole('table', { name: im.settledCaption });
    expect(within(settled).getByText('Betalt')).toBeDefined();
    expect(screen.getByText('Gemt betalingskort: •••• 1111')).toBeDefined();
  });

  it("accepts an invoice route only with the invoice's own subscription and finance type", () => {
    expect(matchesPath(invoice, '0')).toBe(true);
    expect(matchesPath(invoice, '0', 'pdf')).toBe(true);
    expect(matchesPath(invoice, 'sub-1')).toBe(false);
    expect(matchesPath(invoice, '0', 'paper')).toBe(false);
    expect(matchesPath({ ...invoice, subscriptionId: 'sub-1' }, 'sub-1')).toBe(true);
  });
});
