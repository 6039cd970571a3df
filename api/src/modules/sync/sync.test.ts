import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncResponseSchema } from '@optik/shared';
import { makeTestApp, shopperAgent, staffAgent } from '../../test/harness';
import { badRequest } from '../../http/errors';
import { customerMessages } from '../customers/service';
import { SyncService, syncMessages } from './service';
import { customersCollection } from '../customers/records';
import { syncLogCollection } from './records';

const PASSWORD = 'Demo1234!';


function createCustomer(patch: Record<string, unknown> = {}) {
  const customerId = randomUUID();
  return {
    id: randomUUID(),
    type: 'customer.create',
    createdAt: '2026-11-22T09:30:00.000Z',
    payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1', cpr: '070761-4285', ...patch },
  };
}

describe('POST /api/sync', () => {
  it('applies a command once: the same command again answers the stored result', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const cmd = createCustomer();
    const first = syncResponseSchema.parse((await s.post('/api/sync', { commands: [cmd] }).expect(200)).body);
    expect(first.results[0]).toMatchObject({ id: cmd.id, status: 'applied', error: null });
    const customer = first.results[0]!.result as { id: string; customerNumber: string; cpr: string; storeId: string };
    expect(customer).toMatchObject({ id: cmd.payload.customerId, cpr: '070761-XXXX', storeId: 'st-001' });
    expect(customer.customerNumber).toMatch(/^K\d{6}$/);
    const again = syncResponseSchema.parse((await s.post('/api/sync', { commands: [cmd] }).expect(200)).body);
    expect(again.results[0]).toEqual({ ...first.results[0], status: 'duplicate' });
    expect(await t.storage.collection(customersCollection).count()).toBe(1);
  });

  it('applies a command once when the same batch arrives twice at the same moment', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const batch = { commands: [createCustomer(), createCustomer({ firstName: 'Ole', cpr: undefined })] };
    const [a, b] = await Promise.all([s.post('/api/sync', batch).expect(200), s.post('/api/sync', batch).expect(200)]);
    const statuses = [...a.body.results, ...b.body.results].map((r: { status: string }) => r.status).sort();
    expect(statuses).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    expect(await t.storage.collection(customersCollection).count()).toBe(2);
    expect(await t.storage.collection(syncLogCollection).count()).toBe(2);
  });

  it('rejects one bad command with field errors and applies the others', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const good1 = createCustomer();
    const bad = createCustomer({ zip: '80', firstName: 'M$' });
    const good2 = createCustomer({ cpr: undefined });
    const res = syncResponseSchema.parse((await s.post('/api/sync', { commands: [good1, bad, good2] }).expect(200)).body);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(res.results[1]!.error).toMatchObject({ code: 'validation_failed', fields: { zip: 'Ugyldigt postnummer.', firstName: 'Navnet må kun indeholde bogstaver og tal.' } });
    expect(await t.storage.collection(customersCollection).count()).toBe(2);
    // A rejected command id stays rejected; the fixed command is sent under a new id.
    const again = await s.post('/api/sync', { commands: [bad] }).expect(200);
    expect(again.body.results[0].status).toBe('duplicate');
    expect(again.body.results[0].error.fields.zip).toBe('Ugyldigt postnummer.');
  });

  it('needs the staff member to confirm a CPR whose check digit fails, never blocks it', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const unconfirmed = await s.post('/api/sync', { commands: [createCustomer({ cpr: '010160-1235' })] }).expect(200);
    expect(unconfirmed.body.results[0].status).toBe('rejected');
    expect(unconfirmed.body.results[0].error.fields.cpr).toMatch(/bekræfte/);
    const confirmed = await s.post('/api/sync', { commands: [createCustomer({ cpr: '010160-1235', cprCheckDigitConfirmed: true })] }).expect(200);
    expect(confirmed.body.results[0].status).toBe('applied');
    const impossible = await s.post('/api/sync', { commands: [createCustomer({ cpr: '511062-5629', cprCheckDigitConfirmed: true })] }).expect(200);
    expect(impossible.body.results[0].error.fields.cpr).toMatch(/dato/);
  });

  it('keeps the CPR encrypted at rest and refuses a second customer with the same CPR', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    await s.post('/api/sync', { commands: [createCustomer()] }).expect(200);
    const [record] = await t.storage.collection(customersCollection).all();
    expect(JSON.stringify(record)).not.toMatch(/070761|4285/);
    expect(record!.cprSealed).toMatch(/^v1\./);
    const dup = await s.post('/api/sync', { commands: [createCustomer({ firstName: 'Anden' })] }).expect(200);
    expect(dup.body.results[0].error.fields.cpr).toMatch(/findes allerede/);
  });

  it('rejects an unknown command type without stopping the batch', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const res = await s.post('/api/sync', { commands: [{ id: randomUUID(), type: 'order.explode', createdAt: '2026-11-22T09:30:00.000Z', payload: {} }, createCustomer()] }).expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'applied']);
  });

  it.each(['hasOwnProperty', 'valueOf', '__proto__', 'constructor', 'toString', 'isPrototypeOf'])(
    'rejects the command type %s (a built-in object member, no handler) as unknown and applies nothing for it',
    async (type) => {
      const t = await makeTestApp();
      const s = await staffAgent(t);
      const odd = { id: randomUUID(), type, createdAt: '2026-11-22T09:30:00.000Z', payload: createCustomer().payload };
      const good = createCustomer();
      const res = syncResponseSchema.parse((await s.post('/api/sync', { commands: [odd, good] }).expect(200)).body);
      expect(res.results[0]).toEqual({ id: odd.id, status: 'rejected', result: null, error: { code: 'bad_request', message: syncMessages.unknownCommand(type) } });
      expect(res.results[1]).toMatchObject({ id: good.id, status: 'applied' });
      expect(await t.storage.collection(syncLogCollection).get(odd.id)).toMatchObject({ status: 'rejected', type, result: null });
      expect((await t.storage.collection(customersCollection).all()).map((c) => c.id)).toEqual([good.payload.customerId]);
    },
  );

  it('rejects a customer.create with a 200,000-character name with the Danish field error and stores no customer', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const long = createCustomer({ firstName: 'a'.repeat(200_000) });
    const res = syncResponseSchema.parse((await s.post('/api/sync', { commands: [long] }).expect(200)).body);
    expect(res.results[0]).toEqual({ id: long.id, status: 'rejected', result: null, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { firstName: 'Højst 100 tegn.' } } });
    expect(await t.storage.collection(customersCollection).count()).toBe(0);
    // A name at the limit is a name.
    const atMax = createCustomer({ firstName: 'a'.repeat(100), cpr: undefined });
    expect((await s.post('/api/sync', { commands: [atMax] }).expect(200)).body.results[0].status).toBe('applied');
    expect((await t.storage.collection(customersCollection).get(atMax.payload.customerId))!.firstName).toBe('a'.repeat(100));
  });

  it('refuses an envelope with an over-long command type or too many commands, and applies none of it', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const longType = await s.post('/api/sync', { commands: [{ ...createCustomer(), type: 'x'.repeat(65) }] }).expect(400);
    expect(longType.body.error.fields).toEqual({ 'commands.0.type': 'Højst 64 tegn.' });
    const tooMany = await s.post('/api/sync', { commands: Array.from({ length: 101 }, () => createCustomer({ cpr: undefined })) }).expect(400);
    expect(tooMany.body.error.fields).toEqual({ commands: 'Højst 100 ad gangen.' });
    expect(await t.storage.collection(customersCollection).count()).toBe(0);
    expect(await t.storage.collection(syncLogCollection).count()).toBe(0);
  });

  it('refuses anonymous callers, customers and a bad envelope', async () => {
    const t = await makeTestApp();
    const anon = await shopperAgent(t);
    await anon.post('/api/sync', { commands: [createCustomer()] }).expect(401);
    await anon.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
    await anon.post('/api/sync', { commands: [createCustomer()] }).expect(403);
    const s = await staffAgent(t);
    await s.agent.post('/api/sync').send({ commands: [createCustomer()] }).expect(403);
    const bad = await s.post('/api/sync', { commands: [{ id: 'not-a-uuid', type: 'customer.create', createdAt: 'x', payload: {} }] }).expect(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['commands.0.id', 'commands.0.createdAt']);
    expect(await t.storage.collection(customersCollection).count()).toBe(0);
  });
});

