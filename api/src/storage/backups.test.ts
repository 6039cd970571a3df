import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractCollections, notes, people, person, wallets } from './contract';
import { openLowdbStorage } from './lowdb';
import { CorruptDataError } from './port';
import { createLocalMailer } from '../ports/mail';
import { createLocalSms } from '../ports/sms';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'optik-backup-'));
  dirs.push(d);
  return d;
}
const mode = async (p: string) => (await stat(p)).mode & 0o777;
const SNAPSHOT = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;
const snapshots = async (dir: string) => (await readdir(path.join(dir, 'backup'))).filter((f) => SNAPSHOT.test(f)).sort();
const open = (dir: string, backups?: { intervalMs?: number | null; keep?: number }) => openLowdbStorage({ dir, collections: contractCollections, ...(backups ? { backups } : {}) });

describe('embedded store backups: rotating snapshots', () => {
  it('the first start of the API has a backup, holding the seeded data', async () => {
    const dir = await tempDir();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiDir,
        env: { ...process.env, DEMO: '1', NODE_ENV: undefined, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info', APP_SECRET: undefined, DATA_ENCRYPTION_KEY: undefined, STORAGE_URL: undefined },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const onData = (b: Buffer) => {
        output += b.toString();
        if (/API klar/.test(output)) child.kill('SIGTERM');
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', reject);
      child.on('exit', (code) => (/API klar/.test(output) ? resolve() : reject(new Error(`exit ${code}: ${output.slice(-2000)}`))));
    });
    const [first] = await snapshots(dir);
    expect(first).toBeDefined();
    const files = await readdir(path.join(dir, 'backup', first!));
    expect(files).toContain('catalogue.json');
    const catalogue = JSON.parse(await readFile(path.join(dir, 'backup', first!, 'catalogue.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(catalogue.articles ?? {}).length).toBeGreaterThan(100);
    expect(await mode(path.join(dir, 'backup', first!))).toBe(0o700);
    expect(await mode(path.join(dir, 'backup', first!, 'catalogue.json'))).toBe(0o600);
  }, 60_000);

  it('a store opened with data takes a snapshot; a changed store gets a new one, an unchanged one none; after K+2 only the newest K remain', async () => {
    const dir = await tempDir();
    const s0 = await open(dir, { keep: 3 });
    expect(await snapshots(dir)).toEqual([]); // empty: nothing to keep
    await s0.collection(wallets).put({ id: 'w', balance: 0 });
    await s0.close(); // a clean close takes one
    expect(await snapshots(dir)).toHaveLength(1);

    const s = await open(dir, { keep: 3 });
    // Opened with the same data as the newest snapshot: not taken again.
    expect(await snapshots(dir)).toHaveLength(1);
    const taken: string[] = [];
    for (let i = 1; i <= 4; i++) {
      await s.collection(wallets).put({ id: 'w', balance: i });
      taken.push(path.basename(await s.snapshot()));
    }
    expect(await s.snapshot()).toBe(path.join(dir, 'backup', taken.at(-1)!)); // unchanged: the newest is it
    const kept = await snapshots(dir);
    expect(kept).toEqual(taken.slice(-3));
    const balances = await Promise.all(kept.map(async (k) => JSON.parse(await readFile(path.join(dir, 'backup', k, 'money.json'), 'utf8')).wallets.w.balance));
    expect(balances).toEqual([2, 3, 4]);
    await s.close();
  });

  it('takes snapshots every interval while running', async () => {
    const dir = await tempDir();
    const s = await open(dir, { intervalMs: 20, keep: 50 });
    try {
      for (let i = 0; i < 3; i++) {
        await s.collection(wallets).put({ id: 'w', balance: i });
        await vi.waitFor(async () => {
          const newest = (await snapshots(dir)).at(-1);
          expect(newest && JSON.parse(await readFile(path.join(dir, 'backup', newest, 'money.json'), 'utf8')).wallets.w.balance).toBe(i);
        }, { timeout: 5_000, interval: 10 });
      }
      expect((await snapshots(dir)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await s.close();
    }
  });

  it('a snapshot taken while transactions keep committing holds whole transactions only, and opens as a store on its own', async () => {
    const dir = await tempDir();
    const s = await open(dir, { keep: 100 });
    const TOTAL = 1000;
    await s.transaction(async () => {
      await s.collection(wallets).put({ id: 'a', balance: TOTAL });
      await s.collection(wallets).put({ id: 'b', balance: 0 });
    });
    // Transfers touch two files (money and a sharded notes file) and two records in each: a
    // half-applied one would break a sum or the count of notes.
    let running = true;
    const writer = (async () => {
      for (let n = 1; running && n <= 400; n++) {
        await s.transaction(async () => {
          const a = (await s.collection(wallets).get('a'))!;
          const b = (await s.collection(wallets).get('b'))!;
          await s.collection(wallets).put({ id: 'a', balance: a.balance - 1 });
          await s.collection(notes).put({ id: `n-${n}`, value: n });
          await s.collection(wallets).put({ id: 'b', balance: b.balance + 1 });
        });
      }
    })();
    const taken: string[] = [];
    for (let i = 0; i < 8; i++) taken.push(await s.snapshot());
    running = false;
    await writer;
    await s.close();

    let sawProgress = false;
    for (const snap of new Set(taken)) {
      const copy = await tempDir();
      await cp(snap, copy, { recursive: true });
      const restored = await open(copy);
      try {
        const a = (await restored.collection(wallets).get('a'))!.balance;
        const b = (await restored.collection(wallets).get('b'))!.balance;
        expect(a + b).toBe(TOTAL);
        expect(await restored.collection(notes).count()).toBe(b);
        if (b > 0 && b < 400) sawProgress = true;
      } finally {
        await restored.close();
      }
    }
    expect(sawProgress).toBe(true);
  });

  it('a damaged data file points to the newest backup copy of it', async () => {
    const dir = await tempDir();
    const s = await open(dir);
    await s.collection(people).insert(person('p1'));
    await s.collection(wallets).put({ id: 'w', balance: 1 });
    const older = await s.snapshot();
    await s.collection(wallets).put({ id: 'w', balance: 2 });
    const newer = await s.snapshot();
    expect(newer).not.toBe(older);
    await s.close();
    const file = path.join(dir, 'money.json');
    await writeFile(file, '{"wallets": {"w": ');
    const err = (await open(dir).catch((e: unknown) => e)) as CorruptDataError;
    expect(err).toBeInstanceOf(CorruptDataError);
    expect(err.backup).toBe(path.join(newer, 'money.json'));
    expect(err.message).toContain(path.join(newer, 'money.json'));
    expect(JSON.parse(await readFile(err.backup!, 'utf8')).wallets.w.balance).toBe(2);
  });
});

describe('embedded store file modes', () => {
  it('data files, journals, backups: 0600; the folders 0700; files an older version left 0644 are tightened at open', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'money.json'), JSON.stringify({ wallets: { old: { id: 'old', balance: 5 } } }), { mode: 0o644 });
    const s = await open(dir);
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'money.json'))).toBe(0o600);
    await s.collection(wallets).put({ id: 'w', balance: 1 });
    await s.collection(notes).put({ id: 'n', value: 1 });
    const journal = (await readdir(dir)).find((f) => f.startsWith('journal-'))!;
    expect(await mode(path.join(dir, journal))).toBe(0o600);
    const snap = await s.snapshot();
    await s.close(); // the checkpoint writes every data file
    expect(await mode(path.join(dir, 'backup'))).toBe(0o700);
    expect(await mode(snap)).toBe(0o700);
    for (const f of await readdir(snap)) expect(await mode(path.join(snap, f))).toBe(0o600);
    const dataFiles = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    expect(dataFiles.length).toBeGreaterThan(1);
    for (const f of dataFiles) expect(await mode(path.join(dir, f))).toBe(0o600);
  });

  it('the local mail and SMS outboxes under DATA_DIR: folders 0700, messages 0600', async () => {
    const dir = await tempDir();
    await createLocalMailer(path.join(dir, 'mail')).send({ to: 'kunde@example.dk', subject: 'Test', text: 'Hej' });
    await createLocalSms(path.join(dir, 'sms')).send({ to: '+4520304050', text: 'Hej', idempotencyKey: 'k1' });
    await createLocalSms(path.join(dir, 'sms')).send({ to: '+4520304050', text: 'Hej igen' });
    for (const box of ['mail', 'sms']) {
      expect(await mode(path.join(dir, box))).toBe(0o700);
      const files = await readdir(path.join(dir, box));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(await mode(path.join(dir, box, f))).toBe(0o600);
    }
  });
});
