import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceCustomerListResponseSchema } from '@optik/shared';
import { command, makeTestApp, staffAgent } from '../../test/harness';

const customer = (customerId: string, lastName: string, cpr?: string) =>
  command('customer.create', { customerId, zip: '2100', city: 'København Ø', firstName: 'Ole', lastName, phone: '30405060', street: 'Østerbrogade 1', cpr });

describe('the device copy carries the CPR for the blind index on the device (decision 009)', () => {
  it("sends the full CPR of this store's own customers only, beside the masked one, in a no-store answer", async () => {
    const t = await makeTestApp();
    const here = await staffAgent(t);
    const there = await staffAgent(t, 'medarbejder2', 'st-002');
    const theirs = randomUUID();
    await here.post('/api/sync', { commands: [customer(randomUUID(), 'Med', '0707614285'), customer(randomUUID(), 'Uden')] }).expect(200);
    await there.post('/api/sync', { commands: [customer(theirs, 'Anden', '010160-1235')] }).expect(200);
    // Another store's customer opened here by exact CPR (a grant) stays out of the device copy.
    await here.post('/api/staff/customers/search', { q: '010160-1235' }).expect(200);

    const res = await here.agent.get('/api/staff/customers/recent').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = deviceCustomerListResponseSchema.parse(res.body).data;
    // Both were made in one request, often in the same millisecond: their order is the server's to pick.
    expect(list.map((c) => [c.lastName, c.cpr, c.cprForIndex]).sort(([a], [b]) => a!.localeCompare(b!))).toEqual([
      ['Med', '070761-XXXX', '070761-4285'],
      ['Uden', null, null],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('010160');
    // The search answer (any store, by exact CPR) stays masked: the full CPR is only in the device copy.
    const found = await here.post('/api/staff/customers/search', { q: '0707614285' }).expect(200);
    expect(JSON.stringify(found.body)).not.toContain('4285');
    expect(found.body.data[0]).not.toHaveProperty('cprForIndex');
  });
});
