import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderReturnSchema, type OrderReturn, type SyncCommandEnvelope } from '@optik/shared';
import type { LocalOrder, OutboxRow } from '../../db/db';

vi.mock('../../api', () => import('../../fake-api'));
// A shared 2-core machine: the device database and the live queries answer in their own time.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
const { fake } = await import('../../fake-api');
const { db } = await import('../../services');
const { Returns } = await import('./returns');

/** A web order collected here and handed over: glasses and sunglasses (1.234,50 kr.). */
const order: LocalOrder = {
  id: 'o-demo-recent',
  customerId: 'u-kunde',
  orderNumber: 'O2500101',
  lines: [
    { skuId: 's-glasses', description: 'Brille Aarhus, sort', quantity: 1, subscriptionInterval: null, unitPrice: 199_500 },
    { skuId: 's-sun', description: 'Solbrille Skagen', quantity: 2, subscriptionInterval: null, unitPrice: 123_450 },
  ],
  deliveryMethodId: 119,
  totalPrice: 446_400,
  paymentStatus: 'paid',
  status: 'delivered',
  createdBy: 'web',
  pickupStoreId: 'st-001',
  contactName: 'Mette Jensen',
  createdAt: '2026-11-10T09:00:00.000Z',
  syncState: 'synced',
};

/** The server's return for a `return.receive` command (R500001, 1.234,50 kr. back), pending or confirmed. */
const serverReturn = (c: SyncCommandEnvelope, status: OrderReturn['status'] = 'pending'): OrderReturn =>
  orderReturnSchema.parse({
    id: (c.payload as { returnId: string }).returnId, returnNumber: 'R500001', orderId: order.id, orderNumber: 'O2500101', customerId: 'u-kunde', status, reason: 'does-not-fit', comment: '',
    lines: [{ lineIndex: 1, description: 'Solbrille Skagen', quantity: 1, opened: false, monthsLeft: null, refund: 123_450 }],
    shippingRefund: 0, refundTotal: 123_450, refundMethod: 'card', methodRefund: 123_450, giftCardRefunds: [], label: { code: 'RR000500001DK', status: 'cancelled' },
    createdAt: '2026-11-22T10:00:00.000Z', confirmedAt: status === 'confirmed' ? '2026-11-22T10:05:00.000Z' : null, refundedAt: status === 'confirmed' ? '2026-11-22T10:05:00.000Z' : null,
    refundTransactionId: status === 'confirmed' ? 'sim-refund-1' : null, storeId: 'st-001',
  });

beforeEach(async () => {
  fake.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.orders.add(order);
});
afterEach(cleanup);

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const outbox = () => db.outbox.orderBy('seq').toArray();
const receivedList = () => screen.getByRole('list', { name: 'Modtagne returer' });

async function findOrder(number = 'o2500101') {
  type('Ordrenummer', number);
  fireEvent.click(screen.getByRole('button', { name: 'Find ordren' }));
}

/** Finds the order and receives one pair of sunglasses back because they do not fit. */
async function receiveSunglasses() {
  await findOrder();
  fireEvent.change(await screen.findByLabelText(/^Antal: Solbrille Skagen/), { target: { value: '1' } });
  type('Årsag', 'does-not-fit');
  fireEvent.click(screen.getByRole('button', { name: 'Modtag retur' }));
  await screen.findByText(/^Returen af O2500101 er modtaget\./);
}

