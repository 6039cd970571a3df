import { describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Storage } from './port';
import type { CartRecord, SessionRecord } from './records';

/**
 * The storage port's contract. Every adapter (memory, lowdb, a future PostgreSQL one) runs
 * this suite; `reopen` (when the adapter persists) proves that what resolved before
 * `close()` is there after a restart.
 */
export interface ContractSubject {
  storage: Storage;
  reopen?: () => Promise<Storage>;
  cleanup: () => Promise<void>;
}

const at = '2026-11-22T10:00:00.000Z';
export const session = (id: string, accountId = 'u-1'): SessionRecord => ({ id, accountId, role: 'customer', storeId: null, createdAt: at, expiresAt: at });
export const cart = (id: string, quantity = 1): CartRecord => ({
  id,
  accountId: null,
  isStore: false,
  createdAt: at,
  updatedAt: at,
  items: [
    {
      skuId: 'a-00001-1', parentSkuID: null, quantity, articleId: 'a-00001', articleDescription: 'Ray-Ban RB5154', ref: '49-21-140', slug: 'ray-ban-rb5154',
      category: 'briller', brand: 'Ray-Ban', media: '/m.svg', price: { amount: 129500, ordinaryPrice: 129500, isCampaign: false }, isEditAble: true,
      subscriptionInterval: null, prescription: null, prescriptionGlasses: null,
    },
  ],
});

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

    it('starts empty, then stores, reads, counts, finds and removes', () =>
      withStorage(async ({ storage }) => {
        expect(await storage.isEmpty()).toBe(true);
        const meta = storage.collection('meta');
        await meta.insert({ id: 'a', value: 1 });
        await meta.put({ id: 'b', value: 2 });
        expect(await storage.isEmpty()).toBe(false);
        expect(await meta.get('a')).toEqual({ id: 'a', value: 1 });
        expect(await meta.get('zzz')).toBeUndefined();
        expect(await meta.count()).toBe(2);
        expect((await meta.all()).map((m) => m.id).sort()).toEqual(['a', 'b']);
        expect(await meta.find((m) => m.value === 2)).toEqual([{ id: 'b', value: 2 }]);
        expect(await meta.findOne((m) => m.value === 3)).toBeUndefined();
        await meta.put({ id: 'b', value: 3 });
        expect(await meta.get('b')).toEqual({ id: 'b', value: 3 });
        expect(await meta.remove('a')).toBe(true);
        expect(await meta.remove('a')).toBe(false);
        expect(await meta.count()).toBe(1);
      }));

    it('refuses a duplicate insert with DuplicateKeyError and keeps the first', () =>
      withStorage(async ({ storage }) => {
        const s = storage.collection('sessions');
        await s.insert(session('x', 'first'));
        await expect(s.insert(session('x', 'second'))).rejects.toBeInstanceOf(DuplicateKeyError);
        expect((await s.get('x'))?.accountId).toBe('first');
      }));

    it('update: absent → undefined; a throwing mutate leaves the record unchanged', () =>
      withStorage(async ({ storage }) => {
        const carts = storage.collection('carts');
        expect(await carts.update('nope', (c) => c)).toBeUndefined();
        await carts.insert(cart('c1', 2));
        await expect(
          carts.update('c1', (c) => {
            c.items[0]!.quantity = 99;
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect((await carts.get('c1'))?.items[0]?.quantity).toBe(2);
      }));

    it('hands out copies: mutating a returned record changes nothing stored', () =>
      withStorage(async ({ storage }) => {
        const carts = storage.collection('carts');
        const inserted = await carts.insert(cart('c1'));
        inserted.items[0]!.quantity = 7;
        const read = await carts.get('c1');
        read!.items.length = 0;
        expect((await carts.get('c1'))?.items[0]?.quantity).toBe(1);
      }));

    it('loses no update when 200 read-modify-writes run at once', () =>
      withStorage(async ({ storage }) => {
        const meta = storage.collection('meta');
        await meta.insert({ id: 'counter', value: 0 });
        await Promise.all(Array.from({ length: 200 }, () => meta.update('counter', (m) => ({ ...m, value: (m.value as number) + 1 }))));
        expect((await meta.get('counter'))?.value).toBe(200);
      }));

    it('keeps concurrent writes to several collections apart', () =>
      withStorage(async ({ storage }) => {
        await Promise.all([
          ...Array.from({ length: 50 }, (_, i) => storage.collection('carts').insert(cart(`c${i}`))),
          ...Array.from({ length: 50 }, (_, i) => storage.collection('sessions').insert(session(`s${i}`))),
          storage.collection('meta').putMany(Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, value: i }))),
        ]);
        expect(await storage.collection('carts').count()).toBe(50);
        expect(await storage.collection('sessions').count()).toBe(50);
        expect(await storage.collection('meta').count()).toBe(50);
      }));

    it('keeps everything written before close when reopened', async () => {
      const subject = await open();
      try {
        if (!subject.reopen) return;
        const { storage } = subject;
        await storage.collection('carts').putMany(Array.from({ length: 40 }, (_, i) => cart(`c${i}`, (i % 12) + 1)));
        await storage.collection('meta').put({ id: 'k', value: { nested: ['æøå'] } });
        await Promise.all(Array.from({ length: 20 }, (_, i) => storage.collection('carts').update(`c${i}`, (c) => ({ ...c, isStore: true }))));
        await storage.collection('carts').remove('c39');
        await storage.close();
        await expect(storage.collection('meta').get('k')).rejects.toThrow(/closed/);
        const again = await subject.reopen();
        expect(await again.collection('carts').count()).toBe(39);
        expect((await again.collection('carts').find((c) => c.isStore)).length).toBe(20);
        expect((await again.collection('carts').get('c5'))?.items[0]?.quantity).toBe(6);
        expect(await again.collection('meta').get('k')).toEqual({ id: 'k', value: { nested: ['æøå'] } });
        await again.close();
      } finally {
        await subject.cleanup();
      }
    });
  });
}
