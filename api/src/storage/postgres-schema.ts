import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CollectionDef, Entity } from './port';

/**
 * How declared collections map to PostgreSQL, and the migrations that get a database there.
 *
 * One table per collection: `id` (primary key), `data` (the record as JSONB), `seq` (insertion
 * order, for `all()`), and real columns for what the declaration computes from a record — a
 * column and a unique index per unique key (`u_…`), a key and an order column with one b-tree
 * per index (`k_…`, `o_…`). Text columns compare bytewise (`COLLATE "C"`), the order the
 * embedded engine uses, so paging gives the same rows on both.
 *
 * Migrations run at start under an advisory lock, so instances starting together migrate once:
 * first the numbered migrations below (the fixed tables), then every declared collection is
 * brought to its declaration — a new collection gets its table, a new key or index its column
 * (filled from the stored records) and index, a dropped one goes. What was applied is recorded in
 * `storage_migrations` and `storage_collections`.
 */

/** Numbered migrations of the fixed tables; append only, never edit one that has shipped. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'collections registry',
    sql: `CREATE TABLE storage_collections (name text PRIMARY KEY, table_name text NOT NULL UNIQUE, layout jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  },
];

/** The advisory lock every migrating instance takes (an arbitrary constant: "optik-migrate"). */
export const MIGRATION_LOCK = 7_331_001;

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/[^a-z0-9_]/g, '_');

export interface Layout {
  table: string;
  /** unique key name → column */
  unique: Record<string, string>;
  /** index name → key and order columns */
  indexes: Record<string, { key: string; order: string }>;
}

export function layoutOf(def: CollectionDef): Layout {
  const unique: Record<string, string> = {};
  for (const k of Object.keys(def.unique)) unique[k] = `u_${snake(k)}`;
  const indexes: Record<string, { key: string; order: string }> = {};
  for (const i of Object.keys(def.indexes)) indexes[i] = { key: `k_${snake(i)}`, order: `o_${snake(i)}` };
  return { table: `c_${snake(def.name)}`, unique, indexes };
}

/** The computed columns of one record, in `columnsOf(layout)` order. */
export function valuesOf(def: CollectionDef, r: Entity): (string | null)[] {
  const out: (string | null)[] = [];
  for (const fn of Object.values(def.unique)) out.push(fn(r));
  for (const ix of Object.values(def.indexes)) {
    const key = ix.key(r);
    out.push(key, key === null ? null : ix.order ? ix.order(r) : r.id);
  }
  return out;
}

export function columnsOf(layout: Layout): string[] {
  return [...Object.values(layout.unique), ...Object.values(layout.indexes).flatMap((i) => [i.key, i.order])];
}

const indexName = (layout: Layout, col: string) => `${layout.table}__${col}`.slice(0, 63);

/**
 * What a table was built for: its columns. A key or index whose function changes meaning must get
 * a new name (the function's text differs between builds, so it cannot be compared).
 */
const fingerprint = (layout: Layout) => createHash('sha256').update(JSON.stringify(layout)).digest('hex');

/** Runs the migrations and brings every collection's table to its declaration, once across instances. */
export async function migrate(pool: pg.Pool, defs: readonly CollectionDef[], logger?: Logger): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS storage_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM storage_migrations')).rows.map((r) => r.version));
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO storage_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      logger?.info({ version: m.version }, `database migration ${m.version}: ${m.name}`);
    }
    const known = new Map((await client.query<{ name: string; layout: Layout & { fingerprint: string } }>('SELECT name, layout FROM storage_collections')).rows.map((r) => [r.name, r.layout]));
    for (const def of defs) {
      const layout = layoutOf(def);
      const fp = fingerprint(layout);
      const before = known.get(def.name);
      if (before?.fingerprint === fp) continue;
      await syncCollection(client, def, layout, before ?? null);
      await client.query(
        `INSERT INTO storage_collections (name, table_name, layout) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET table_name = EXCLUDED.table_name, layout = EXCLUDED.layout, updated_at = now()`,
        [def.name, layout.table, JSON.stringify({ ...layout, fingerprint: fp })],
      );
      logger?.info({ collection: def.name }, before ? 'database: collection layout updated' : 'database: collection created');
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function syncCollection(client: pg.PoolClient, def: CollectionDef, layout: Layout, before: Layout | null) {
  const t = layout.table;
  await client.query(`CREATE TABLE IF NOT EXISTS ${t} (id text COLLATE "C" PRIMARY KEY, seq bigint GENERATED ALWAYS AS IDENTITY, data jsonb NOT NULL)`);
  const wanted = columnsOf(layout);
  for (const col of wanted) await client.query(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${col} text COLLATE "C"`);
  // Columns of keys and indexes no longer declared go (with their indexes).
  const old = before ? columnsOf(before).filter((c) => !wanted.includes(c)) : [];
  for (const col of old) await client.query(`ALTER TABLE ${t} DROP COLUMN IF EXISTS ${col}`);
  await client.query(`CREATE INDEX IF NOT EXISTS ${t}__seq ON ${t} (seq)`);
  // Fill the computed columns of records stored before (a new key, or a changed key function).
  if (before && wanted.length > 0) {
    const rows = (await client.query<{ id: string; data: Entity }>(`SELECT id, data FROM ${t}`)).rows;
    for (const r of rows) {
      const vals = valuesOf(def, r.data);
      await client.query(`UPDATE ${t} SET ${wanted.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [r.id, ...vals]);
    }
  }
  for (const col of Object.values(layout.unique)) await client.query(`CREATE UNIQUE INDEX IF NOT EXISTS ${indexName(layout, col)} ON ${t} (${col})`);
  for (const ix of Object.values(layout.indexes)) {
    await client.query(`CREATE INDEX IF NOT EXISTS ${indexName(layout, ix.key)} ON ${t} (${ix.key}, ${ix.order}, id) WHERE ${ix.key} IS NOT NULL`);
  }
}

/** The unique key a violated unique index stands for (`id` for the primary key). */
export function keyOfConstraint(layout: Layout, constraint: string | undefined): string {
  if (!constraint || constraint.endsWith('_pkey')) return 'id';
  for (const [k, col] of Object.entries(layout.unique)) if (indexName(layout, col) === constraint) return k;
  return 'id';
}
