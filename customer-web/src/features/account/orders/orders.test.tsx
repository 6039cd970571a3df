import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, type MyOrder, type MyOrderLine, type OrderReturn } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { om } from './messages';
import { OrderDetails } from './order-page';
import type { OrdersApi } from './orders-api';
import { refundPreview, ReturnForm } from './return-page';

afterEach(cleanup);

const line = (over: Partial<MyOrderLine>): MyOrderLine => ({
  index: 0,
  articleId: 'a-1',
  skuId: 'sku-1',
  description: 'Ray-Ban Aviator, Guld',
  quantity: 1,
  unitPrice: 120_000,
  lineTotal: 120_000,
  vat: 24_000,
  subscriptionInterval: null,
  returnedQuantity: 0,
  pendingReturnQuantity: 0,
  withdrawalDays: 90,
  withdrawalDeadline: '2027-01-30',
  lensKind: null,
  monthsLeft: null,
  returnable: { maxQuantity: 1, unitRefund: 120_000, openedUnitRefund: null },
  notReturnableReason: null,
  ...over,
});

const order: MyOrder = {
  id: 'o-1',
  orderNumber: 'O2500102',
  status: 'delivered',
  displayStatus: 'Delivered',
  createdAt: '2026-10-05T10:00:00.000Z',
  deliveredAt: '2026-10-08T14:00:00.000Z',
  deliveryMethodId: 79,
  shipmentMethod: 'Afhentning i pakkeshop',
  totalPrice: 218_000,
  paymentStatus: 'paid',
  paymentMethod: 'mobilepay',
  paidAt: '2026-10-05T10:00:00.000Z',
  lines: [
    line({ index: 0, description: 'Lindberg Spirit, 52', withdrawalDays: 30, withdrawalDeadline: '2026-11-07', returnable: null, notReturnableReason: 'Fortrydelsesfristen udløb 7. november 2026.' }),
    line({ index: 1 }),
    line({ index: 2, description: 'Air Optix plus HydraGlyde (6 stk.), 6 stk.', quantity: 2, unitPrice: 37_900, lineTotal: 75_800, lensKind: 'monthly', monthsLeft: 5, returnable: { maxQuantity: 2, unitRefund: 37_900, openedUnitRefund: 31_583 } }),
  ],
  shipping: 3_900,
  discount: 0,
  friendsDiscount: 0,
  giftCardAmount: 0,
  vat: 43_600,
  deliveryAddress: { street: 'Vestergade 14', zip: '8000', city: 'Aarhus C' },
  returns: [],
  shippingRefundable: 3_900,
};

const created: OrderReturn = {
  id: 'r-1',
  returnNumber: 'R500001',
  orderId: 'o-1',
  orderNumber: 'O2500102',
  customerId: 'u-kunde',
  status: 'pending',
  reason: 'does-not-fit',
  comment: '',
  lines: [{ lineIndex: 1, description: 'Ray-Ban Aviator, Guld', quantity: 1, opened: false, monthsLeft: null, refund: 120_000 }],
  shippingRefund: 0,
  refundTotal: 120_000,
  refundMethod: 'mobilepay',
  label: { code: 'RR000500001DK', status: 'sent' },
  createdAt: '2026-11-22T10:00:00.000Z',
  confirmedAt: null,
  refundedAt: null,
  refundTransactionId: null,
};

function fakeApi(answer: ApiResult<unknown>) {
  const post = vi.fn(async (_schema: unknown, _path: string, _body?: unknown) => answer);
  return { api: { get: vi.fn(), post } as unknown as OrdersApi, post };
}

