import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractCollections, notes, people, person, storageContract, wallets } from './contract';
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

const openAt = (dir: string) => openLowdbStorage({ dir, collections: contractCollections });
const journals = async (dir: string) => (await readdir(dir)).filter((f) => f.startsWith('journal-'));

storageContract('memory', async () => ({ storage: createMemoryStorage(contractCollections), cleanup: async () => {} }));

storageContract('lowdb', async () => {
  const dir = await tempDir();
  return {
    storage: await openAt(dir),
    reopen: () => openAt(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('lowdb adapter on real files', () => {
  it('commits to the journal only; a checkpoint (close) rewrites just the files that changed', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      await s.collection(wallets).put({ id: 'w', balance: 1 });
      await s.collection(notes).putMany(Array.from({ length: 64 }, (_, i) => ({ id: `n${i}`, value: i })));
      await s.close();
      const inodes = async () => {
        const m = new Map<string, number>();
        for (const f of await readdir(dir)) if (f.endsWith('.json')) m.set(f, (await stat(path.join(dir, f))).ino);
        return m;
      };
      const before = await inodes();
      const again = await openAt(dir);
      await again.collection(notes).update('n7', (n) => ({ ...n, value: 'x' }));
      // Committed and durable, yet no data file was rewritten: the change is one journal line.
      expect(await inodes()).toEqual(before);
      expect(await journals(dir)).toHaveLength(1);
      await again.close();
      const after = await inodes();
      const changed = [...after].filter(([f, ino]) => before.get(f) !== ino).map(([f]) => f);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(/^notes-\d{2}\.json$/);
      expect(await journals(dir)).toEqual([]);
    }));

  it('checkpoints while commits keep arriving, and loses none of them (killed or closed)', () =>
    inTempDir(async (dir) => {
      const warnings: unknown[] = [];
      const s = await openLowdbStorage({ dir, collections: contractCollections, checkpointChanges: 25, logger: { info: () => {}, warn: (obj) => warnings.push(obj) } });
      const w = s.collection(wallets);
      // Waves of concurrent commits: every few waves pass the checkpoint threshold mid-wave.
      for (let wave = 0; wave < 40; wave++) {
        await Promise.all(Array.from({ length: 10 }, (_, i) => w.put({ id: `w${wave}-${i}`, balance: wave * 10 + i })));
      }
      expect(warnings).toEqual([]);
      // Not closed: what a restart after kill -9 sees (data files from checkpoints + the journal since).
      const again = await openAt(dir);
      expect(await again.collection(wallets).count()).toBe(400);
      expect((await again.collection(wallets).get('w39-9'))?.balance).toBe(399);
      await again.close();
      await s.close();
    }));

  it('keeps a commit that resolved when the process dies without closing (journal replay)', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      await s.transaction(async () => {
        await s.collection(wallets).insert({ id: 'w', balance: 70 });
        await s.collection(people).insert(person('p1', { email: 'Replay@example.dk' }));
      });
      await s.collection(wallets).update('w', (w) => ({ ...w, balance: 30 }));
      // no close(): a second open on the same folder is what a restart after kill -9 sees
      const again = await openAt(dir);
      expect((await again.collection(wallets).get('w'))?.balance).toBe(30);
      expect((await again.collection(people).getBy('email', 'replay@example.dk'))?.id).toBe('p1');
      expect(await journals(dir)).toEqual([]); // folded into the data files at start
      await again.close();
    }));

  it('drops a journal line cut off by a crash (it was never acknowledged) and keeps the rest', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      await s.collection(wallets).insert({ id: 'w', balance: 1 });
      const [file] = await journals(dir);
      await appendFile(path.join(dir, file!), '[["wallets","w",{"id":"w","bal');
      const again = await openAt(dir);
      expect((await again.collection(wallets).get('w'))?.balance).toBe(1);
      await again.close();
    }));

  it('refuses a damaged journal line that is not the last, naming the file', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      await s.collection(wallets).insert({ id: 'w', balance: 1 });
      const [file] = await journals(dir);
      const full = path.join(dir, file!);
      await writeFile(full, `{broken\n${await readFile(full, 'utf8')}`);
      const err = await openAt(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CorruptDataError);
      expect((err as CorruptDataError).message).toContain(full);
    }));

  it('refuses a truncated data file, names it and its backup, and leaves its bytes alone', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      await s.collection(wallets).put({ id: 'seed', balance: 10 ** 12 });
      await s.collection(wallets).put({ id: 'other', balance: 2 });
      await s.close(); // a clean close takes a snapshot
      const file = path.join(dir, 'money.json');
      const broken = (await readFile(file, 'utf8')).slice(0, 30);
      await writeFile(file, broken);
      const err = await openAt(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CorruptDataError);
      expect((err as CorruptDataError).message).toContain(file);
      const [snapshot] = (await readdir(path.join(dir, 'backup'))).filter((f) => !f.startsWith('.'));
      const copy = path.join(dir, 'backup', snapshot!, 'money.json');
      expect((err as CorruptDataError).backup).toBe(copy);
      expect((err as CorruptDataError).message).toContain(copy);
      expect(await readFile(file, 'utf8')).toBe(broken);
      expect(JSON.parse(await readFile(copy, 'utf8')).wallets.seed.balance).toBe(10 ** 12);
    }));

  it('refuses a record that does not fit its schema', () =>
    inTempDir(async (dir) => {
      await writeFile(path.join(dir, 'notes-03.json'), JSON.stringify({ notes: { s1: { value: 1 } } }));
      await expect(openAt(dir)).rejects.toThrow(/notes-03\.json/);
    }));

  it('loads records that share a unique key (written before the key existed), reports them without the value, and keeps the first as holder', () =>
    inTempDir(async (dir) => {
      const rows = { a: person('a', { email: 'dup@example.dk' }), b: person('b', { email: 'DUP@example.dk' }), c: person('c') };
      await writeFile(path.join(dir, 'people.json'), JSON.stringify({ people: rows }));
      const warnings: unknown[] = [];
      const s = await openLowdbStorage({ dir, collections: contractCollections, logger: { info: () => {}, warn: (obj) => warnings.push(obj) } });
      expect(warnings).toEqual([{ collection: 'people', key: 'email', records: 1 }]);
      expect(JSON.stringify(warnings)).not.toContain('dup@');
      expect((await s.collection(people).getBy('email', 'dup@example.dk'))?.id).toBe('a');
      expect(await s.collection(people).count()).toBe(3);
      await s.close();
    }));

  it('drops a temp file left by an interrupted write', () =>
    inTempDir(async (dir) => {
      await writeFile(path.join(dir, '.money.json.tmp'), '{"wallets": {"half');
      const s = await openAt(dir);
      expect(await s.isEmpty()).toBe(true);
      expect(await readdir(dir)).not.toContain('.money.json.tmp');
      await s.close();
    }));

  it('fsyncs the journal before a commit resolves, and one fsync serves commits that arrive together (group commit)', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      const start = fsyncStats.journal;
      await s.collection(wallets).put({ id: 'w', balance: 1 });
      expect(fsyncStats.journal).toBe(start + 1);
      const before = fsyncStats.journal;
      await Promise.all(Array.from({ length: 100 }, (_, i) => s.collection(wallets).put({ id: `k${i}`, balance: i })));
      // one append in flight + one for everything queued behind it
      expect(fsyncStats.journal - before).toBeLessThanOrEqual(2);
      expect(await s.collection(wallets).count()).toBe(101);
      await s.close();
    }));

  it('a batch of transactions run one after another waits for the journal once or twice, not once per transaction, and survives a reopen', () =>
    inTempDir(async (dir) => {
      const s = await openAt(dir);
      const before = fsyncStats.journal;
      await s.batch(async () => {
        for (let i = 0; i < 20; i++) await s.transaction(() => s.collection(wallets).put({ id: `b${i}`, balance: i }));
      });
      // the first commit's append + one for the rest queued behind it
      expect(fsyncStats.journal - before).toBeLessThanOrEqual(2);
      // no close(): a second open on the same folder is what a restart after kill -9 sees
      const again = await openAt(dir);
      expect(await again.collection(wallets).count()).toBe(20);
      await again.close();
    }));
});

describe('onChange (embedded engine)', () => {
  it('calls listeners after a commit that wrote an announced collection, not after a rollback, and refuses unannounced ones', async () => {
    const s = createMemoryStorage(contractCollections);
    const heard: number[] = [];
    const stop = s.onChange([wallets], () => heard.push(heard.length + 1));
    expect(() => s.onChange([people], () => undefined)).toThrow(/announce/);
    await s.collection(people).insert(person('p1'));
    await s.collection(wallets).insert({ id: 'w', balance: 1 });
    await expect.poll(() => heard.length).toBe(1);
    await s
      .transaction(async () => {
        await s.collection(wallets).put({ id: 'w', balance: 2 });
        throw new Error('no');
      })
      .catch(() => undefined);
    await s.transaction(async () => {
      await s.collection(wallets).put({ id: 'w', balance: 3 });
      await s.collection(notes).put({ id: 'n', value: 1 });
    });
    await expect.poll(() => heard.length).toBe(2);
    stop();
    await s.collection(wallets).put({ id: 'w', balance: 4 });
    await s.collection(wallets).get('w');
    expect(heard).toEqual([1, 2]);
  });
});
