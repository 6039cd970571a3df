import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncResponseSchema } from '@optik/shared';
import { makeTestApp, shopperAgent, staffAgent } from '../../test/harness';
import { C } from '../../collections';

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
    expect(await t.storage.collection(C.customers).count()).toBe(1);
  });

  it('applies a command once when the same batch arrives twice at the same moment', async () => {
    const t = await makeTestApp();
    const s = await staffAgent(t);
    const batch = { commands: [createCustomer(), createCustomer({ firstName: 'Ole', cpr: undefined })] };
    const [a, b] = await Promise.all([s.post('/api/sync', batch).expect(200), s.post('/api/sync', batch).expect(200)]);
    const statuses = [...a.body.results, ...b.body.results].map((r: { status: string }) => r.status).sort();
    expect(statuses).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    expect(await t.storage.collection(C.customers).count()).toBe(2);
    expect(await t.storage.collection(C.syncLog).count()).toBe(2);
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
    expect(await t.storage.collection(C.customers).count()).toBe(2);
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
    const [record] = await t.storage.collection(C.customers).all();
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
    expect(await t.storage.collection(C.customers).count()).toBe(0);
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
});