describe('ReturnForm', () => {
  it('shows what cannot be returned and why, and sums what the chosen items bring back', () => {
    const { api } = fakeApi({ ok: true, status: 201, data: { data: created } });
    render(<ReturnForm api={api} order={order} email="kunde@example.dk" />);
    expect(screen.getByText('Kan ikke returneres: Fortrydelsesfristen udløb 7. november 2026.')).toBeDefined();
    expect(screen.queryByRole('checkbox', { name: 'Returnér Lindberg Spirit, 52' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Returnér Air Optix plus HydraGlyde (6 stk.), 6 stk.' }));
    fireEvent.change(screen.getByLabelText('Antal'), { target: { value: '2' } });
    expect(document.querySelector('.return-total')!.textContent).toBe(formatDkk(75_800));
    // An opened box of monthly lenses: the price of the five months left.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Æsken er åbnet' }));
    expect(document.querySelector('.return-total')!.textContent).toBe(formatDkk(63_166));
    expect(screen.getByText(/de 5 hele måneder/)).toBeDefined();
  });

  it('tells that a part paid with gift cards goes back onto them', () => {
    const { api } = fakeApi({ ok: true, status: 201, data: { data: created } });
    render(<ReturnForm api={api} order={{ ...order, paymentMethod: 'card', giftCards: [{ last4: '0005', amount: 10_000 }] }} email="kunde@example.dk" />);
    expect(screen.getByText('Beløbet sendes tilbage, som du betalte: først til dit betalingskort og resten på gavekort •••• 0005, når vi har modtaget varerne.')).toBeDefined();
    cleanup();
    render(<ReturnForm api={api} order={{ ...order, paymentMethod: null, giftCards: [{ last4: '0002', amount: 218_000 }] }} email="kunde@example.dk" />);
    expect(screen.getByText('Beløbet sættes tilbage på gavekort •••• 0002, når vi har modtaget varerne.')).toBeDefined();
  });

  it('checks the choice and the reason before sending, keeping what was entered', async () => {
    const { api, post } = fakeApi({ ok: true, status: 201, data: { data: created } });
    render(<ReturnForm api={api} order={order} email="kunde@example.dk" />);
    fireEvent.click(screen.getByRole('button', { name: om.submit }));
    expect(await screen.findByText(om.nothingChosen)).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(om.fixFields);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Returnér Ray-Ban Aviator, Guld' }));
    fireEvent.click(screen.getByRole('radio', { name: om.reasons.other }));
    fireEvent.click(screen.getByRole('button', { name: om.submit }));
    expect(await screen.findByText('Fortæl kort, hvorfor du returnerer varen.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(om.commentLabel)));
    expect((screen.getByRole('checkbox', { name: 'Returnér Ray-Ban Aviator, Guld' }) as HTMLInputElement).checked).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the chosen lines and shows the return number, the label code and how to send the parcel', async () => {
    const { api, post } = fakeApi({ ok: true, status: 201, data: { data: created } });
    render(<ReturnForm api={api} order={order} email="kunde@example.dk" />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Returnér Ray-Ban Aviator, Guld' }));
    fireEvent.click(screen.getByRole('radio', { name: om.reasons['does-not-fit'] }));
    fireEvent.click(screen.getByRole('button', { name: om.submit }));
    const heading = await screen.findByRole('heading', { name: om.doneTitle });
    expect(post).toHaveBeenCalledWith(expect.anything(), '/api/account/orders/o-1/returns', { lines: [{ lineIndex: 1, quantity: 1, opened: false }], reason: 'does-not-fit', comment: '' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe(om.doneBody('R500001', 'kunde@example.dk'));
    expect(screen.getByText('RR000500001DK')).toBeDefined();
    expect(screen.getByText(/Skriv returnummeret R500001/)).toBeDefined();
  });

  it("shows the API's refusal at the line it concerns", async () => {
    const { api } = fakeApi({ ok: false, status: 422, error: { code: 'unprocessable', message: 'Returneringen kan ikke oprettes. Se beskederne ved varerne.', fields: { 'lines.0.quantity': 'Fortrydelsesfristen udløb 1. december 2026.' } } });
    render(<ReturnForm api={api} order={order} email={null} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Returnér Ray-Ban Aviator, Guld' }));
    fireEvent.click(screen.getByRole('radio', { name: om.reasons['changed-mind'] }));
    fireEvent.click(screen.getByRole('button', { name: om.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Returneringen kan ikke oprettes. Se beskederne ved varerne.'));
    const box = screen.getByRole('checkbox', { name: 'Returnér Ray-Ban Aviator, Guld' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Fortrydelsesfristen udløb 1. december 2026.').id).toBe(box.getAttribute('aria-describedby')!.split(' ')[1]);
  });
});

describe('refundPreview', () => {
  it('adds the delivery charge only when the whole order comes back', () => {
    const all = { ...order, lines: order.lines.slice(1) };
    expect(refundPreview(all, { 1: { selected: true, quantity: 1, opened: false }, 2: { selected: true, quantity: 2, opened: false } })).toEqual({ amount: 120_000 + 75_800 + 3_900, shipping: 3_900 });
    expect(refundPreview(all, { 1: { selected: true, quantity: 1, opened: false }, 2: { selected: true, quantity: 1, opened: false } })).toEqual({ amount: 120_000 + 37_900, shipping: 0 });
  });
});

describe('OrderDetails', () => {
  it('shows statuses, shipment method, prices, per-line withdrawal and the returns', () => {
    render(<OrderDetails order={{ ...order, returns: [{ ...created, status: 'confirmed', confirmedAt: '2026-11-25T10:00:00.000Z', refundedAt: '2026-11-25T10:00:00.000Z' }] }} />);
    expect(screen.getByText('Afhentning i pakkeshop')).toBeDefined();
    const rows = screen.getAllByRole('row');
    const aviator = rows.find((r) => within(r).queryByRole('rowheader', { name: 'Ray-Ban Aviator, Guld' }))!;
    expect(within(aviator).getByText('90 dage – til og med 30. januar 2027')).toBeDefined();
    expect(screen.getByText('Fortrydelsesfristen udløb 7. november 2026.')).toBeDefined();
    expect(screen.getByRole('heading', { name: /Returnering R500001 Bekræftet/ })).toBeDefined();
    expect(screen.getByText('Pengene blev sendt tilbage 25. november 2026.')).toBeDefined();
    expect(screen.getByRole('link', { name: om.returnLink }).getAttribute('href')).toBe('/min-konto/ordrer/o-1/returnering');
    expect(screen.queryByRole('rowheader', { name: om.friendsDiscount })).toBeNull();
  });

  it('says how much goes back to the card and how much onto each gift card, by its last four digits', () => {
    const split = { ...created, refundMethod: 'card' as const, methodRefund: 20_000, giftCardRefunds: [{ last4: '0005', amount: 10_000 }], refundTotal: 30_000 };
    render(<OrderDetails order={{ ...order, paymentMethod: 'card', giftCardAmount: 10_000, giftCards: [{ last4: '0005', amount: 10_000 }], returns: [split] }} />);
    expect(document.querySelector('.return-card strong')!.textContent).toBe(`${formatDkk(20_000)} tilbage til dit betalingskort og ${formatDkk(10_000)} på gavekort •••• 0005`);
    expect(screen.getByRole('rowheader', { name: 'Betalt med gavekort •••• 0005' }).nextElementSibling!.textContent).toBe(formatDkk(10_000));
  });

  it('shows the Friends discount under the lines when the order had one', () => {
    render(<OrderDetails order={{ ...order, friendsDiscount: 60_000, totalPrice: 158_000 }} />);
    expect(screen.getByRole('rowheader', { name: 'Friends-rabat' }).nextElementSibling!.textContent).toBe(formatDkk(-60_000));
    expect(screen.getByRole('rowheader', { name: om.total }).nextElementSibling!.textContent).toBe(formatDkk(158_000));
  });
});
