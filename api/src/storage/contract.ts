import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCollection, DuplicateKeyError, type Storage } from './port';

/**
 * The storage port's contract. Every adapter (memory, lowdb, PostgreSQL next) runs this suite
 * on its own collections, declared here the way modules declare theirs; `reopen` (when the
 * adapter persists) proves that what resolved before `close()` is there after a restart.
 */
export interface ContractSubject {
  storage: Storage;
  reopen?: () => Promise<Storage>;
  cleanup: () => Promise<void>;
}

export const personSchema = z.object({ id: z.string(), email: z.string().nullable(), storeId: z.string(), at: z.string(), n: z.number().int() });
export type Person = z.infer<typeof personSchema>;
/** People with a unique, case-folded e-mail and an index by store ordered by time. */
export const people = defineCollection({
  name: 'people',
  schema: personSchema,
  file: { group: 'people', durable: true },
  unique: { email: (p) => (p.email ? p.email.toLowerCase() : null) },
  indexes: { byStore: { key: (p) => p.storeId, order: (p) => p.at } },
});
export const walletSchema = z.object({ id: z.string(), balance: z.number().int().nonnegative() });
export const wallets = defineCollection({ name: 'wallets', schema: walletSchema, file: { group: 'money', durable: true }, announce: true });
export const noteSchema = z.object({ id: z.string(), value: z.unknown() });
/** Often written, not fsynced, over several files. */
export const notes = defineCollection({ name: 'notes', schema: noteSchema, file: { group: 'notes', durable: false, shards: 4 } });
export const contractCollections = [people, wallets, notes];

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
export const person = (id: string, over: Partial<Person> = {}): Person => ({ id, email: `${id}@example.dk`, storeId: 'st-001', at: at(0), n: 0, ...over });

