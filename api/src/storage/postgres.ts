import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Logger } from 'pino';
import { columnsOf, keyOfConstraint, layoutOf, migrate, valuesOf, type Layout } from './postgres-schema';
import { decodeCursor, DuplicateKeyError, encodeCursor, type Collection, type CollectionDef, type Entity, type ListOptions, type Page, type Storage } from './port';

/**
 * The PostgreSQL adapter (`STORAGE_URL=postgres://…`): several API instances share one database.
 *
 * - Each collection is a table (postgres-schema.ts); unique keys are unique indexes, indexes b-trees.
 * - `transaction(fn)` is one SERIALIZABLE transaction on one pooled connection; a nested one is a
 *   savepoint. PostgreSQL then guarantees what the embedded engine gets from running transactions
 *   one at a time: the outcome equals some serial order. A transaction that loses a conflict
 *   (serialization failure, deadlock, or a unique index raced past the key check) is rolled back
 *   and `fn` runs again from the start; its after-commit hooks only ever run for the attempt that
 *   committed. So `fn` must do nothing outside storage but compute (the port already says so).
 * - A plain write outside a transaction is a transaction of its own; `update` reads the row
 *   `FOR UPDATE`. Reads outside a transaction are single statements on the pool.
 * - Unique keys are checked before a write, inside the transaction, so a taken key throws
 *   `DuplicateKeyError` and leaves the transaction usable — as on the embedded store.
 * - Commits that wrote a collection notify `optik_storage_changes` (delivered only on commit);
 *   `onChange` listeners on every instance hear them (LISTEN on a connection of its own).
 */

const CHANGES_CHANNEL = 'optik_storage_changes';
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 30;

type Hook = () => void | Promise<void>;

interface PgTx {
  owner: PostgresStorage;
  client: pg.PoolClient;
  /** One list per level: the transaction, then each nested transaction (savepoint) open in it. */
  hooks: Hook[][];
  /**
   * The nested transactions open, innermost last, each with the savepoint that undoes it — none
   * until something in it writes (lazy: a nested transaction that only reads, or that several
   * levels open at once before writing, costs no round trip or one, not one per level).
   */
  levels: { name: string | null }[];
  /** Savepoints set so far (names are sp1, sp2, …). */
  savepoints: number;
  written: Set<string>;
  /** Set when PostgreSQL failed a statement so that only a fresh attempt can go on. */
  doomed: unknown;
  /** The statement in flight on `client`; the next waits for it. */
  queue: Promise<void>;
  /**
   * Committed or rolled back. Work started inside the transaction that outlives it (a shared
   * cache being filled) then reads from the pool, never from a connection handed to someone else.
   */
  done: boolean;
}

interface Batch {
  owner: PostgresStorage;
  hooks: Hook[];
  /** A transaction committed without waiting for the disk: the batch flushes before it ends. */
  unflushed: boolean;
}

const currentTx = new AsyncLocalStorage<PgTx>();
const currentBatch = new AsyncLocalStorage<Batch>();

/** A statement that changes data or takes a row lock (a savepoint must be able to undo it); plain SELECTs only read. */
function writes(text: string): boolean {
  return !/^\s*SELECT\b/i.test(text) || /\bFOR\s+(UPDATE|NO KEY UPDATE|SHARE|KEY SHARE)\b/i.test(text);
}

/** Thrown into `fn` when its transaction can no longer commit; the outer transaction runs `fn` again. */
class RetryTransaction extends Error {
  constructor(override readonly cause: unknown) {
    super('transaction must be retried');
  }
}

const pgCode = (err: unknown): string | undefined => (err && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : undefined);


export interface PostgresOptions {
  url: string;
  collections: readonly CollectionDef[];
  logger?: Logger;
  /** Connections for storage work (default 10). */
  poolSize?: number;
}

