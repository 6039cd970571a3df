import { AsyncLocalStorage } from 'node:async_hooks';
import { decodeCursor, DuplicateKeyError, encodeCursor, type Collection, type CollectionDef, type Entity, type ListOptions, type Page, type Storage } from './port';

/** One index entry: the order value and the id (ties broken by id). */
interface Entry {
  o: string;
  id: string;
}

const cmp = (a: Entry, b: Entry) => (a.o < b.o ? -1 : a.o > b.o ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** First position in `list` whose entry is ≥ `e`. */
function lowerBound(list: readonly Entry[], e: Entry): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(list[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A committed change: the record's new value, or null when removed. */
export interface Change {
  table: Table;
  id: string;
  value: Entity | null;
}

/**
 * One collection's committed rows with its unique-key maps (value → id) and sorted indexes
 * (key value → entries ordered by (order value, id)). Rows are never handed out: reads copy.
 */
export class Table {
  readonly rows = new Map<string, Entity>();
  private readonly uniques = new Map<string, Map<string, string>>();
  private readonly indexes = new Map<string, Map<string, Entry[]>>();
  private readonly uniqueFns: [string, (r: Entity) => string | null][];
  private readonly indexFns: [string, (r: Entity) => string | null, (r: Entity) => string][];

  constructor(readonly def: CollectionDef) {
    this.uniqueFns = Object.entries(def.unique);
    this.indexFns = Object.entries(def.indexes).map(([name, d]) => [name, d.key, d.order ?? ((r: Entity) => r.id)]);
    for (const [name] of this.uniqueFns) this.uniques.set(name, new Map());
    for (const [name] of this.indexFns) this.indexes.set(name, new Map());
  }

  get name() {
    return this.def.name;
  }

  uniqueKeys(): readonly [string, (r: Entity) => string | null][] {
    return this.uniqueFns;
  }

  hasUnique(key: string) {
    return this.uniques.has(key);
  }
  hasIndex(index: string) {
    return this.indexes.has(index);
  }

  /** The id holding a unique key's value (committed). */
  holderOf(key: string, value: string): string | undefined {
    return this.uniques.get(key)!.get(value);
  }

  /** Committed entries under one index value (sorted; do not mutate). */
  entries(index: string, value: string): readonly Entry[] {
    return this.indexes.get(index)!.get(value) ?? [];
  }

  entryOf(index: string, row: Entity): { key: string | null; entry: Entry } {
    const f = this.indexFns.find(([n]) => n === index)!;
    return { key: f[1](row), entry: { o: f[2](row), id: row.id } };
  }

  /** Sets or removes a row with its keys and index entries; `loading`: from a data file, where a taken key is counted, not moved. */
  apply(id: string, value: Entity | null, loading = false): void {
    const prev = this.rows.get(id);
    if (prev) this.unindex(prev);
    if (value) {
      this.rows.set(id, value);
      this.index(value, loading);
    } else {
      this.rows.delete(id);
    }
  }

  /**
   * Unique keys found taken twice while loading (data written before the key was declared):
   * the first holder keeps the key, so `getBy` answers one record; the adapter reports them.
   */
  readonly loadConflicts = new Map<string, number>();

  private index(row: Entity, loading: boolean) {
    for (const [name, fn] of this.uniqueFns) {
      const v = fn(row);
      if (v === null) continue;
      const holders = this.uniques.get(name)!;
      const holder = holders.get(v);
      // Committed writes never conflict (they were checked when staged); a commit may move a key
      // from one record to another in either order, so outside loading the last write holds it.
      if (loading && holder !== undefined && holder !== row.id) this.loadConflicts.set(name, (this.loadConflicts.get(name) ?? 0) + 1);
      else holders.set(v, row.id);
    }
    for (const [name, key, order] of this.indexFns) {
      const k = key(row);
      if (k === null) continue;
      const byKey = this.indexes.get(name)!;
      let list = byKey.get(k);
      if (!list) byKey.set(k, (list = []));
      const e = { o: order(row), id: row.id };
      list.splice(lowerBound(list, e), 0, e);
    }
  }

  private unindex(row: Entity) {
    for (const [name, fn] of this.uniqueFns) {
      const v = fn(row);
      if (v !== null && this.uniques.get(name)!.get(v) === row.id) this.uniques.get(name)!.delete(v);
    }
    for (const [name, key, order] of this.indexFns) {
      const k = key(row);
      if (k === null) continue;
      const byKey = this.indexes.get(name)!;
      const list = byKey.get(k);
      if (!list) continue;
      const e = { o: order(row), id: row.id };
      const at = lowerBound(list, e);
      if (at < list.length && cmp(list[at]!, e) === 0) list.splice(at, 1);
      if (list.length === 0) byKey.delete(k);
    }
  }
}

interface Layer {
  rows: Map<Table, Map<string, Entity | null>>;
  /** Unique values written in this layer (table → key → value → id); checked against `pending`. */
  uniques: Map<Table, Map<string, Map<string, string>>>;
}
const newLayer = (): Layer => ({ rows: new Map(), uniques: new Map() });

/** A transaction: stacked layers of uncommitted changes (one per savepoint) and hooks to run after commit. */
class Tx {
  readonly layers: Layer[] = [newLayer()];
  readonly hooks: (() => void | Promise<void>)[][] = [[]];
  done = false;
  constructor(readonly engine: Engine) {}

  /** The uncommitted value: a record, null (removed), or undefined (untouched). */
  pending(t: Table, id: string): Entity | null | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const m = this.layers[i]!.rows.get(t);
      if (m?.has(id)) return m.get(id)!;
    }
    return undefined;
  }

  touched(t: Table): Map<string, Entity | null> {
    const out = new Map<string, Entity | null>();
    for (const layer of this.layers) for (const [id, v] of layer.rows.get(t) ?? []) out.set(id, v);
    return out;
  }

  /** Ids written with this unique value, newest layer first (may be stale: check `pending`). */
  *uniqueCandidates(t: Table, key: string, value: string): Generator<string> {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const id = this.layers[i]!.uniques.get(t)?.get(key)?.get(value);
      if (id !== undefined) yield id;
    }
  }

  write(t: Table, id: string, value: Entity | null) {
    const top = this.layers[this.layers.length - 1]!;
    let m = top.rows.get(t);
    if (!m) top.rows.set(t, (m = new Map()));
    m.set(id, value);
    if (!value) return;
    for (const [key, fn] of t.uniqueKeys()) {
      const v = fn(value);
      if (v === null) continue;
      let byTable = top.uniques.get(t);
      if (!byTable) top.uniques.set(t, (byTable = new Map()));
      let byKey = byTable.get(key);
      if (!byKey) byTable.set(key, (byKey = new Map()));
      byKey.set(v, id);
    }
  }
}