describe('Returer (returns at the counter)', () => {
  it('finds the order on the device by its number; a malformed or unknown number is refused in Danish and kept', async () => {
    render(<Returns />);
    await findOrder('hej');
    expect((await screen.findByRole('alert')).textContent).toBe('Ordrenummeret står på ordren, fx O2600001.');
    expect(screen.getByLabelText<HTMLInputElement>('Ordrenummer').value).toBe('hej');
    expect(screen.getByLabelText('Ordrenummer').getAttribute('aria-invalid')).toBe('true');
    await findOrder('O2699999');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Ordren O2699999 findes ikke på enheden\./));
    await findOrder(' o2500101 ');
    expect((await screen.findByRole('heading', { name: 'Ordre O2500101 – Mette Jensen' })).tagName).toBe('H3');
    expect(screen.getByLabelText<HTMLInputElement>('Antal: Brille Aarhus, sort (højst 1)').max).toBe('1');
    expect(screen.getByLabelText<HTMLInputElement>('Antal: Solbrille Skagen (højst 2)').max).toBe('2');
    // The web return's reasons, by their Danish names.
    expect([...screen.getByLabelText<HTMLSelectElement>('Årsag').options].map((o) => o.text)).toEqual(['Vælg årsag', 'Fortrudt køb', 'Passer ikke', 'Defekt eller beskadiget', 'Forkert vare', 'Andet']);
  });

  it('an order not handed over yet: says there is nothing to return', async () => {
    await db.orders.update(order.id, { status: 'controlled' });
    render(<Returns />);
    await findOrder();
    expect((await screen.findByRole('alert')).textContent).toBe('Ordren er ikke udleveret endnu, så der er intet at returnere.');
    expect(screen.queryByRole('button', { name: 'Modtag retur' })).toBeNull();
  });

  it('checks lines, reason and comment with the web return’s rules, keeping what was entered; then writes the return and its command together, after the order’s unsent handover', async () => {
    const handover: OutboxRow = { id: 'cmd-handover', type: 'order.status', createdAt: '2026-11-22T09:59:00.000Z', payload: { orderId: order.id, status: 'delivered', from: 'controlled' }, entity: { table: 'orders', id: order.id }, dependsOn: [], status: 'pending', attempts: 0, nextAttemptAt: 0, error: null, sentAt: null };
    await db.outbox.add(handover);
    render(<Returns />);
    await findOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Modtag retur' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Vælg mindst én vare, du vil returnere.', 'Vælg en årsag til returneringen.']);
    type(/^Antal: Solbrille Skagen/, '3');
    type('Årsag', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Modtag retur' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Du kan højst returnere 2 stk. af denne vare.', 'Fortæl kort, hvorfor du returnerer varen.']));
    expect(screen.getByLabelText('Kommentar (skal udfyldes ved Andet)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>(/^Antal: Solbrille Skagen/).value).toBe('3');
    type(/^Antal: Solbrille Skagen/, '1');
    type('Kommentar (skal udfyldes ved Andet)', 'Stellet klemmer');
    fireEvent.click(screen.getByRole('button', { name: 'Modtag retur' }));
    expect((await screen.findByRole('status')).textContent).toBe('Returen af O2500101 er modtaget. Godkend den, når varerne er kontrolleret – så sendes pengene tilbage.');
    expect(await db.outbox.count()).toBe(2);

    const [, received] = await outbox();
    const returnId = (received!.payload as { returnId: string }).returnId;
    expect(received).toMatchObject({
      type: 'return.receive',
      status: 'pending',
      payload: { orderId: order.id, request: { lines: [{ lineIndex: 1, quantity: 1, opened: false }], reason: 'other', comment: 'Stellet klemmer' } },
      entity: { table: 'returns', id: returnId },
      dependsOn: ['cmd-handover'],
    });
    expect(await db.returns.get(returnId)).toMatchObject({ orderNumber: 'O2500101', returnNumber: null, status: 'received', reason: 'other', lines: [{ skuId: 's-sun', description: 'Solbrille Skagen', quantity: 1 }], refundAmount: null, syncState: 'pending' });
    const item = await within(receivedList()).findByRole('listitem', { name: 'Returnummer tildeles ved synkronisering' });
    expect(item.textContent).toContain('Ordre O2500101');
    expect(item.textContent).toContain('Andet');
    expect(item.textContent).toContain('Modtaget – venter på godkendelse · Beløbet beregnes, når returen er sendt til serveren. · Venter på synkronisering');
    // The form is ready for the next customer.
    expect(screen.getByLabelText<HTMLInputElement>('Ordrenummer').value).toBe('');
  });

  it('online: the server numbers the return and its refund; "Godkend retur" confirms it and shows what was refunded, in Danish money', async () => {
    fake.online = true;
    fake.answer = (c) => ({ status: 'applied', result: c.type === 'return.receive' ? serverReturn(c) : { ...serverReturn(c, 'confirmed'), id: (c.payload as { returnId: string }).returnId }, error: null });
    render(<Returns />);
    await receiveSunglasses();
    const item = await within(receivedList()).findByRole('listitem', { name: 'R500001' });
    await waitFor(() => expect(item.textContent).toContain('Modtaget – venter på godkendelse · Refunderes: 1.234,50\u00a0kr.'));
    fireEvent.click(within(item).getByRole('button', { name: 'Godkend retur R500001' }));
    expect((await within(item).findByRole('status')).textContent).toBe('Retur R500001 er godkendt. Pengene sendes tilbage, så snart ændringen er sendt.');
    await waitFor(() => expect(item.textContent).toContain('Refunderet · Refunderet: 1.234,50\u00a0kr.'));
    expect(fake.sent.map((c) => c.type)).toEqual(['return.receive', 'return.confirm']);
    expect(fake.sent[1]!.payload).toEqual({ returnId: (fake.sent[0]!.payload as { returnId: string }).returnId });
    expect(within(item).queryByRole('button', { name: /Godkend/ })).toBeNull();
  });

  it('a refused approval shows the server’s reason; "Prøv igen" sends it again, and discarding instead puts the return back to received', async () => {
    fake.online = true;
    let refundDown = true;
    fake.answer = (c) =>
      c.type === 'return.receive'
        ? { status: 'applied', result: serverReturn(c), error: null }
        : refundDown
          ? { status: 'rejected', result: null, error: { code: 'internal', message: 'Pengene kunne ikke sendes tilbage lige nu, så returneringen er ikke bekræftet. Prøv igen om lidt.' } }
          : { status: 'applied', result: serverReturn(c, 'confirmed'), error: null };
    render(<Returns />);
    await receiveSunglasses();
    const item = await within(receivedList()).findByRole('listitem', { name: 'R500001' });
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Godkend retur R500001' })).toBeDefined());
    fireEvent.click(within(item).getByRole('button', { name: 'Godkend retur R500001' }));
    expect((await within(item).findByRole('alert')).textContent).toBe('Afvist af serveren: Pengene kunne ikke sendes tilbage lige nu, så returneringen er ikke bekræftet. Prøv igen om lidt.');

    // Discarded: back to received, the approval can be given again.
    fireEvent.click(within(item).getByRole('button', { name: 'Fortryd godkendelsen: R500001' }));
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Godkend retur R500001' })).toBeDefined());
    expect(item.textContent).toContain('Modtaget – venter på godkendelse');
    expect((await outbox()).map((r) => [r.type, r.status])).toEqual([
      ['return.receive', 'sent'],
      ['return.confirm', 'discarded'],
    ]);

    fireEvent.click(within(item).getByRole('button', { name: 'Godkend retur R500001' }));
    await within(item).findByRole('alert');
    refundDown = false;
    fireEvent.click(within(item).getByRole('button', { name: 'Prøv igen at godkende R500001' }));
    await waitFor(() => expect(item.textContent).toContain('Refunderet · Refunderet: 1.234,50\u00a0kr.'));
    expect(within(item).queryByRole('alert')).toBeNull();
    expect(fake.sent.filter((c) => c.type === 'return.confirm')).toHaveLength(3);
  });

  it('lists the returns this store received from the server’s copy, newest first, with status and refunded amount', async () => {
    const older = { ...serverReturn({ id: 'x', type: 'return.receive', createdAt: '', payload: { returnId: 'a1b2c3d4-0000-4000-8000-000000000001' } }, 'confirmed'), returnNumber: 'R500001', createdAt: '2026-11-20T10:00:00.000Z' };
    const newer = { ...serverReturn({ id: 'y', type: 'return.receive', createdAt: '', payload: { returnId: 'a1b2c3d4-0000-4000-8000-000000000002' } }), returnNumber: 'R500002', createdAt: '2026-11-22T10:00:00.000Z', refundTotal: 61_725 };
    fake.returns = [newer, older];
    render(<Returns />);
    await waitFor(() => expect(within(receivedList()).getAllByRole('listitem', { name: /^R/ }).map((li) => within(li).getByRole('heading').textContent)).toEqual(['R500002', 'R500001']));
    const first = within(receivedList()).getByRole('listitem', { name: 'R500001' });
    expect(first.textContent).toContain('Modtaget 20.11.2026');
    expect(first.textContent).toContain('Passer ikke');
    expect(first.textContent).toContain('1 × Solbrille Skagen');
    expect(first.textContent).toContain('Refunderet · Refunderet: 1.234,50\u00a0kr.');
    expect(within(receivedList()).getByRole('listitem', { name: 'R500002' }).textContent).toContain('Refunderes: 617,25\u00a0kr.');
    expect(screen.getByText('2 returer i butikken.')).toBeDefined();
  });
});