describe('POST /api/sync: one transaction per command', () => {
  it('stores one customer when 20 commands with one CPR arrive at once from two sessions of a store', async () => {
    const t = await makeTestApp();
    const [a, b] = [await staffAgent(t), await staffAgent(t, 'leder1')];
    const commands = Array.from({ length: 20 }, (_, i) => createCustomer({ lastName: `Nummer${String.fromCharCode(97 + i)}` }));
    const answers = await Promise.all(commands.map((c, i) => (i % 2 ? b : a).post('/api/sync', { commands: [c] }).expect(200)));
    const results = answers.map((r) => syncResponseSchema.parse(r.body).results[0]!);
    const applied = results.filter((r) => r.status === 'applied');
    expect(applied).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 'applied');
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r).toMatchObject({ status: 'rejected', result: null, error: { code: 'validation_failed', fields: { cpr: customerMessages.cprTaken } } });
    }
    const stored = await t.storage.collection(customersCollection).all();
    expect(stored.map((c) => c.id)).toEqual([(applied[0]!.result as { id: string }).id]);
    // The 19 refused customers took no customer number.
    expect((applied[0]!.result as { customerNumber: string }).customerNumber).toBe('K100001');
    const next = await a.post('/api/sync', { commands: [createCustomer({ cpr: undefined })] }).expect(200);
    expect(next.body.results[0].result.customerNumber).toBe('K100002');
  });

  it("refuses a command id another store has used, without that store's result, and records nothing", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const cmd = createCustomer();
    const first = syncResponseSchema.parse((await here.post('/api/sync', { commands: [cmd] }).expect(200)).body).results[0]!;
    const customer = first.result as { customerNumber: string; cpr: string };
    const stolen = await there.post('/api/sync', { commands: [cmd] }).expect(200);
    expect(stolen.body.results[0]).toEqual({ id: cmd.id, status: 'rejected', result: null, error: { code: 'conflict', message: syncMessages.otherStore } });
    expect(JSON.stringify(stolen.body)).not.toContain(customer.customerNumber);
    expect(JSON.stringify(stolen.body)).not.toContain(customer.cpr);
    // The first store's log entry stands: its replay is still its own duplicate.
    expect((await t.storage.collection(syncLogCollection).get(cmd.id))!.storeId).toBe('st-001');
    expect((await here.post('/api/sync', { commands: [cmd] }).expect(200)).body.results[0]).toEqual({ ...first, status: 'duplicate' });
    expect(await t.storage.collection(customersCollection).count()).toBe(1);
  });

  it("undoes a refused command's writes and logs it as rejected", async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    await s.post('/api/sync', { commands: [createCustomer()] }).expect(200);
    // The handler takes a customer number, then the CPR's unique key refuses the customer.
    const taken = createCustomer({ firstName: 'Anden' });
    const refused = await s.post('/api/sync', { commands: [taken] }).expect(200);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', error: { fields: { cpr: customerMessages.cprTaken } } });
    expect(await t.storage.collection(syncLogCollection).get(taken.id)).toMatchObject({ status: 'rejected', result: null, error: { fields: { cpr: customerMessages.cprTaken } } });
    const next = await s.post('/api/sync', { commands: [createCustomer({ cpr: undefined })] }).expect(200);
    expect(next.body.results[0].result.customerNumber).toBe('K100002');
    expect(await t.storage.collection(customersCollection).count()).toBe(2);
  });

  it('leaves no record of a handler that stored something and then failed', async () => {
    const t = await makeTestApp();
    const failing = {
      create: async (input: Parameters<typeof t.services.customers.create>[0], storeId: string) => {
        await t.services.customers.create(input, storeId);
        throw badRequest({ street: 'Adressen kunne ikke findes.' });
      },
    };
    const sync = new SyncService(t.storage, t.clock, { customers: failing } as unknown as ConstructorParameters<typeof SyncService>[2]);
    const user = { id: 'u-medarbejder1', role: 'store-staff', name: 'Anders Møller', email: null, storeId: 'st-001', storeName: null, companyId: null } as const;
    const cmd = createCustomer({ cpr: undefined });
    const [result] = await sync.push([{ ...cmd, payload: cmd.payload }], user);
    expect(result).toMatchObject({ id: cmd.id, status: 'rejected', result: null, error: { code: 'validation_failed', fields: { street: 'Adressen kunne ikke findes.' } } });
    expect(await t.storage.collection(customersCollection).get(cmd.payload.customerId)).toBeUndefined();
    expect(await t.storage.collection(customersCollection).count()).toBe(0);
    expect(await t.storage.collection(syncLogCollection).get(cmd.id)).toMatchObject({ status: 'rejected', storeId: 'st-001' });
    // Its customer number was given back with the customer.
    const s = await staffAgent(t);
    expect((await s.post('/api/sync', { commands: [createCustomer({ cpr: undefined })] }).expect(200)).body.results[0].result.customerNumber).toBe('K100001');
  });
});