export function storageContract(name: string, open: () => Promise<ContractSubject>) {
  describe(`storage contract: ${name}`, () => {
    async function withStorage(fn: (s: ContractSubject) => Promise<void>) {
      const subject = await open();
      try {
        await fn(subject);
      } finally {
        await subject.cleanup();
      }
    }

    it('starts empty, then stores, reads, counts and removes', () =>
      withStorage(async ({ storage }) => {
        expect(await storage.isEmpty()).toBe(true);
        const n = storage.collection(notes);
        await n.insert({ id: 'a', value: 1 });
        await n.put({ id: 'b', value: 2 });
        expect(await storage.isEmpty()).toBe(false);
        expect(await n.get('a')).toEqual({ id: 'a', value: 1 });
        expect(await n.get('zzz')).toBeUndefined();
        expect(await n.getMany(['b', 'zzz', 'a'])).toEqual([{ id: 'b', value: 2 }, { id: 'a', value: 1 }]);
        expect(await n.count()).toBe(2);
        expect((await n.all()).map((m) => m.id).sort()).toEqual(['a', 'b']);
        await n.put({ id: 'b', value: 3 });
        expect(await n.get('b')).toEqual({ id: 'b', value: 3 });
        expect(await n.remove('a')).toBe(true);
        expect(await n.remove('a')).toBe(false);
        expect(await n.count()).toBe(1);
      }));

    it('refuses a duplicate id with DuplicateKeyError naming the key, and keeps the first', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        await p.insert(person('x', { n: 1 }));
        const err = await p.insert(person('x', { email: 'other@example.dk', n: 2 })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(DuplicateKeyError);
        expect(err).toMatchObject({ collection: 'people', key: 'id' });
        expect((await p.get('x'))?.n).toBe(1);
      }));

    it('enforces a secondary unique key (case-folded) on insert, put and update, and frees it when the holder changes', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        await p.insert(person('a', { email: 'Mette@Example.dk' }));
        await expect(p.insert(person('b', { email: 'mette@example.DK' }))).rejects.toMatchObject({ name: 'DuplicateKeyError', key: 'email' });
        await expect(p.put(person('b', { email: 'METTE@example.dk' }))).rejects.toMatchObject({ key: 'email' });
        await p.insert(person('b', { email: null }));
        await p.insert(person('c', { email: null }));
        await expect(p.update('b', (x) => ({ ...x, email: 'mette@example.dk' }))).rejects.toMatchObject({ key: 'email' });
        expect((await p.getBy('email', 'mette@example.dk'))?.id).toBe('a');
        await p.update('a', (x) => ({ ...x, email: 'ny@example.dk' }));
        expect(await p.getBy('email', 'mette@example.dk')).toBeUndefined();
        await p.update('b', (x) => ({ ...x, email: 'mette@example.dk' }));
        expect((await p.getBy('email', 'mette@example.dk'))?.id).toBe('b');
        await p.remove('b');
        expect(await p.getBy('email', 'mette@example.dk')).toBeUndefined();
        expect(await p.count()).toBe(2);
      }));

    it('moves a unique key from one record to another inside one transaction, in either order', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        await p.insert(person('a', { email: 'x@example.dk' }));
        await p.insert(person('b', { email: 'y@example.dk' }));
        await storage.transaction(async () => {
          await p.update('b', (r) => ({ ...r, email: 'z@example.dk' }));
          await p.update('a', (r) => ({ ...r, email: 'y@example.dk' }));
          await p.update('b', (r) => ({ ...r, email: 'x@example.dk' }));
        });
        expect((await p.getBy('email', 'x@example.dk'))?.id).toBe('b');
        expect((await p.getBy('email', 'y@example.dk'))?.id).toBe('a');
        expect(await p.getBy('email', 'z@example.dk')).toBeUndefined();
        await expect(p.insert(person('c', { email: 'X@example.dk' }))).rejects.toMatchObject({ key: 'email' });
      }));

    it('lets exactly one of 50 concurrent inserts with one unique value win', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => p.insert(person(`p${i}`, { email: 'same@example.dk' }))));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(refused).toHaveLength(49);
        for (const r of refused) expect(r.reason).toMatchObject({ name: 'DuplicateKeyError', key: 'email' });
        expect(await p.count()).toBe(1);
      }));

    it('reads an index in order, ranged, newest first and page by page', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        // inserted out of order; two share a time (the id breaks the tie)
        for (const [id, minute, store] of [['e', 5, 'st-001'], ['a', 1, 'st-001'], ['c', 3, 'st-001'], ['b', 3, 'st-001'], ['x', 2, 'st-002'], ['d', 4, 'st-001']] as const) {
          await p.insert(person(id, { at: at(minute), storeId: store }));
        }
        const ids = (rows: Person[]) => rows.map((r) => r.id);
        expect(ids(await p.list('byStore', 'st-001'))).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(ids(await p.list('byStore', 'st-001', { desc: true }))).toEqual(['e', 'd', 'c', 'b', 'a']);
        expect(ids(await p.list('byStore', 'st-001', { from: at(3) }))).toEqual(['b', 'c', 'd', 'e']);
        expect(ids(await p.list('byStore', 'st-001', { from: at(2), to: at(4) }))).toEqual(['b', 'c']);
        expect(ids(await p.list('byStore', 'st-002'))).toEqual(['x']);
        expect(await p.list('byStore', 'st-999')).toEqual([]);
        expect(await p.countBy('byStore', 'st-001')).toBe(5);

        const seen: string[] = [];
        let after: string | undefined;
        let pages = 0;
        do {
          const page = await p.page('byStore', 'st-001', { limit: 2, after });
          seen.push(...ids(page.items));
          after = page.next ?? undefined;
          pages += 1;
        } while (after);
        expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(pages).toBe(3);
        const newest = await p.page('byStore', 'st-001', { limit: 3, desc: true });
        expect(ids(newest.items)).toEqual(['e', 'd', 'c']);
        expect(ids((await p.page('byStore', 'st-001', { limit: 3, desc: true, after: newest.next! })).items)).toEqual(['b', 'a']);

        // moving a record moves its index entry
        await p.update('a', (x) => ({ ...x, storeId: 'st-002', at: at(9) }));
        expect(ids(await p.list('byStore', 'st-002'))).toEqual(['x', 'a']);
        await p.remove('e');
        expect(ids(await p.list('byStore', 'st-001'))).toEqual(['b', 'c', 'd']);
      }));

    it('update: absent → undefined; a throwing mutate leaves the record unchanged', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        expect(await p.update('nope', (c) => c)).toBeUndefined();
        await p.insert(person('c1', { n: 2 }));
        await expect(
          p.update('c1', (c) => {
            c.n = 99;
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect((await p.get('c1'))?.n).toBe(2);
      }));

    it('hands out copies: mutating a returned record changes nothing stored', () =>
      withStorage(async ({ storage }) => {
        const p = storage.collection(people);
        const inserted = await p.insert(person('c1'));
        inserted.n = 7;
        const read = await p.get('c1');
        read!.n = 8;
        (await p.list('byStore', 'st-001'))[0]!.n = 9;
        expect((await p.get('c1'))?.n).toBe(0);
      }));

    it('loses no update when 200 read-modify-writes run at once', () =>
      withStorage(async ({ storage }) => {
        const n = storage.collection(notes);
        await n.insert({ id: 'counter', value: 0 });
        await Promise.all(Array.from({ length: 200 }, () => n.update('counter', (m) => ({ ...m, value: (m.value as number) + 1 }))));
        expect((await n.get('counter'))?.value).toBe(200);
      }));

    it('upsert: 100 at once on an absent record count every one (the first adds it, the rest change it)', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        const results = await Promise.all(Array.from({ length: 100 }, () => w.upsert('hits', (cur) => ({ ...cur, balance: cur.balance + 1 }), () => ({ id: 'hits', balance: 1 }))));
        expect((await w.get('hits'))?.balance).toBe(100);
        expect(new Set(results.map((r) => r.balance)).size).toBe(100);
        await expect(w.upsert('hits', (cur) => ({ ...cur, id: 'other' }), () => ({ id: 'hits', balance: 0 }))).rejects.toThrow(/may not change the id/);
      }));

    it('a transaction commits writes to several collections together', () =>
      withStorage(async ({ storage }) => {
        await storage.collection(wallets).insert({ id: 'w', balance: 100 });
        const seenInside = await storage.transaction(async () => {
          await storage.collection(wallets).update('w', (w) => ({ ...w, balance: w.balance - 40 }));
          await storage.collection(people).insert(person('buyer'));
          await storage.collection(notes).put({ id: 'receipt', value: 40 });
          // inside, its own writes are visible (by id, by key and by index) …
          return [(await storage.collection(wallets).get('w'))?.balance, (await storage.collection(people).getBy('email', 'buyer@example.dk'))?.id, (await storage.collection(people).list('byStore', 'st-001')).length];
        });
        expect(seenInside).toEqual([60, 'buyer', 1]);
        expect((await storage.collection(wallets).get('w'))?.balance).toBe(60);
        expect(await storage.collection(people).get('buyer')).toBeDefined();
        expect((await storage.collection(notes).get('receipt'))?.value).toBe(40);
      }));

    it('a transaction that throws leaves every collection as it was, keys and indexes included', () =>
      withStorage(async ({ storage }) => {
        await storage.collection(wallets).insert({ id: 'w', balance: 100 });
        await storage.collection(people).insert(person('old', { email: 'taken@example.dk' }));
        const hooks: string[] = [];
        await expect(
          storage.transaction(async () => {
            await storage.collection(wallets).update('w', (w) => ({ ...w, balance: 0 }));
            await storage.collection(people).update('old', (p) => ({ ...p, email: 'moved@example.dk', storeId: 'st-009' }));
            await storage.collection(people).insert(person('new', { email: 'taken@example.dk' }));
            await storage.collection(notes).put({ id: 'n', value: 1 });
            storage.afterCommit(() => {
              hooks.push('ran');
            });
            throw new Error('payment refused');
          }),
        ).rejects.toThrow('payment refused');
        expect((await storage.collection(wallets).get('w'))?.balance).toBe(100);
        expect(await storage.collection(people).get('new')).toBeUndefined();
        expect((await storage.collection(people).getBy('email', 'taken@example.dk'))?.id).toBe('old');
        expect(await storage.collection(people).getBy('email', 'moved@example.dk')).toBeUndefined();
        expect(await storage.collection(people).list('byStore', 'st-009')).toEqual([]);
        expect(await storage.collection(notes).get('n')).toBeUndefined();
        expect(hooks).toEqual([]);
        expect(() => storage.afterCommit(() => undefined)).toThrow(/inside storage.transaction/);
        await storage.transaction(async () => {
          storage.afterCommit(() => {
            hooks.push('after commit');
          });
          await storage.collection(notes).put({ id: 'n', value: 2 });
          hooks.push('in transaction');
        });
        expect(hooks).toEqual(['in transaction', 'after commit']);
      }));

    it('a batch: each transaction is visible at its commit, their hooks run in order once all are durable, a throw keeps what committed', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        const hooks: string[] = [];
        const seenBeforeEnd: (number | undefined)[] = [];
        const out = await storage.batch(async () => {
          for (let i = 1; i <= 3; i++) {
            await storage.transaction(async () => {
              await w.put({ id: `w${i}`, balance: i });
              storage.afterCommit(() => {
                hooks.push(`hook ${i}`);
              });
            });
            // Committed: a read outside any transaction sees it, but no hook has run yet.
            seenBeforeEnd.push((await w.get(`w${i}`))?.balance);
          }
          await storage
            .transaction(async () => {
              await w.put({ id: 'rolled back', balance: 9 });
              storage.afterCommit(() => {
                hooks.push('never');
              });
              throw new Error('refused');
            })
            .catch(() => undefined);
          expect(hooks).toEqual([]);
          return 'done';
        });
        expect(out).toBe('done');
        expect(seenBeforeEnd).toEqual([1, 2, 3]);
        expect(hooks).toEqual(['hook 1', 'hook 2', 'hook 3']);
        expect(await w.get('rolled back')).toBeUndefined();

        await expect(
          storage.batch(async () => {
            await storage.transaction(async () => {
              await w.put({ id: 'kept', balance: 4 });
              storage.afterCommit(() => {
                hooks.push('kept');
              });
            });
            throw new Error('later step failed');
          }),
        ).rejects.toThrow('later step failed');
        expect((await w.get('kept'))?.balance).toBe(4);
        expect(hooks.at(-1)).toBe('kept');
      }));

    it('detached reads see committed state, not the caller’s transaction', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        await w.insert({ id: 'w', balance: 1 });
        await storage.transaction(async () => {
          await w.put({ id: 'w', balance: 2 });
          expect((await storage.detached(() => w.get('w')))?.balance).toBe(1);
          expect((await w.get('w'))?.balance).toBe(2);
        });
        expect((await storage.detached(() => w.get('w')))?.balance).toBe(2);
      }));

    it('others never see a transaction half done; a nested transaction is a savepoint', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        await w.insert({ id: 'w', balance: 100 });
        let release!: () => void;
        const paused = new Promise<void>((r) => (release = r));
        let reachedPause!: () => void;
        const atPause = new Promise<void>((r) => (reachedPause = r));
        const tx = storage.transaction(async () => {
          await w.update('w', (x) => ({ ...x, balance: 10 }));
          await storage
            .transaction(async () => {
              await w.update('w', (x) => ({ ...x, balance: 0 }));
              throw new Error('inner');
            })
            .catch(() => undefined);
          expect((await w.get('w'))?.balance).toBe(10);
          reachedPause();
          await paused;
        });
        await atPause;
        expect((await w.get('w'))?.balance).toBe(100);
        release();
        await tx;
        expect((await w.get('w'))?.balance).toBe(10);
      }));


    it('nested transactions opened before any write still undo exactly their own part, at every depth', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        await w.insert({ id: 'w', balance: 100 });
        const fail = (fn: () => Promise<void>) => storage.transaction(fn).catch((e: Error) => expect(e.message).toBe('undo'));
        await storage.transaction(async () => {
          await w.update('w', (x) => ({ ...x, balance: 90 }));
          // Two levels open with nothing written between them; the inner one writes and commits,
          // then the outer one throws: both writes go, the parent's 90 stays.
          await fail(async () => {
            await storage.transaction(async () => {
              await w.update('w', (x) => ({ ...x, balance: 80 }));
            });
            await w.update('w', (x) => ({ ...x, balance: 70 }));
            throw new Error('undo');
          });
          expect((await w.get('w'))?.balance).toBe(90);
          // A level that only read and threw undoes nothing of its parent.
          await fail(async () => {
            expect((await w.get('w'))?.balance).toBe(90);
            throw new Error('undo');
          });
          expect((await w.get('w'))?.balance).toBe(90);
          // Deep nesting, each level writing after its child: a throw in the middle level undoes it and its child only.
          await storage.transaction(async () => {
            await fail(async () => {
              await storage.transaction(async () => {
                await w.update('w', (x) => ({ ...x, balance: 60 }));
              });
              throw new Error('undo');
            });
            await w.update('w', (x) => ({ ...x, balance: x.balance + 1 }));
          });
          // 40 nested levels in a row (past where long transactions start releasing savepoints), each undone.
          for (let i = 0; i < 40; i++) {
            await fail(async () => {
              await storage.transaction(async () => {
                await w.update('w', (x) => ({ ...x, balance: i }));
              });
              throw new Error('undo');
            });
          }
          expect((await w.get('w'))?.balance).toBe(91);
        });
        expect((await w.get('w'))?.balance).toBe(91);
      }));
    it('a transaction racing plain writes on the same record loses none of them', () =>
      withStorage(async ({ storage }) => {
        const w = storage.collection(wallets);
        await w.insert({ id: 'w', balance: 1000 });
        const spend = (amount: number) =>
          storage.transaction(async () => {
            const cur = (await w.get('w'))!;
            await new Promise((r) => setImmediate(r)); // other work interleaves here
            if (cur.balance < amount) throw new Error('insufficient');
            await w.put({ ...cur, balance: cur.balance - amount });
            await storage.collection(notes).put({ id: `spent-${amount}`, value: amount });
          });
        const results = await Promise.allSettled([spend(600), w.update('w', (x) => ({ ...x, balance: x.balance + 1 })), spend(500), w.update('w', (x) => ({ ...x, balance: x.balance + 1 }))]);
        const spent = results.filter((r, i) => i % 2 === 0 && r.status === 'fulfilled').length;
        expect(spent).toBe(1);
        const final = (await w.get('w'))!.balance;
        expect(final === 1000 + 2 - 600 || final === 1000 + 2 - 500).toBe(true);
        expect(final).toBeGreaterThanOrEqual(0);
      }));

    it('keeps concurrent writes to several collections apart', () =>
      withStorage(async ({ storage }) => {
        await Promise.all([
          ...Array.from({ length: 50 }, (_, i) => storage.collection(people).insert(person(`c${i}`))),
          ...Array.from({ length: 50 }, (_, i) => storage.collection(wallets).insert({ id: `w${i}`, balance: i })),
          storage.collection(notes).putMany(Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, value: i }))),
        ]);
        expect(await storage.collection(people).count()).toBe(50);
        expect(await storage.collection(wallets).count()).toBe(50);
        expect(await storage.collection(notes).count()).toBe(50);
      }));

    it('keeps everything written before close when reopened, keys and indexes included', async () => {
      const subject = await open();
      try {
        if (!subject.reopen) return;
        const { storage } = subject;
        await storage.collection(people).putMany(Array.from({ length: 40 }, (_, i) => person(`p${i}`, { n: i, storeId: i % 2 ? 'st-001' : 'st-002' })));
        await storage.collection(notes).put({ id: 'k', value: { nested: ['æøå'] } });
        await Promise.all(Array.from({ length: 20 }, (_, i) => storage.collection(people).update(`p${i}`, (c) => ({ ...c, n: c.n + 100 }))));
        await storage.collection(people).remove('p39');
        await storage.transaction(async () => {
          await storage.collection(wallets).insert({ id: 'w', balance: 5 });
          await storage.collection(people).update('p0', (p) => ({ ...p, email: 'NY@example.dk' }));
        });
        await storage.close();
        await expect(storage.collection(notes).get('k')).rejects.toThrow(/closed/);
        const again = await subject.reopen();
        expect(await again.collection(people).count()).toBe(39);
        expect((await again.collection(people).get('p5'))?.n).toBe(105);
        expect(await again.collection(people).countBy('byStore', 'st-001')).toBe(19);
        expect((await again.collection(people).getBy('email', 'ny@example.dk'))?.id).toBe('p0');
        expect((await again.collection(wallets).get('w'))?.balance).toBe(5);
        expect(await again.collection(notes).get('k')).toEqual({ id: 'k', value: { nested: ['æøå'] } });
        await again.close();
      } finally {
        await subject.cleanup();
      }
    });
  });
}