/** FIFO mutex: transactions and plain writes run one at a time. */
class Mutex {
  private held = false;
  private readonly waiters: (() => void)[] = [];
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  release() {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/** Where committed changes go to become durable (the lowdb journal); memory keeps none. */
export interface Persistence {
  /** Called in commit order, synchronously at commit; resolves once the changes are durable. */
  commit(changes: readonly Change[]): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const current = new AsyncLocalStorage<Tx>();

/** A `batch`: its transactions' pending durable commits and their after-commit hooks, in commit order. */
interface Batch {
  engine: Engine;
  durable: Promise<void>[];
  hooks: (() => void | Promise<void>)[];
}
const currentBatch = new AsyncLocalStorage<Batch>();

const clone = <T>(v: T): T => structuredClone(v);


/**
 * The in-memory core both embedded adapters share: tables with their keys and indexes,
 * transactions with savepoints, the writer mutex and after-commit hooks. Transactions see
 * their own writes; everyone else sees only committed state, so a read never waits.
 */
export class Engine {
  readonly tables = new Map<string, Table>();
  private readonly mutex = new Mutex();
  private closed = false;
  private readonly handles = new Map<string, Collection<Entity>>();

  constructor(
    defs: readonly CollectionDef[],
    private persistence: Persistence | null = null,
  ) {
    for (const def of defs) {
      if (this.tables.has(def.name)) throw new Error(`collection ${def.name} is declared twice`);
      this.tables.set(def.name, new Table(def));
    }
  }

  setPersistence(p: Persistence) {
    this.persistence = p;
  }

  table(def: CollectionDef): Table {
    const t = this.tables.get(def.name);
    if (!t || t.def !== def) throw new Error(`collection ${def.name} is not registered with this storage`);
    return t;
  }

  live(name: string) {
    if (this.closed) throw new Error(`storage is closed (${name})`);
  }

  /** The running transaction of this engine, if the caller is inside one. */
  tx(): Tx | undefined {
    const tx = current.getStore();
    return tx && tx.engine === this && !tx.done ? tx : undefined;
  }

  async transaction<R>(fn: () => Promise<R>): Promise<R> {
    const outer = this.tx();
    if (outer) {
      // A savepoint: its writes fold into the enclosing transaction, or vanish on a throw.
      outer.layers.push(newLayer());
      outer.hooks.push([]);
      try {
        const r = await fn();
        const layer = outer.layers.pop()!;
        const hooks = outer.hooks.pop()!;
        for (const [t, m] of layer.rows) for (const [id, v] of m) outer.write(t, id, v);
        outer.hooks[outer.hooks.length - 1]!.push(...hooks);
        return r;
      } catch (err) {
        outer.layers.pop();
        outer.hooks.pop();
        throw err;
      }
    }
    await this.mutex.acquire();
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        this.mutex.release();
      }
    };
    const tx = new Tx(this);
    try {
      this.live('transaction');
      const result = await current.run(tx, fn);
      tx.done = true;
      const durable = this.commit(tx);
      release();
      const batch = currentBatch.getStore();
      if (batch?.engine === this) {
        // Durability and hooks wait for the end of the batch.
        batch.durable.push(durable);
        batch.hooks.push(...tx.hooks[0]!);
        return result;
      }
      await durable;
      for (const hook of tx.hooks[0]!) await hook();
      return result;
    } finally {
      tx.done = true;
      release();
    }
  }

  async batch<R>(fn: () => Promise<R>): Promise<R> {
    if (this.tx() || currentBatch.getStore()?.engine === this) return fn();
    const batch: Batch = { engine: this, durable: [], hooks: [] };
    let outcome: { ok: true; value: R } | { ok: false; err: unknown };
    try {
      outcome = { ok: true, value: await currentBatch.run(batch, fn) };
    } catch (err) {
      outcome = { ok: false, err };
    }
    // The transactions that committed stand, whatever `fn` did after them.
    await Promise.all(batch.durable);
    for (const hook of batch.hooks) await hook();
    if (!outcome.ok) throw outcome.err;
    return outcome.value;
  }

  detached<R>(fn: () => Promise<R>): Promise<R> {
    return current.exit(() => currentBatch.exit(fn));
  }

  private readonly watchers = new Set<{ names: readonly string[]; fn: () => void }>();

  onChange(collections: readonly CollectionDef[], fn: () => void): () => void {
    for (const c of collections) {
      this.table(c);
      if (!c.announce) throw new Error(`onChange: ${c.name} is not declared with announce: true`);
    }
    const w = { names: collections.map((c) => c.name), fn };
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  afterCommit(fn: () => void | Promise<void>): void {
    const tx = this.tx();
    // Outside a transaction there is no commit to wait for, and no caller to hand a failure to.
    if (!tx) throw new Error('afterCommit is only for work inside storage.transaction');
    tx.hooks[tx.hooks.length - 1]!.push(fn);
  }

  /** Applies a finished transaction's changes to the tables and hands them to persistence. */
  private commit(tx: Tx): Promise<void> {
    const changes: Change[] = [];
    for (const [t, m] of tx.layers[0]!.rows) {
      for (const [id, v] of m) {
        t.apply(id, v);
        changes.push({ table: t, id, value: v });
      }
    }
    if (changes.length > 0 && this.watchers.size > 0) {
      const names = new Set(changes.map((c) => c.table.name));
      for (const w of this.watchers) if (w.names.some((n) => names.has(n))) queueMicrotask(w.fn);
    }
    if (changes.length === 0 || !this.persistence) return Promise.resolve();
    return this.persistence.commit(changes);
  }

  /** Runs one write inside the caller's transaction, or as a transaction of its own. */
  write<R>(fn: (tx: Tx) => R): Promise<R> {
    const tx = this.tx();
    if (tx) return Promise.resolve(fn(tx));
    return this.transaction(async () => fn(this.tx()!));
  }

  // ---- reads (committed state, overlaid with the caller's transaction) ----

  read(t: Table, id: string): Entity | undefined {
    const tx = this.tx();
    if (tx) {
      const p = tx.pending(t, id);
      if (p !== undefined) return p ?? undefined;
    }
    return t.rows.get(id);
  }

  readBy(t: Table, key: string, value: string): Entity | undefined {
    const fn = t.uniqueKeys().find(([n]) => n === key)?.[1];
    if (!fn) throw new Error(`${t.name}: no unique key ${key}`);
    const tx = this.tx();
    if (tx) {
      for (const id of tx.uniqueCandidates(t, key, value)) {
        const v = tx.pending(t, id);
        if (v && fn(v) === value) return v;
      }
      const id = t.holderOf(key, value);
      if (id === undefined) return undefined;
      const p = tx.pending(t, id);
      if (p === undefined) return t.rows.get(id);
      return p && fn(p) === value ? p : undefined;
    }
    const id = t.holderOf(key, value);
    return id === undefined ? undefined : t.rows.get(id);
  }

  /** Index entries under one value, overlaid with the caller's transaction. */
  indexEntries(t: Table, index: string, value: string): readonly Entry[] {
    if (!t.hasIndex(index)) throw new Error(`${t.name}: no index ${index}`);
    const committed = t.entries(index, value);
    const tx = this.tx();
    if (!tx) return committed;
    const touched = tx.touched(t);
    if (touched.size === 0) return committed;
    const out = committed.filter((e) => !touched.has(e.id));
    for (const v of touched.values()) {
      if (!v) continue;
      const { key, entry } = t.entryOf(index, v);
      if (key === value) out.push(entry);
    }
    return out.sort(cmp);
  }

  listPage(t: Table, index: string, value: string, opts: ListOptions = {}): { rows: Entity[]; last: Entry | null; more: boolean } {
    const entries = this.indexEntries(t, index, value);
    let lo = opts.from === undefined ? 0 : lowerBound(entries, { o: opts.from, id: '' });
    let hi = opts.to === undefined ? entries.length : lowerBound(entries, { o: opts.to, id: '' });
    if (opts.after !== undefined) {
      const c = decodeCursor(opts.after);
      if (opts.desc) hi = Math.min(hi, lowerBound(entries, c));
      else {
        const at = lowerBound(entries, c);
        lo = Math.max(lo, at < entries.length && cmp(entries[at]!, c) === 0 ? at + 1 : at);
      }
    }
    const limit = opts.limit ?? Infinity;
    const rows: Entity[] = [];
    let last: Entry | null = null;
    if (opts.desc) {
      for (let i = hi - 1; i >= lo && rows.length < limit; i--) {
        rows.push(this.read(t, entries[i]!.id)!);
        last = entries[i]!;
      }
      return { rows, last, more: hi - lo > rows.length };
    }
    for (let i = lo; i < hi && rows.length < limit; i++) {
      rows.push(this.read(t, entries[i]!.id)!);
      last = entries[i]!;
    }
    return { rows, last, more: hi - lo > rows.length };
  }

  allRows(t: Table): Entity[] {
    const tx = this.tx();
    if (!tx) return [...t.rows.values()];
    const touched = tx.touched(t);
    const out = [...t.rows.values()].filter((r) => !touched.has(r.id));
    for (const v of touched.values()) if (v) out.push(v);
    return out;
  }

  // ---- writes (inside a transaction) ----

  /** Stages a new value, refusing it when another record holds one of its unique keys. */
  stage(tx: Tx, t: Table, row: Entity) {
    for (const [key, fn] of t.uniqueKeys()) {
      const v = fn(row);
      if (v === null) continue;
      const holder = this.readBy(t, key, v);
      if (holder && holder.id !== row.id) throw new DuplicateKeyError(t.name, key, v);
    }
    tx.write(t, row.id, row);
  }

  isEmpty(): boolean {
    for (const t of this.tables.values()) if (t.rows.size > 0) return false;
    return true;
  }

  handle<T extends Entity, U extends string, I extends string>(def: CollectionDef<T, U, I>): Collection<T, U, I> {
    const known = this.handles.get(def.name);
    if (known) {
      this.table(def as unknown as CollectionDef);
      return known as unknown as Collection<T, U, I>;
    }
    const h = new EngineCollection(this, this.table(def as unknown as CollectionDef));
    this.handles.set(def.name, h);
    return h as unknown as Collection<T, U, I>;
  }

  storage(extra: { flush(): Promise<void>; close(): Promise<void> }): Storage {
    return {
      collection: (def) => this.handle(def),
      transaction: (fn) => this.transaction(fn),
      afterCommit: (fn) => this.afterCommit(fn),
      batch: (fn) => this.batch(fn),
      detached: (fn) => this.detached(fn),
      onChange: (collections, fn) => this.onChange(collections, fn),
      isEmpty: async () => this.isEmpty(),
      flush: () => extra.flush(),
      close: async () => {
        if (this.closed) return;
        // Wait for running writes, then refuse new ones.
        await this.mutex.acquire();
        this.closed = true;
        this.mutex.release();
        await extra.close();
      },
    };
  }
}

class EngineCollection implements Collection<Entity> {
  constructor(
    private readonly e: Engine,
    private readonly t: Table,
  ) {}

  private live() {
    this.e.live(this.t.name);
  }

  async get(id: string) {
    this.live();
    const r = this.e.read(this.t, id);
    return r === undefined ? undefined : clone(r);
  }
  async getMany(ids: readonly string[]) {
    this.live();
    const out: Entity[] = [];
    for (const id of ids) {
      const r = this.e.read(this.t, id);
      if (r) out.push(clone(r));
    }
    return out;
  }
  async getBy(key: string, value: string) {
    this.live();
    if (!this.t.hasUnique(key)) throw new Error(`${this.t.name}: no unique key ${key}`);
    const r = this.e.readBy(this.t, key, value);
    return r === undefined ? undefined : clone(r);
  }
  async list(index: string, value: string, opts?: ListOptions) {
    this.live();
    return this.e.listPage(this.t, index, value, opts).rows.map(clone);
  }
  async page(index: string, value: string, opts: ListOptions & { limit: number }): Promise<Page<Entity>> {
    this.live();
    const { rows, last, more } = this.e.listPage(this.t, index, value, opts);
    return { items: rows.map(clone), next: more && last ? encodeCursor(last.o, last.id) : null };
  }
  async countBy(index: string, value: string) {
    this.live();
    return this.e.indexEntries(this.t, index, value).length;
  }
  async all() {
    this.live();
    return this.e.allRows(this.t).map(clone);
  }
  async count() {
    this.live();
    const tx = this.e.tx();
    return tx ? this.e.allRows(this.t).length : this.t.rows.size;
  }
  async insert(item: Entity) {
    this.live();
    const row = clone(item);
    await this.e.write((tx) => {
      if (this.e.read(this.t, row.id)) throw new DuplicateKeyError(this.t.name, 'id', row.id);
      this.e.stage(tx, this.t, row);
    });
    return clone(row);
  }
  async put(item: Entity) {
    this.live();
    const row = clone(item);
    await this.e.write((tx) => this.e.stage(tx, this.t, row));
    return clone(row);
  }
  async putMany(items: readonly Entity[]) {
    this.live();
    const rows = items.map(clone);
    await this.e.write((tx) => {
      for (const row of rows) this.e.stage(tx, this.t, row);
    });
  }
  async update(id: string, mutate: (current: Entity) => Entity) {
    this.live();
    return this.e.write((tx) => {
      const cur = this.e.read(this.t, id);
      if (cur === undefined) return undefined;
      const next = clone(mutate(clone(cur)));
      if (next.id !== id) throw new Error(`${this.t.name}: update may not change the id`);
      this.e.stage(tx, this.t, next);
      return clone(next);
    });
  }
  async upsert(id: string, change: (current: Entity) => Entity, fresh: () => Entity) {
    this.live();
    return this.e.write((tx) => {
      const cur = this.e.read(this.t, id);
      const next = clone(cur === undefined ? fresh() : change(clone(cur)));
      if (next.id !== id) throw new Error(`${this.t.name}: upsert may not change the id`);
      this.e.stage(tx, this.t, next);
      return clone(next);
    });
  }
  async remove(id: string) {
    this.live();
    return this.e.write((tx) => {
      if (this.e.read(this.t, id) === undefined) return false;
      tx.write(this.t, id, null);
      return true;
    });
  }
}
