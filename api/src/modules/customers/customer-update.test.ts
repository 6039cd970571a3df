import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerConflictSchema, customerSchema, customerUpdateResultSchema, syncResponseSchema, type CustomerEditField } from '@optik/shared';
import { command, makeTestApp, staffAgent, type TestApp } from '../../test/harness';
import { allCollections, C } from '../../collections';
import { openLowdbStorage } from '../../storage/lowdb';
import { customerMessages } from './service';

type Agent = Awaited<ReturnType<typeof staffAgent>>;
type Change = { value: string | null; base: string | null };

const ORIGINAL = { zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1' };

async function push(agent: Agent, commands: object[]) {
  return syncResponseSchema.parse((await agent.post('/api/sync', { commands }).expect(200)).body).results;
}

async function newCustomer(agent: Agent): Promise<string> {
  const customerId = randomUUID();
  expect((await push(agent, [command('customer.create', { customerId, ...ORIGINAL })]))[0]!.status).toBe('applied');
  return customerId;
}

const customerListSchema = z.object({ data: z.array(customerSchema), conflicts: z.array(customerConflictSchema) });
const update = (customerId: string, changes: Partial<Record<CustomerEditField, Change>>) => command('customer.update', { customerId, changes });

/** The device copy as `agent` pulls it: the store's customers and the staff member's overwritten edits. */
async function deviceCopy(agent: Agent, since?: string) {
  const res = await agent.agent.get(`/api/staff/customers/recent${since ? `?since=${encodeURIComponent(since)}` : ''}`).expect(200);
  return customerListSchema.parse(res.body);
}

/** Two tablets of one store, each with its own staff member. */
async function twoTablets(t: TestApp) {
  return { a: await staffAgent(t, 'medarbejder1'), b: await staffAgent(t, 'leder1') };
}

describe('customer.update: field-level merge in the order of arrival (decision 011)', () => {
  it('two tablets change the same field offline: the later arrival wins, and the earlier writer is shown the value they lost', async () => {
    const t = await makeTestApp();
    const { a, b } = await twoTablets(t);
    const id = await newCustomer(a);
    // Both edited offline from the same copy; A's reaches the server first.
    const fromA = update(id, { phone: { value: '40414243', base: '20304050' } });
    const fromB = update(id, { phone: { value: '50515253', base: '20304050' } });
    t.clock.advance(60_000);
    const [ra] = await push(a, [fromA]);
    expect(customerUpdateResultSchema.parse(ra!.result).fields).toEqual([{ field: 'phone', outcome: 'applied' }]);
    t.clock.advance(60_000);
    const [rb] = await push(b, [fromB]);
    const resultB = customerUpdateResultSchema.parse(rb!.result);
    expect(resultB.fields).toEqual([{ field: 'phone', outcome: 'overwrote' }]);
    expect(resultB.customer.phone).toBe('50515253');

    const copyA = await deviceCopy(a);
    expect(copyA.data.find((c) => c.id === id)!.phone).toBe('50515253');
    expect(copyA.conflicts).toEqual([{ id: `${fromB.id}:phone`, customerId: id, field: 'phone', mine: '40414243', winner: '50515253', at: t.clock.now().toISOString() }]);
    // The winner lost nothing.
    expect((await deviceCopy(b)).conflicts).toEqual([]);
    // The conflict comes down with the change that caused it, also to a device that pulls only what changed since.
    expect((await deviceCopy(a, t.clock.now().toISOString())).conflicts).toHaveLength(1);
  });

  it('two tablets change different fields offline: both changes are kept and nobody is told of a conflict', async () => {
    const t = await makeTestApp();
    const { a, b } = await twoTablets(t);
    const id = await newCustomer(a);
    const [ra] = await push(a, [update(id, { phone: { value: '40414243', base: '20304050' } })]);
    const [rb] = await push(b, [update(id, { street: { value: 'Vestergade 2', base: 'Søndergade 1' }, notes: { value: 'Foretrækker SMS', base: null } })]);
    expect(customerUpdateResultSchema.parse(ra!.result).fields).toEqual([{ field: 'phone', outcome: 'applied' }]);
    expect(customerUpdateResultSchema.parse(rb!.result).fields).toEqual([
      { field: 'street', outcome: 'applied' },
      { field: 'notes', outcome: 'applied' },
    ]);
    const copy = await deviceCopy(a);
    expect(copy.data.find((c) => c.id === id)).toMatchObject({ phone: '40414243', street: 'Vestergade 2', notes: 'Foretrækker SMS', zip: '8000', city: 'Aarhus C', version: 3 });
    expect(copy.conflicts).toEqual([]);
    expect((await deviceCopy(b)).conflicts).toEqual([]);
  });

  it('a replayed command answers its first result: no second change, no second conflict', async () => {
    const t = await makeTestApp();
    const { a, b } = await twoTablets(t);
    const id = await newCustomer(a);
    await push(a, [update(id, { email: { value: 'mette@example.dk', base: null } })]);
    const late = update(id, { email: { value: 'mj@example.dk', base: null } });
    const [first] = await push(b, [late]);
    const [again] = await push(b, [late]);
    expect(again).toEqual({ ...first, status: 'duplicate' });
    expect(await t.storage.collection(C.customerConflicts).count()).toBe(1);
    expect((await t.storage.collection(C.customers).get(id))!.version).toBe(3);
  });

  it('the same value from two tablets is no conflict', async () => {
    const t = await makeTestApp();
    const { a, b } = await twoTablets(t);
    const id = await newCustomer(a);
    await push(a, [update(id, { zip: { value: '2100', base: '8000' }, city: { value: 'København Ø', base: 'Aarhus C' } })]);
    const [rb] = await push(b, [update(id, { zip: { value: '2100', base: '8000' }, city: { value: 'København Ø', base: 'Aarhus C' } })]);
    expect(customerUpdateResultSchema.parse(rb!.result).fields.map((f) => f.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await deviceCopy(a)).conflicts).toEqual([]);
    expect((await t.storage.collection(C.customers).get(id))!.version).toBe(2);
  });

  it('keeps the notes and the lost values sealed at rest, and out of the sync log', async () => {
    const t = await makeTestApp();
    const { a, b } = await twoTablets(t);
    const id = await newCustomer(a);
    await push(a, [update(id, { notes: { value: 'Grå stær på venstre øje', base: null } })]);
    await push(b, [update(id, { notes: { value: 'Ny brille bestilt', base: null } })]);
    const stored = JSON.stringify(await t.storage.collection(C.customers).get(id));
    const conflicts = JSON.stringify(await t.storage.collection(C.customerConflicts).all());
    const log = JSON.stringify(await t.storage.collection(C.syncLog).all());
    for (const text of [stored, conflicts, log]) {
      expect(text).not.toContain('Grå stær');
      expect(text).not.toContain('Ny brille');
    }
    expect((await deviceCopy(a)).conflicts).toMatchObject([{ field: 'notes', mine: 'Grå stær på venstre øje', winner: 'Ny brille bestilt' }]);
    // Every change is in the access log (decision 009), never with the values.
    const entries = (await t.storage.collection(C.accessLog).all()).filter((e) => e.action === 'customer.update');
    expect(entries.map((e) => e.staffId).sort()).toEqual(['u-leder1', 'u-medarbejder1']);
  });

  it("refuses another store's customer until that store opens them by customer number (decision 009)", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const id = await newCustomer(here);
    const [refused] = await push(there, [update(id, { phone: { value: '40414243', base: '20304050' } })]);
    expect(refused).toMatchObject({ status: 'rejected', error: { code: 'forbidden', message: customerMessages.otherStore } });
    expect((await t.storage.collection(C.customers).get(id))!.phone).toBe('20304050');
    const number = (await t.storage.collection(C.customers).get(id))!.customerNumber;
    await there.post('/api/staff/customers/search', { q: number }).expect(200);
    const [applied] = await push(there, [update(id, { phone: { value: '40414243', base: '20304050' } })]);
    expect(applied!.status).toBe('applied');
  });

  it('rejects bad values under the field names the form uses, and an unknown customer, changing nothing', async () => {
    const t = await makeTestApp();
    const a = await staffAgent(t);
    const id = await newCustomer(a);
    const [bad] = await push(a, [update(id, { phone: { value: '12', base: '20304050' }, zip: { value: '0999', base: '8000' }, notes: { value: 'x'.repeat(2001), base: null } })]);
    expect(bad).toMatchObject({ status: 'rejected', error: { code: 'validation_failed', fields: { phone: expect.any(String), zip: 'Ugyldigt postnummer.', notes: 'Noterne er for lange.' } } });
    const [empty] = await push(a, [update(id, {})]);
    expect(empty).toMatchObject({ status: 'rejected', error: { fields: { changes: 'Der er ingen ændringer.' } } });
    const [missing] = await push(a, [update(randomUUID(), { phone: { value: '40414243', base: '20304050' } })]);
    expect(missing).toMatchObject({ status: 'rejected', error: { code: 'not_found', message: customerMessages.notFound } });
    expect((await t.storage.collection(C.customers).get(id))!.version).toBe(1);
  });

  it('on the embedded store (lowdb files): the merged customer and its conflict are read back after a restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-customer-edit-'));
    try {
      const store = await openLowdbStorage({ dir, collections: allCollections });
      const t = await makeTestApp({ storage: store });
      const seeded = await makeTestApp();
      await store.collection(C.accounts).putMany(await seeded.storage.collection(C.accounts).all());
      await store.collection(C.stores).putMany(await seeded.storage.collection(C.stores).all());
      const { a, b } = await twoTablets(t);
      const id = await newCustomer(a);
      await push(a, [update(id, { phone: { value: '40414243', base: '20304050' }, notes: { value: 'Tørre øjne', base: null } })]);
      await push(b, [update(id, { phone: { value: '50515253', base: '20304050' } })]);
      await store.close();
      const reopened = await openLowdbStorage({ dir, collections: allCollections });
      try {
        const again = await makeTestApp({ storage: reopened });
        expect(await again.services.customers.get(id)).toMatchObject({ phone: '50515253', notes: 'Tørre øjne', version: 3 });
        expect(await again.services.customers.conflictsOf('u-medarbejder1')).toMatchObject([{ customerId: id, field: 'phone', mine: '40414243', winner: '50515253' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
