import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cart, storageContract } from './contract';
import { fsyncStats, openLowdbStorage } from './lowdb';
import { createMemoryStorage } from './memory';
import { CorruptDataError } from './port';

async function tempDir() {
  return mkdtemp(path.join(os.tmpdir(), 'optik-storage-'));
}

async function inTempDir(fn: (dir: string) => Promise<void>) {
  const dir = await tempDir();
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

storageContract('memory', async () => ({ storage: createMemoryStorage(), cleanup: async () => {} }));

storageContract('lowdb', async () => {
  const dir = await tempDir();
  return {
    storage: await openLowdbStorage({ dir }),
    reopen: () => openLowdbStorage({ dir }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('lowdb adapter on real files', () => {
  it('writes a cart update to one cart shard only, never to the catalogue', () =>
    inTempDir(async (dir) => {
      const s = await openLowdbStorage({ dir });
      await s.collection('meta').put({ id: 'seed', value: 1 });
      await s.collection('articles').putMany([]);
      await s.collection('carts').putMany(Array.from({ length: 64 }, (_, i) => cart(`shopper-${i}`)));
      // Every write is temp file + rename, so a rewritten file has a new inode.
      const before = new Map<string, number>();
      for (const f of await readdir(dir)) if (f.endsWith('.json')) before.set(f, (await stat(path.join(dir, f))).ino);
      await s.collection('carts').update('shopper-7', (c) => ({ ...c, isStore: true }));
      const changed: string[] = [];
      for (const f of await readdir(dir)) if (f.endsWith('.json') && (await stat(path.join(dir, f))).ino !== before.get(f)) changed.push(f);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(/^carts-\d{2}\.json$/);
      await s.close();
    }));

  it('refuses a truncated file, names it and its backup, and leaves its bytes alone', () =>
    inTempDir(async (dir) => {
      const s = await openLowdbStorage({ dir });
      await s.collection('meta').put({ id: 'seed', value: 'x'.repeat(200) });
      await s.close(); // a clean close keeps the backup
      const file = path.join(dir, 'meta.json');
      const broken = (await readFile(file, 'utf8')).slice(0, 40);
      await writeFile(file, broken);
      const err = await openLowdbStorage({ dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CorruptDataError);
      expect((err as CorruptDataError).message).toContain(file);
      expect((err as CorruptDataError).backup).toBe(path.join(dir, 'backup', 'meta.json'));
      expect((err as CorruptDataError).message).toContain(path.join(dir, 'backup', 'meta.json'));
      expect(await readFile(file, 'utf8')).toBe(broken);
      expect(JSON.parse(await readFile(path.join(dir, 'backup', 'meta.json'), 'utf8')).meta.seed.value).toHaveLength(200);
    }));

  it('refuses a record that does not fit its schema', () =>
    inTempDir(async (dir) => {
      await writeFile(path.join(dir, 'sessions-03.json'), JSON.stringify({ sessions: { s1: { id: 's1', role: 'wizard' } } }));
      await expect(openLowdbStorage({ dir })).rejects.toThrow(/sessions-03\.json/);
    }));

  it('drops a temp file left by an interrupted write', () =>
    inTempDir(async (dir) => {
      await writeFile(path.join(dir, '.meta.json.tmp'), '{"meta": {"half');
      const s = await openLowdbStorage({ dir });
      expect(await s.isEmpty()).toBe(true);
      expect(await readdir(dir)).not.toContain('.meta.json.tmp');
      await s.close();
    }));

  it('fsyncs durable groups (accounts) but not carts', () =>
    inTempDir(async (dir) => {
      const s = await openLowdbStorage({ dir });
      const start = { ...fsyncStats };
      await s.collection('carts').put(cart('c1'));
      expect(fsyncStats).toEqual(start);
      await s.collection('meta').put({ id: 'm', value: 1 });
      expect(fsyncStats.files).toBe(start.files + 1);
      expect(fsyncStats.dirs).toBe(start.dirs + 1);
      await s.close();
    }));

  it('coalesces concurrent writes into fewer file writes (group commit)', () =>
    inTempDir(async (dir) => {
      const s = await openLowdbStorage({ dir });
      await s.collection('meta').put({ id: 'n', value: 0 });
      const start = fsyncStats.files;
      await Promise.all(Array.from({ length: 100 }, (_, i) => s.collection('meta').put({ id: `k${i}`, value: i })));
      // one write in flight + one for everything queued behind it
      expect(fsyncStats.files - start).toBeLessThanOrEqual(2);
      expect(await s.collection('meta').count()).toBe(101);
      await s.close();
    }));
});
