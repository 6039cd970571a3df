import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, stopTestPostgres } from '../test/postgres';
import { createPostgresCoordination } from './postgres';

afterAll(() => stopTestPostgres());

async function twoInstances(fn: (a: ReturnType<typeof createPostgresCoordination>, b: ReturnType<typeof createPostgresCoordination>, url: string) => Promise<void>) {
  const db = await freshDatabase();
  const a = createPostgresCoordination({ url: db.url, poolSize: 4 });
  const b = createPostgresCoordination({ url: db.url, poolSize: 4 });
  try {
    await fn(a, b, db.url);
  } finally {
    await a.close().catch(() => undefined);
    await b.close().catch(() => undefined);
    await db.drop();
  }
}

describe('postgres coordination (advisory locks) across two instances', () => {
  it('tasks with one key never overlap across instances; other keys run side by side', () =>
    twoInstances(async (a, b) => {
      let active = 0;
      let most = 0;
      const order: string[] = [];
      const task = (name: string) => async () => {
        active += 1;
        most = Math.max(most, active);
        order.push(`${name} start`);
        await new Promise((r) => setImmediate(r));
        order.push(`${name} end`);
        active -= 1;
        return name;
      };
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).run('order:1', task(`t${i}`))));
      expect(results).toHaveLength(12);
      expect(most).toBe(1);

      // Another key is not held up by a held one — once it is really held (its task has begun:
      // under load, b's run could otherwise finish first, and `release` would not exist yet).
      let release!: () => void;
      let began!: () => void;
      const isHeld = new Promise<void>((r) => (began = r));
      const held = a.run('order:2', () => new Promise<void>((r) => ((release = r), began())));
      await isHeld;
      await expect(b.run('order:3', async () => 'free')).resolves.toBe('free');
      release();
      await held;
    }));

  it('a lock held by an instance that dies is released with its connection', () =>
    twoInstances(async (a, b, url) => {
      let started!: () => void;
      const isHeld = new Promise<void>((r) => (started = r));
      let wakeUp!: () => void;
      const hung = new Promise<void>((r) => (wakeUp = r));
      // a takes the lock and hangs (a process that stops, then is killed).
      const aRun = a.run('job', async () => {
        started();
        await hung;
        return 'a finished late';
      });
      await isHeld;
      const waiting = b.run('job', async () => 'taken over');
      // kill -9 of instance a: its connections end.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'optik-api-locks' AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)`);
      await admin.end();
      await expect(waiting).resolves.toBe('taken over');
      // The hung task ends after all: its unlock fails on the dead connection, which is dropped, not reused.
      wakeUp();
      await expect(aRun).resolves.toBe('a finished late');
      await expect(a.run('job', async () => 'a works again')).resolves.toBe('a works again');
    }));
});
