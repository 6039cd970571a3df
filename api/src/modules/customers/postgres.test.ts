import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUpdateResultSchema, syncResponseSchema } from '@optik/shared';
import { allCollections, C } from '../../collections';
import { createMemoryCoordination } from '../../coordination/memory';
import { createMemoryMailer } from '../../ports/mail';
import { createMemorySms } from '../../ports/sms';
import { seedIfEmpty } from '../../seed/index';
import { openPostgresStorage, type PostgresStorage } from '../../storage/postgres';
import { command, createTestAppOn, staffAgent, testConfig, TestClock, type TestApp } from '../../test/harness';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';

/**
 * Decision 010 on PostgreSQL with two API instances (two pools on one database, as two processes
 * behind a load balancer): edits of one customer arriving at the same moment on both are merged
 * by the atomic update — none is lost, and a field both changed records exactly one conflict.
 */

let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
const storages: PostgresStorage[] = [];
let A: TestApp;
let B: TestApp;

beforeAll(async () => {
  db = await freshDatabase();
  const open = () => openPostgresStorage({ url: db!.url, collections: allCollections, poolSize: 6 });
  storages.push(await open(), await open());
  await seedIfEmpty(storages[0]!, () => {}, { secret: testConfig.secret });
  const clock = new TestClock();
  const instance = (storage: PostgresStorage) => createTestAppOn({ storage, coordination: createMemoryCoordination(), clock, sms: createMemorySms(), mailer: createMemoryMailer() });
  A = instance(storages[0]!);
  B = instance(storages[1]!);
});

afterAll(async () => {
  for (const s of storages) await s.close();
  await db?.drop();
  await stopTestPostgres();
});

type Agent = Awaited<ReturnType<typeof staffAgent>>;
async function push(agent: Agent, commands: object[]) {
  return syncResponseSchema.parse((await agent.post('/api/sync', { commands }).expect(200)).body).results;
}

async function customerOnBoth() {
  const a = await staffAgent(A, 'medarbejder1');
  const b = await staffAgent(B, 'leder1');
  const customerId = randomUUID();
  const [created] = await push(a, [command('customer.create', { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1' })]);
  expect(created!.status).toBe('applied');
  return { a, b, customerId };
}

describe('customer.update on PostgreSQL, two instances', () => {
  it('different fields changed at the same moment on both instances are all kept', async () => {
    const { a, b, customerId } = await customerOnBoth();
    const edits = [
      [a, { phone: { value: '40414243', base: '20304050' } }],
      [b, { street: { value: 'Vestergade 2', base: 'Søndergade 1' } }],
      [a, { email: { value: 'mette@example.dk', base: null } }],
      [b, { notes: { value: 'Foretrækker SMS', base: null } }],
    ] as const;
    const results = await Promise.all(edits.map(([agent, changes]) => push(agent, [command('customer.update', { customerId, changes })])));
    expect(results.map((r) => r[0]!.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(await B.services.customers.get(customerId)).toMatchObject({ phone: '40414243', street: 'Vestergade 2', email: 'mette@example.dk', notes: 'Foretrækker SMS', version: 5 });
    expect(await storages[0]!.collection(C.customerConflicts).count()).toBe(0);
  });

  it('one field changed at the same moment on both instances: the one applied last wins, and the other writer gets exactly one conflict', async () => {
    const { a, b, customerId } = await customerOnBoth();
    const before = await storages[0]!.collection(C.customerConflicts).count();
    const [ra, rb] = await Promise.all([
      push(a, [command('customer.update', { customerId, changes: { phone: { value: '40414243', base: '20304050' } } })]),
      push(b, [command('customer.update', { customerId, changes: { phone: { value: '50515253', base: '20304050' } } })]),
    ]);
    const outcomeOf = (r: typeof ra) => customerUpdateResultSchema.parse(r[0]!.result).fields[0]!.outcome;
    expect([outcomeOf(ra), outcomeOf(rb)].sort()).toEqual(['applied', 'overwrote']);
    // The one that overwrote was applied last: it wins, and the other staff member lost their value.
    const aLast = outcomeOf(ra) === 'overwrote';
    const [loserId, lost, won] = aLast ? ['u-leder1', '50515253', '40414243'] : ['u-medarbejder1', '40414243', '50515253'];
    expect((await A.services.customers.get(customerId))!.phone).toBe(won);
    const conflicts = (await storages[1]!.collection(C.customerConflicts).all()).filter((c) => c.customerId === customerId);
    expect(conflicts).toHaveLength(1);
    expect(await storages[1]!.collection(C.customerConflicts).count()).toBe(before + 1);
    expect(conflicts[0]!.lostBy).toBe(loserId);
    expect(await B.services.customers.conflictsOf(loserId)).toEqual([expect.objectContaining({ customerId, field: 'phone', mine: lost, winner: won })]);
  });
});
