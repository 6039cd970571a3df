import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, stopTestPostgres } from '../test/postgres';
import { contractCollections, people, person, storageContract, wallets } from './contract';
import { DuplicateKeyError } from './port';
import { openPostgresStorage, type PostgresStorage } from './postgres';

afterAll(() => stopTestPostgres());

const open = (url: string) => openPostgresStorage({ url, collections: contractCollections, poolSize: 6 });

storageContract('postgres', async () => {
  const db = await freshDatabase();
  const opened: PostgresStorage[] = [];
  const openOne = async () => {
    const s = await open(db.url);
    opened.push(s);
    return s;
  };
  return {
    storage: await openOne(),
    reopen: openOne,
    cleanup: async () => {
      for (const s of opened) await s.close();
      await db.drop();
    },
  };
});

/** Two instances (each with its own pool) on one fresh database. */
async function twoInstances(fn: (a: PostgresStorage, b: PostgresStorage) => Promise<void>) {
  const db = await freshDatabase();
  // Both migrate at the same moment: the advisory lock lets one do it, the other finds it done.
  const [a, b] = await Promise.all([open(db.url), open(db.url)]);
  try {
    await fn(a, b);
  } finally {
    await a.close();
    await b.close();
    await db.drop();
  }
}

describe('postgres: several instances on one database', () => {
  it('one of 20 inserts with one unique value, split across two instances, wins; the rest get DuplicateKeyError naming the key', () =>
    twoInstances(async (a, b) => {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).collection(people).insert(person(`p${i}`, { email: 'same@example.dk' }))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'DuplicateKeyError', key: 'email' });
      expect(await a.collection(people).count()).toBe(1);
    }));

  it('20 plain inserts of one id split across two instances: one stored, the rest refused (never overwritten)', () =>
    twoInstances(async (a, b) => {
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).collection(wallets).insert({ id: 'same', balance: i + 1 })));
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i + 1] : []));
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'DuplicateKeyError', key: 'id' });
      expect((await b.collection(wallets).get('same'))?.balance).toBe(won[0]);
    }));

  it('transactions that read, check and write one balance from two instances never overspend (serializable, retried)', () =>
    twoInstances(async (a, b) => {
      await a.collection(wallets).insert({ id: 'w', balance: 100 });
      const spend = (s: PostgresStorage) =>
        s.transaction(async () => {
          const w = (await s.collection(wallets).get('w'))!;
          if (w.balance < 30) throw new Error('not enough');
          await s.collection(wallets).put({ ...w, balance: w.balance - 30 });
        });
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => spend(i % 2 ? a : b)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect((await b.collection(wallets).get('w'))?.balance).toBe(10);
    }));

  it('atomic updates from two instances lose none', () =>
    twoInstances(async (a, b) => {
      await a.collection(wallets).insert({ id: 'w', balance: 0 });
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).collection(wallets).update('w', (w) => ({ ...w, balance: w.balance + 1 }))));
      expect((await a.collection(wallets).get('w'))?.balance).toBe(40);
    }));

  it('a commit on one instance reaches the other’s change listeners, and only for watched collections', () =>
    twoInstances(async (a, b) => {
      const heard: string[] = [];
      b.onChange([wallets], () => heard.push('wallets'));
      await b.listening();
      await a.collection(people).insert(person('p1'));
      await a.transaction(async () => {
        await a.collection(wallets).insert({ id: 'w', balance: 1 });
      });
      await expect.poll(() => heard.length).toBe(1);
      // A rolled-back transaction announces nothing.
      await a
        .transaction(async () => {
          await a.collection(wallets).put({ id: 'w', balance: 2 });
          throw new Error('no');
        })
        .catch(() => undefined);
      await a.collection(wallets).put({ id: 'w', balance: 3 });
      await expect.poll(() => heard.length).toBe(2);
    }));

  it('a detached read inside a transaction that began before another instance’s commit sees that commit', () =>
    twoInstances(async (a, b) => {
      await a.collection(wallets).insert({ id: 'w', balance: 1 });
      const seen = await b.transaction(async () => {
        const before = (await b.collection(wallets).get('w'))?.balance; // the snapshot is taken here
        await a.collection(wallets).put({ id: 'w', balance: 2 });
        return { before, inside: (await b.collection(wallets).get('w'))?.balance, detached: (await b.detached(() => b.collection(wallets).get('w')))?.balance };
      });
      expect(seen).toEqual({ before: 1, inside: 1, detached: 2 });
    }));

  it('a unique key taken inside a transaction leaves it usable: the caller can catch and go on', () =>
    twoInstances(async (a) => {
      await a.collection(people).insert(person('old', { email: 'taken@example.dk' }));
      await a.transaction(async () => {
        await expect(a.collection(people).insert(person('new', { email: 'taken@example.dk' }))).rejects.toBeInstanceOf(DuplicateKeyError);
        await a.collection(people).insert(person('other', { email: 'free@example.dk' }));
      });
      expect((await a.collection(people).getBy('email', 'free@example.dk'))?.id).toBe('other');
    }));
});