export type PostgresStorage = Storage & {
  /** The pool, for the PostgreSQL coordination port. */
  readonly pool: pg.Pool;
  /** Resolves once this instance listens for other instances' changes (after the first `onChange`). */
  listening(): Promise<void>;
};

/** Opens (and migrates) the database at `url`. */
export async function openPostgresStorage(opts: PostgresOptions): Promise<PostgresStorage> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, application_name: 'optik-api' });
  // An idle connection the server drops must not crash the process.
  pool.on('error', (err) => opts.logger?.warn({ err }, 'postgres: idle connection failed'));
  try {
    await migrate(pool, opts.collections, opts.logger);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const adapter = new Adapter(pool, opts.collections, opts.url, opts.logger);
  return adapter.storage;
}

class Adapter {
  readonly storage: PostgresStorage;
  private readonly defs = new Map<string, { def: CollectionDef; layout: Layout }>();
  private readonly handles = new Map<string, PgCollection>();
  private readonly watchers = new Set<{ names: Set<string>; fn: () => void }>();
  private readonly announced = new Set<string>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly pool: pg.Pool,
    defs: readonly CollectionDef[],
    private readonly url: string,
    private readonly logger?: Logger,
  ) {
    for (const def of defs) {
      if (this.defs.has(def.name)) throw new Error(`collection ${def.name} is declared twice`);
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(def.name)) throw new Error(`collection name ${def.name}: letters and digits only`);
      this.defs.set(def.name, { def, layout: layoutOf(def) });
      if (def.announce) this.announced.add(def.name);
    }
    this.storage = {
      pool,
      collection: (def) => this.handle(def) as never,
      transaction: (fn) => this.transaction(fn),
      afterCommit: (fn) => this.afterCommit(fn),
      batch: (fn) => this.batch(fn),
      detached: (fn) => this.detached(fn),
      onChange: (collections, fn) => this.onChange(collections, fn),
      listening: () => this.listenReady(),
      isEmpty: () => this.isEmpty(),
      flush: async () => {},
      close: () => this.close(),
    };
  }

  live(what: string) {
    if (this.closed) throw new Error(`storage is closed (${what})`);
  }

  private handle(def: CollectionDef): PgCollection {
    const known = this.defs.get(def.name);
    if (!known || known.def !== def) throw new Error(`collection ${def.name} is not registered with this storage`);
    let h = this.handles.get(def.name);
    if (!h) this.handles.set(def.name, (h = new PgCollection(this, known.def, known.layout)));
    return h;
  }

  tx(): PgTx | undefined {
    const tx = currentTx.getStore();
    return tx && tx.owner === this.storage && !tx.done ? tx : undefined;
  }

  /** Runs one statement in the caller's transaction, or on the pool. */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const tx = this.tx();
    if (!tx) return this.pool.query<R>(text, values);
    if (tx.doomed) throw new RetryTransaction(tx.doomed);
    try {
      // A write (or row lock) in a nested transaction that has no savepoint yet sets one first;
      // every open level without one starts at this same state (nothing was written since they
      // began), so they share it.
      const inner = tx.levels[tx.levels.length - 1];
      if (inner && inner.name === null && writes(text)) {
        const name = `sp${++tx.savepoints}`;
        for (let i = tx.levels.length - 1; i >= 0 && tx.levels[i]!.name === null; i--) tx.levels[i]!.name = name;
        const set = tx.queue.then(() => tx.client.query(`SAVEPOINT ${name}`));
        tx.queue = set.then(
          () => undefined,
          () => undefined,
        );
        await set;
      }
      // One statement at a time on the transaction's connection (reads started together queue here, not in the driver).
      const run = tx.queue.then(() => tx.client.query<R>(text, values));
      tx.queue = run.then(
        () => undefined,
        () => undefined,
      );
      return await run;
    } catch (err) {
      // Inside a transaction every failure is final for this attempt: PostgreSQL aborts it.
      tx.doomed = err;
      const code = pgCode(err);
      if (code && (RETRYABLE.has(code) || code === '23505')) throw new RetryTransaction(err);
      throw err;
    }
  }

  /**
   * Runs a single-record write inside the caller's transaction, or in one of its own at READ
   * COMMITTED: its atomicity comes from the row lock (`update` reads FOR UPDATE and so waits for,
   * then sees, the latest version) and the unique indexes, and a hot record then queues instead
   * of failing serialization over and over.
   */
  write<R>(fn: (tx: PgTx) => Promise<R>): Promise<R> {
    const tx = this.tx();
    if (tx) return fn(tx);
    return this.run(() => fn(this.tx()!), 'READ COMMITTED');
  }

  transaction<R>(fn: () => Promise<R>): Promise<R> {
    this.live('transaction');
    const outer = this.tx();
    if (outer) return this.savepoint(outer, fn);
    return this.run(fn, 'SERIALIZABLE');
  }

  private async run<R>(fn: () => Promise<R>, isolation: 'SERIALIZABLE' | 'READ COMMITTED'): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      const tx: PgTx = { owner: this.storage, client, hooks: [[]], levels: [], savepoints: 0, written: new Set(), doomed: null, done: false, queue: Promise.resolve() };
      // A connection lost between statements (the server restarts) fails this attempt, never the process.
      let lost: unknown = null;
      const onError = (err: unknown) => {
        lost = err;
        tx.doomed ??= err;
      };
      client.on('error', onError);
      const release = () => {
        tx.done = true;
        client.off('error', onError);
        client.release(lost ? (lost as Error) : undefined);
      };
      let result: R;
      try {
        // Inside a batch a commit need not wait for the disk: the batch waits once, at its end
        // (the WAL is one sequence, so the last flush covers every earlier commit).
        const batch = currentBatch.getStore();
        const deferred = batch?.owner === this.storage;
        await client.query(`BEGIN ISOLATION LEVEL ${isolation}${deferred ? '; SET LOCAL synchronous_commit TO OFF' : ''}`);
        if (deferred) batch.unflushed = true;
        result = await currentTx.run(tx, fn);
        if (tx.doomed) throw new RetryTransaction(tx.doomed);
        // NOTIFY serialises commits that use it: only collections declared `announce` are announced.
        // Their names are our own identifiers ([A-Za-z0-9]), safe in the statement.
        const watched = [...tx.written].filter((n) => this.announced.has(n));
        const notify = watched.length > 0 ? `SELECT pg_notify('${CHANGES_CHANNEL}', '${watched.join(',')}'); ` : '';
        await client.query(`${notify}COMMIT`);
      } catch (err) {
        tx.done = true;
        await client.query('ROLLBACK').catch((e: unknown) => (lost ??= e));
        release();
        const cause = err instanceof RetryTransaction ? err.cause : tx.doomed && !(err instanceof DuplicateKeyError) ? tx.doomed : err;
        const code = pgCode(cause);
        const retry = code !== undefined && (RETRYABLE.has(code) || code === '23505');
        if (retry && attempt < MAX_ATTEMPTS) {
          // Back off a little, more each time, with jitter, so the conflicting transactions spread.
          await new Promise((r) => setTimeout(r, Math.random() * 2 * Math.min(attempt, 10)));
          continue;
        }
        throw code === '23505' ? this.duplicateOf(cause) : cause;
      }
      release();
      const batch = currentBatch.getStore();
      if (batch?.owner === this.storage) batch.hooks.push(...tx.hooks[0]!);
      else for (const hook of tx.hooks[0]!) await hook();
      return result;
    }
  }

  private async savepoint<R>(tx: PgTx, fn: () => Promise<R>): Promise<R> {
    const level: { name: string | null } = { name: null };
    tx.levels.push(level);
    tx.hooks.push([]);
    try {
      const r = await fn();
      tx.levels.pop();
      // A finished savepoint needs no RELEASE (the commit ends it, a rollback to an outer one
      // undoes it too): one round trip less per nested transaction. Long transactions release,
      // so PostgreSQL's cache of open subtransactions (64 per backend) never overflows — but
      // never one an enclosing level shares.
      const { name } = level;
      if (name !== null && tx.savepoints > 32 && !tx.levels.some((l) => l.name === name)) await this.query(`RELEASE SAVEPOINT ${name}`);
      const hooks = tx.hooks.pop()!;
      tx.hooks[tx.hooks.length - 1]!.push(...hooks);
      return r;
    } catch (err) {
      tx.levels.pop();
      tx.hooks.pop();
      // A failure PostgreSQL raised dooms the whole attempt; the outer transaction retries.
      if (err instanceof RetryTransaction || tx.doomed) throw err instanceof RetryTransaction ? err : new RetryTransaction(tx.doomed);
      // Nothing written since this level began: nothing to undo.
      if (level.name !== null) await this.query(`ROLLBACK TO SAVEPOINT ${level.name}`);
      throw err;
    }
  }

  detached<R>(fn: () => Promise<R>): Promise<R> {
    return currentTx.exit(() => currentBatch.exit(fn));
  }

  afterCommit(fn: Hook): void {
    const tx = this.tx();
    if (!tx) throw new Error('afterCommit is only for work inside storage.transaction');
    tx.hooks[tx.hooks.length - 1]!.push(fn);
  }

  async batch<R>(fn: () => Promise<R>): Promise<R> {
    if (this.tx() || currentBatch.getStore()?.owner === this.storage) return fn();
    const batch: Batch = { owner: this.storage, hooks: [], unflushed: false };
    let outcome: { ok: true; value: R } | { ok: false; err: unknown };
    try {
      outcome = { ok: true, value: await currentBatch.run(batch, fn) };
    } catch (err) {
      outcome = { ok: false, err };
    }
    // A durable commit of its own (an xid makes it write a commit record) flushes the WAL up to
    // it, and so every commit of the batch before it.
    if (batch.unflushed) await this.pool.query('SELECT txid_current()');
    for (const hook of batch.hooks) await hook();
    if (!outcome.ok) throw outcome.err;
    return outcome.value;
  }

  duplicateOf(err: unknown): DuplicateKeyError {
    const table = (err as { table?: string }).table;
    const entry = [...this.defs.values()].find((d) => d.layout.table === table);
    return new DuplicateKeyError(entry?.def.name ?? String(table), entry ? keyOfConstraint(entry.layout, (err as { constraint?: string }).constraint) : 'id', '');
  }

  // ---- change notifications ----

  private onChange(collections: readonly CollectionDef[], fn: () => void): () => void {
    for (const c of collections) {
      if (this.defs.get(c.name)?.def !== c) throw new Error(`collection ${c.name} is not registered with this storage`);
      if (!c.announce) throw new Error(`onChange: ${c.name} is not declared with announce: true`);
    }
    const w = { names: new Set(collections.map((c) => c.name)), fn };
    this.watchers.add(w);
    void this.listen();
    return () => this.watchers.delete(w);
  }

  private dispatch(names: readonly string[] | 'all') {
    for (const w of this.watchers) {
      if (names === 'all' || names.some((n) => w.names.has(n))) {
        try {
          w.fn();
        } catch (err) {
          this.logger?.warn({ err }, 'storage change listener failed');
        }
      }
    }
  }

  /** One LISTEN connection per instance; after a lost connection it reconnects and tells every watcher (it may have missed changes). */
  private listen(): Promise<void> {
    this.listening ??= (async () => {
      while (!this.closed) {
        const client = new pg.Client({ connectionString: this.url, application_name: 'optik-api-listen' });
        try {
          await client.connect();
          client.on('notification', (m) => {
            if (m.channel === CHANGES_CHANNEL) this.dispatch((m.payload ?? '').split(','));
          });
          await client.query(`LISTEN ${CHANGES_CHANNEL}`);
          this.listener = client;
          await new Promise<void>((resolve) => {
            client.on('error', () => resolve());
            client.on('end', () => resolve());
          });
        } catch (err) {
          if (!this.closed) this.logger?.warn({ err }, 'postgres: change listener lost its connection; reconnecting');
        } finally {
          this.listener = null;
          await client.end().catch(() => undefined);
        }
        if (this.closed) break;
        this.dispatch('all');
        await new Promise((r) => setTimeout(r, 500).unref());
      }
    })();
    return this.listening;
  }

  /** Resolves once the LISTEN connection is up (tests wait for it before writing). */
  async listenReady(): Promise<void> {
    void this.listen();
    while (!this.listener && !this.closed) await new Promise((r) => setTimeout(r, 10));
  }

  private async isEmpty(): Promise<boolean> {
    this.live('isEmpty');
    const tables = [...this.defs.values()].map((d) => `SELECT 1 FROM ${d.layout.table}`);
    if (tables.length === 0) return true;
    const r = await this.query(`SELECT EXISTS (${tables.join(' UNION ALL ')}) AS any`);
    return !(r.rows[0] as { any: boolean }).any;
  }

  private async close() {
    if (this.closed) return;
    this.closed = true;
    const l = this.listener;
    this.listener = null;
    await l?.end().catch(() => undefined);
    await this.pool.end();
  }
}

