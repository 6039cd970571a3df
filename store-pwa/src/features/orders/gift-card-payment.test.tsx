import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, type StaffGiftCardPayment } from '@optik/shared';
import type { LocalCustomer, LocalOrder } from '../../db/db';

const staffOrders = vi.fn(async () => ({ ok: true as const, status: 200, data: { data: [] } }));
vi.mock('../../api', () => ({ api: { staffOrders }, payGiftCardAtCounter: vi.fn() }));
const { db } = await import('../../services');
const { GiftCardPayment } = await import('./gift-card-payment');
const { OrderList } = await import('./order-list');

type PayResult = Awaited<ReturnType<typeof import('../../api').payGiftCardAtCounter>>;

const order: LocalOrder = {
  id: '9b2f6a3e-8f61-4c5e-9d53-4a4f0a7d1c11',
  customerId: 'c1',
  orderNumber: 'O2600001',
  lines: [{ skuId: 's1', description: 'Stel', quantity: 1, subscriptionInterval: null, unitPrice: 100_000 }],
  deliveryMethodId: 119,
  totalPrice: 100_000,
  paymentStatus: 'awaiting-payment',
  paidAt: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  syncState: 'synced',
};
const customer: LocalCustomer = {
  id: 'c1', customerNumber: 'K100001', firstName: 'Karen', lastName: 'Sørensen', email: null, phone: '26272829', street: 'Søndergade 12', zip: '8000', city: 'Aarhus C',
  birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, cprMasked: null, syncState: 'synced',
} as LocalCustomer;

const answer = (patch: Partial<StaffGiftCardPayment>): PayResult => ({
  ok: true,
  status: 200,
  data: { data: { orderId: order.id, used: 10_000, cardBalance: 0, giftCardAmount: 10_000, toPay: 90_000, paymentStatus: 'awaiting-payment', paidAt: null, ...patch } },
});
const refused = (status: number, message: string, fields?: Record<string, string>): PayResult => ({ ok: false, status, error: { code: status === 409 ? 'conflict' : 'validation_failed', message, ...(fields ? { fields } : {}) } });

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.orders.add(order);
});
afterEach(cleanup);

function setup(results: PayResult[], opts: { online?: boolean; order?: LocalOrder } = {}) {
  let n = 0;
  const pay = vi.fn(async () => results[Math.min(n++, results.length - 1)]!);
  render(<GiftCardPayment order={opts.order ?? order} pay={pay} online={() => opts.online ?? true} />);
  fireEvent.click(screen.getByRole('button', { name: 'Betal med gavekort for O2600001' }));
  return pay;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Træk på gavekortet' }));

describe('GiftCardPayment (the store counter)', () => {
  it('offline: says a gift card needs the network, keeps what was typed and sends nothing', async () => {
    const pay = setup([answer({})], { online: false });
    expect(screen.getByRole('form', { name: 'Gavekort til O2600001' })).toBeDefined();
    type('Gavekortnummer', '6001 1000 0000 0005');
    type('PIN-kode', '2468');
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Gavekort kræver forbindelse til serveren/);
    expect(screen.getByLabelText<HTMLInputElement>('Gavekortnummer').value).toBe('6001 1000 0000 0005');
    expect(screen.getByLabelText<HTMLInputElement>('PIN-kode').value).toBe('2468');
    expect(pay).not.toHaveBeenCalled();
  });

  it('an order not yet on the server: says so and sends nothing', async () => {
    const pay = setup([answer({})], { order: { ...order, syncState: 'pending' } });
    type('Gavekortnummer', '6001100000000005');
    type('PIN-kode', '2468');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Ordren er ikke sendt til serveren endnu. Synkronisér først, og prøv så igen – det indtastede er bevaret.');
    expect(pay).not.toHaveBeenCalled();
  });

  it('checks number and PIN with the shared schema first and focuses the field', async () => {
    const pay = setup([answer({})]);
    type('Gavekortnummer', '6001100000000005');
    submit();
    const pin = screen.getByLabelText('PIN-kode');
    await waitFor(() => expect(document.activeElement).toBe(pin));
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(pin.getAttribute('aria-describedby')!)?.textContent).toBe('Skal udfyldes.');
    expect(pay).not.toHaveBeenCalled();
  });

  it('a wrong PIN shows the SPEC §8 message and keeps what was typed; the right one takes part and leaves the rest for a link', async () => {
    const pay = setup([refused(400, 'Ret fejlene, og prøv igen.', { giftCards: 'Gavekortoplysningerne passede ikke til noget gavekort.' }), answer({})]);
    type('Gavekortnummer', '6001100000000005');
    type('PIN-kode', '1111');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Gavekortoplysningerne passede ikke til noget gavekort.');
    expect(screen.getByLabelText<HTMLInputElement>('PIN-kode').value).toBe('1111');
    expect((await db.orders.get(order.id))!.giftCardAmount).toBeUndefined();

    type('PIN-kode', '2468');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(`Gavekortet dækkede ${formatDkk(10_000)} Rest at betale: ${formatDkk(90_000)} – send et betalingslink til resten.`);
    expect(pay).toHaveBeenLastCalledWith(order.id, { number: '6001100000000005', pin: '2468' });
    expect(await db.orders.get(order.id)).toMatchObject({ giftCardAmount: 10_000, paymentStatus: 'awaiting-payment' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a card covering all turns the order paid on the device', async () => {
    setup([answer({ used: 100_000, cardBalance: 150_000, giftCardAmount: 100_000, toPay: 0, paymentStatus: 'paid', paidAt: '2026-11-22T10:00:00.000Z' })]);
    type('Gavekortnummer', '6001100000000002');
    type('PIN-kode', '5678');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(`Ordren er betalt med gavekort (${formatDkk(100_000)}).`);
    expect(await db.orders.get(order.id)).toMatchObject({ giftCardAmount: 100_000, paymentStatus: 'paid', paidAt: '2026-11-22T10:00:00.000Z' });
  });

  it("the network dropping on the way is the offline message; a refusal (already paid) shows the server's message and refreshes the device's orders", async () => {
    setup([refused(0, 'Noget gik galt. Prøv igen.'), refused(409, 'Ordren er allerede betalt.')]);
    type('Gavekortnummer', '6001100000000005');
    type('PIN-kode', '2468');
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Gavekort kræver forbindelse/);
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ordren er allerede betalt.'));
    await waitFor(() => expect(staffOrders).toHaveBeenCalled());
  });
});

const spaced = (s: string) => s.replace(/\s+/g, ' ');

describe('OrderList with gift cards', () => {
  it('shows the gift card part and the rest of an unpaid order, and offers the counter only while unpaid', async () => {
    const partly = { ...order, giftCardAmount: 10_000 };
    const { rerender } = render(<OrderList customer={customer} orders={[partly]} />);
    // getByText compares with collapsed whitespace (formatDkk has a no-break space).
    expect(screen.getByText(spaced(`Betalt med gavekort: ${formatDkk(10_000)} · Rest at betale: ${formatDkk(90_000)}`))).toBeDefined();
    expect(screen.getByRole('button', { name: 'Betal med gavekort for O2600001' })).toBeDefined();
    rerender(<OrderList customer={customer} orders={[{ ...partly, giftCardAmount: 100_000, paymentStatus: 'paid', paidAt: '2026-11-22T10:00:00.000Z' }]} />);
    expect(screen.getByText(spaced(`Betalt med gavekort: ${formatDkk(100_000)}`))).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Betal med gavekort for O2600001' })).toBeNull();
  });
});