describe('POST /api/staff/customers/search', () => {
  it('finds by name, phone or customer number, and by CPR only as an exact match', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    await s.post('/api/sync', { commands: [createCustomer(), createCustomer({ firstName: 'Søren', lastName: 'Ågård', phone: '30405060', cpr: '211062-5629' })] }).expect(200);
    const byName = await s.post('/api/staff/customers/search', { q: 'soeren' }).expect(200);
    expect(byName.body.data.map((c: { lastName: string }) => c.lastName)).toEqual(['Ågård']);
    expect((await s.post('/api/staff/customers/search', { q: '3040 5060' }).expect(200)).body.data).toHaveLength(1);
    const byCpr = await s.post('/api/staff/customers/search', { q: '0707614285' }).expect(200);
    expect(byCpr.body.data).toHaveLength(1);
    expect(byCpr.body.data[0].cpr).toBe('070761-XXXX');
    expect((await s.post('/api/staff/customers/search', { q: '070761' }).expect(200)).body.data).toHaveLength(0);
    await s.post('/api/staff/customers/search', { q: 'x' }).expect(400);
  });

  it("finds another store's customer only by an exact CPR or customer number (decision 009)", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const created = await there.post('/api/sync', { commands: [createCustomer({ firstName: 'Søren', lastName: 'Ågård', email: 'Soeren@Example.dk', phone: '30405060' })] }).expect(200);
    const { id, customerNumber } = created.body.results[0].result as { id: string; customerNumber: string };
    const found = async (q: string) => ((await here.post('/api/staff/customers/search', { q }).expect(200)).body.data as { id: string }[]).map((c) => c.id);
    for (const q of ['soeren', 'Ågård', 'example.dk', '3040', customerNumber.slice(0, 4), 'soeren@example.dk', '+45 30 40 50 60']) expect(await found(q)).toEqual([]);
    for (const q of ['070761-4285', customerNumber, customerNumber.slice(1)]) expect(await found(q)).toEqual([id]);
    // Its own store still finds it by any part.
    expect((await there.post('/api/staff/customers/search', { q: 'gård' }).expect(200)).body.data.map((c: { id: string }) => c.id)).toEqual([id]);
  });
});