class PgCollection implements Collection<Entity> {
  private readonly t: string;
  private readonly cols: string[];
  private readonly uniqueCols: [string, string][];

  constructor(
    private readonly a: Adapter,
    private readonly def: CollectionDef,
    private readonly layout: Layout,
  ) {
    this.t = layout.table;
    this.cols = columnsOf(layout);
    this.uniqueCols = Object.entries(layout.unique);
  }

  private live() {
    this.a.live(this.def.name);
  }

  private index(name: string) {
    const ix = this.layout.indexes[name];
    if (!Object.hasOwn(this.layout.indexes, name) || !ix) throw new Error(`${this.def.name}: no index ${name}`);
    return ix;
  }

  async get(id: string) {
    this.live();
    const r = await this.a.query<{ data: Entity }>(`SELECT data FROM ${this.t} WHERE id = $1`, [id]);
    return r.rows[0]?.data;
  }

  async getMany(ids: readonly string[]) {
    this.live();
    if (ids.length === 0) return [];
    const r = await this.a.query<{ id: string; data: Entity }>(`SELECT id, data FROM ${this.t} WHERE id = ANY($1::text[])`, [ids]);
    const byId = new Map(r.rows.map((x) => [x.id, x.data]));
    return ids.flatMap((id) => {
      const d = byId.get(id);
      return d ? [d] : [];
    });
  }

