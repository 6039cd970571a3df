import pg from 'pg';
import type { Logger } from 'pino';
import { createMemoryCoordination } from './memory';
import type { Coordination } from './port';

/**
 * Coordination across API instances on one PostgreSQL: a session advisory lock per key
 * (`pg_advisory_lock(hashtextextended(key, 0))`) held on a connection of its own while `fn` runs.
 * Within one instance the memory implementation queues callers first, so waiting callers of one
 * key hold no connection; across instances PostgreSQL makes the second wait for the first. A
 * crashed instance's locks go with its connections. (Distinct keys may share a 64-bit hash:
 * then they merely wait for each other.)
 */
export function createPostgresCoordination(opts: { url: string; poolSize?: number; logger?: Logger }): Coordination & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, application_name: 'optik-api-locks' });
  pool.on('error', (err) => opts.logger?.warn({ err }, 'postgres: idle lock connection failed'));
  const local = createMemoryCoordination();

  async function holding<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    // The connection can fail while `fn` runs (the server restarts): then the lock is gone too; say so, never crash.
    const onError = (err: unknown) => {
      broken = true;
      opts.logger?.warn({ err }, 'postgres: lost the connection holding an advisory lock');
    };
    client.on('error', onError);
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((err: unknown) => {
          // A connection that cannot unlock is closed, which releases the lock.
          broken = true;
          opts.logger?.warn({ err }, 'postgres: advisory unlock failed; closing the connection');
        });
      }
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  return {
    run: (key, fn) => local.run(key, () => holding(key, fn)),
    // Callers in this instance share one run; instances take turns (each fills its own cache, or the job runs once at a time).
    singleFlight: (key, fn) => local.singleFlight(key, () => holding(key, fn)),
    close: () => pool.end(),
  };
}