  async getBy(key: string, value: string) {
    this.live();
    const col = this.layout.unique[key];
    if (!Object.hasOwn(this.layout.unique, key) || !col) throw new Error(`${this.def.name}: no unique key ${key}`);
    const r = await this.a.query<{ data: Entity }>(`SELECT data FROM ${this.t} WHERE ${col} = $1`, [value]);
    return r.rows[0]?.data;
  }

  private async range(index: string, value: string, opts: ListOptions = {}) {
    const ix = this.index(index);
    const where = [`${ix.key} = $1`];
    const params: unknown[] = [value];
    if (opts.from !== undefined) where.push(`${ix.order} >= $${params.push(opts.from)}`);
    if (opts.to !== undefined) where.push(`${ix.order} < $${params.push(opts.to)}`);
    if (opts.after !== undefined) {
      const c = decodeCursor(opts.after);
      const a = params.push(c.o);
      const b = params.push(c.id);
      where.push(`(${ix.order}, id) ${opts.desc ? '<' : '>'} ($${a}, $${b})`);
    }
    const dir = opts.desc ? 'DESC' : 'ASC';
    const limit = opts.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(opts.limit)) + 1}`;
    const r = await this.a.query<{ id: string; o: string; data: Entity }>(
      `SELECT id, ${ix.order} AS o, data FROM ${this.t} WHERE ${where.join(' AND ')} ORDER BY ${ix.order} ${dir}, id ${dir}${limit}`,
      params,
    );
    const rows = opts.limit === undefined ? r.rows : r.rows.slice(0, Math.max(0, Math.floor(opts.limit)));
    return { rows, more: r.rows.length > rows.length };
  }

  async list(index: string, value: string, opts?: ListOptions) {
    this.live();
    return (await this.range(index, value, opts)).rows.map((r) => r.data);
  }

  async page(index: string, value: string, opts: ListOptions & { limit: number }): Promise<Page<Entity>> {
    this.live();
    const { rows, more } = await this.range(index, value, opts);
    const last = rows[rows.length - 1];
    return { items: rows.map((r) => r.data), next: more && last ? encodeCursor(last.o, last.id) : null };
  }

  async countBy(index: string, value: string) {
    this.live();
    const ix = this.index(index);
    const r = await this.a.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.t} WHERE ${ix.key} = $1`, [value]);
    return Number(r.rows[0]!.n);
  }

  async all() {
    this.live();
    return (await this.a.query<{ data: Entity }>(`SELECT data FROM ${this.t} ORDER BY seq`)).rows.map((r) => r.data);
  }

  async count() {
    this.live();
    return Number((await this.a.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.t}`)).rows[0]!.n);
  }

  /** Refuses a record whose unique keys another record holds (and, for an insert, a taken id). */
  private async checkKeys(rows: readonly Entity[], idMustBeFree: boolean) {
    const checks: string[] = [];
    const params: unknown[] = [];
    const ids = rows.map((r) => r.id);
    /** unique key → value → id of the record in `rows` that wants it */
    const wanted = new Map<string, Map<string, string>>();
    for (const [key] of this.uniqueCols) wanted.set(key, new Map());
    for (const r of rows) {
      for (const [key, fn] of Object.entries(this.def.unique)) {
        const v = fn(r);
        if (v === null) continue;
        const m = wanted.get(key)!;
        const other = m.get(v);
        if (other !== undefined && other !== r.id) throw new DuplicateKeyError(this.def.name, key, v);
        m.set(v, r.id);
      }
    }
    for (const [key, col] of this.uniqueCols) {
      const values = [...wanted.get(key)!.keys()];
      if (values.length) checks.push(`${col} = ANY($${params.push(values)}::text[])`);
    }
    if (idMustBeFree) checks.push(`id = ANY($${params.push(ids)}::text[])`);
    if (checks.length === 0) return;
    const select = [`id`, ...this.uniqueCols.map(([, c]) => c)].join(', ');
    const r = await this.a.query<Record<string, string | null>>(`SELECT ${select} FROM ${this.t} WHERE ${checks.join(' OR ')}`, params);
    for (const held of r.rows) {
      if (idMustBeFree && ids.includes(held.id!)) throw new DuplicateKeyError(this.def.name, 'id', held.id!);
      for (const [key, col] of this.uniqueCols) {
        const v = held[col];
        if (v === null || v === undefined) continue;
        const wants = wanted.get(key)!.get(v);
        if (wants !== undefined && wants !== held.id) throw new DuplicateKeyError(this.def.name, key, v);
      }
    }
  }

  /**
   * Adds a record unless its id (or, with no `target`, any unique key) is taken — then false,
   * leaving the transaction usable. Never overwrites: a plain write at READ COMMITTED must not
   * replace a record another transaction added after it looked.
   */
  private async addIfAbsent(row: Entity, tx: PgTx, target: '' | '(id)'): Promise<boolean> {
    const cols = ['id', 'data', ...this.cols];
    const added = await this.a.query(`INSERT INTO ${this.t} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT ${target} DO NOTHING`, [
      row.id,
      JSON.stringify(row),
      ...valuesOf(this.def, row),
    ]);
    if (!added.rowCount) return false;
    tx.written.add(this.def.name);
    return true;
  }

  /** Adds or replaces rows by id (their unique keys checked first). */
  private async writeRows(rows: readonly Entity[], tx: PgTx) {
    // The last of several writes to one id wins, as on the embedded store.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const list = [...byId.values()];
    const colList = ['id', 'data', ...this.cols];
    const set = ['data', ...this.cols].map((c) => `${c} = EXCLUDED.${c}`).join(', ');
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      const arrays: unknown[][] = colList.map(() => []);
      for (const r of chunk) {
        const vals = [r.id, JSON.stringify(r), ...valuesOf(this.def, r)];
        vals.forEach((v, j) => arrays[j]!.push(v));
      }
      const types = colList.map((c) => (c === 'data' ? 'jsonb[]' : 'text[]'));
      await this.a.query(
        `INSERT INTO ${this.t} (${colList.join(', ')}) SELECT * FROM unnest(${types.map((ty, j) => `$${j + 1}::${ty}`).join(', ')}) ON CONFLICT (id) DO UPDATE SET ${set}`,
        arrays,
      );
    }
    tx.written.add(this.def.name);
  }

  async insert(item: Entity) {
    this.live();
    const row = structuredClone(item);
    await this.a.write(async (tx) => {
      for (;;) {
        // One statement when nothing is in the way; otherwise find what is (and say which key).
        if (await this.addIfAbsent(row, tx, '')) return;
        await this.checkKeys([row], true);
        // Nothing in the way any more (removed meanwhile): try again.
      }
    });
    return row;
  }

  async put(item: Entity) {
    this.live();
    const row = structuredClone(item);
    await this.a.write(async (tx) => {
      await this.checkKeys([row], false);
      await this.writeRows([row], tx);
    });
    return row;
  }

  async putMany(items: readonly Entity[]) {
    this.live();
    if (items.length === 0) return;
    const rows = items.map((r) => structuredClone(r));
    await this.a.write(async (tx) => {
      await this.checkKeys(rows, false);
      await this.writeRows(rows, tx);
    });
  }

  async update(id: string, mutate: (current: Entity) => Entity) {
    this.live();
    return this.a.write(async (tx) => {
      const r = await this.a.query<{ data: Entity }>(`SELECT data FROM ${this.t} WHERE id = $1 FOR UPDATE`, [id]);
      const cur = r.rows[0]?.data;
      if (cur === undefined) return undefined;
      const next = structuredClone(mutate(cur));
      if (next.id !== id) throw new Error(`${this.def.name}: update may not change the id`);
      await this.checkKeys([next], false);
      await this.writeRows([next], tx);
      return next;
    });
  }

  async upsert(id: string, change: (current: Entity) => Entity, fresh: () => Entity) {
    this.live();
    return this.a.write(async (tx) => {
      for (;;) {
        const r = await this.a.query<{ data: Entity }>(`SELECT data FROM ${this.t} WHERE id = $1 FOR UPDATE`, [id]);
        const cur = r.rows[0]?.data;
        const next = structuredClone(cur === undefined ? fresh() : change(cur));
        if (next.id !== id) throw new Error(`${this.def.name}: upsert may not change the id`);
        await this.checkKeys([next], false);
        if (cur !== undefined) {
          await this.writeRows([next], tx);
          return next;
        }
        // Absent: add it, unless another transaction just did — then change theirs (READ COMMITTED
        // sees it on the next lock; in a serializable transaction the conflict retries the attempt).
        if (await this.addIfAbsent(next, tx, '(id)')) return next;
      }
    });
  }

  async remove(id: string) {
    this.live();
    return this.a.write(async (tx) => {
      const r = await this.a.query(`DELETE FROM ${this.t} WHERE id = $1`, [id]);
      if (r.rowCount) tx.written.add(this.def.name);
      return (r.rowCount ?? 0) > 0;
    });
  }
}
