import type { z } from 'zod';

export interface Entity {
  id: string;
}

/** A value a key or index is built from; `null` leaves the record out of that key or index. */
export type KeyValue = string | null;

/**
 * A function of a record. Declared as a method so a declaration of one record type can stand in a
 * list of declarations of any (method parameters are bivariant); each is only ever called with its own records.
 */
type Of<T, R> = { fn(record: T): R }['fn'];

export interface IndexDef<T> {
  /** The indexed value (a customer id, a store id …); `null`: not in this index. */
  key: Of<T, KeyValue>;
  /** What entries with the same key are ordered by (ISO timestamps, numbers padded); the id breaks ties. Default: the id. */
  order?: Of<T, string>;
}

export interface FileGroup {
  /** lowdb: the JSON file (or files, when sharded) the collection lives in. */
  group: string;
  /** Writes are fsynced before they resolve. */
  durable: boolean;
  /** Split over this many files by a hash of the id (a group of its own). */
  shards?: number;
}

/**
 * A collection as a module declares it, next to its record schema: its unique keys (beyond the
 * id) and its indexed fields. Adapters enforce the keys atomically and answer reads by them;
 * nothing scans a collection with a closure. PostgreSQL maps a unique key to a unique index on
 * a column holding `unique[name](record)`, an index to (key, order, id) columns with a b-tree.
 */
export interface CollectionDef<T extends Entity = Entity, U extends string = string, I extends string = string> {
  readonly name: string;
  readonly schema: z.core.$ZodType<T>;
  readonly file: FileGroup;
  readonly unique: { readonly [K in U]: Of<T, KeyValue> };
  readonly indexes: { readonly [K in I]: IndexDef<T> };
  /** Commits that write it are announced to `onChange` listeners on every instance (caches of whole collections: the catalogue). */
  readonly announce: boolean;
}

/** Declares a collection; `unique` and `indexes` default to none. */
export function defineCollection<T extends Entity, U extends string = never, I extends string = never>(def: {
  name: string;
  schema: z.core.$ZodType<T>;
  file: FileGroup;
  unique?: { readonly [K in U]: (record: T) => KeyValue };
  indexes?: { readonly [K in I]: IndexDef<T> };
  announce?: boolean;
}): CollectionDef<T, U, I> {
  return {
    name: def.name,
    schema: def.schema,
    file: def.file,
    unique: def.unique ?? ({} as { [K in U]: (record: T) => KeyValue }),
    indexes: def.indexes ?? ({} as { [K in I]: IndexDef<T> }),
    announce: def.announce ?? false,
  };
}

export type RecordOfDef<D> = D extends CollectionDef<infer T, string, string> ? T : never;

export interface ListOptions {
  /** Only entries whose order value is ≥ `from` (inclusive). */
  from?: string;
  /** Only entries whose order value is < `to` (exclusive). */
  to?: string;
  /** Newest (highest order value) first. */
  desc?: boolean;
  /** At most this many (a page); use the last entry's `pageCursor` as `after` for the next page. */
  limit?: number;
  /** Continue after this cursor (from `pageCursor` of the previous page's last entry). */
  after?: string;
}

export interface Page<T> {
  items: T[];
  /** Pass as `after` to get the next page; null on the last page. */
  next: string | null;
}

/**
 * One collection of records. Reads outside a transaction see every committed write; reads
 * inside one also see its own writes. Every write is atomic: unique keys are checked and the
 * record, its keys and its indexes change together, or nothing changes.
 */
export interface Collection<T extends Entity, U extends string = string, I extends string = string> {
  get(id: string): Promise<T | undefined>;
  getMany(ids: readonly string[]): Promise<T[]>;
  /** The record holding this value of a unique key. */
  getBy(key: U, value: string): Promise<T | undefined>;
  /** The records under one value of an index, in index order, optionally ranged. */
  list(index: I, value: string, opts?: ListOptions): Promise<T[]>;
  /** Like `list`, one page at a time. */
  page(index: I, value: string, opts: ListOptions & { limit: number }): Promise<Page<T>>;
  /** How many records one index value holds. */
  countBy(index: I, value: string): Promise<number>;
  /** Every record, for collections read whole on purpose (the catalogue, seeding, tests). */
  all(): Promise<T[]>;
  count(): Promise<number>;
  /** Adds a new record; rejects with DuplicateKeyError when its id or a unique key is taken. */
  insert(item: T): Promise<T>;
  /** Adds or replaces by id; rejects with DuplicateKeyError when another record holds a unique key. */
  put(item: T): Promise<T>;
  putMany(items: readonly T[]): Promise<void>;
  /**
   * Atomic read-modify-write: `mutate` gets the current record and returns the new one
   * (or throws to abort, leaving the record unchanged). Resolves undefined when absent.
   */
  update(id: string, mutate: (current: T) => T): Promise<T | undefined>;
  /**
   * Atomic counter-style write: `change` the record, or add `fresh()` when there is none — as one
   * step, also when several instances do it at once (a hot record queues on its row lock, never
   * loses a change). Rejects with DuplicateKeyError only for a unique key other than the id.
   */
  upsert(id: string, change: (current: T) => T, fresh: () => T): Promise<T>;
  remove(id: string): Promise<boolean>;
}

export interface Storage {
  collection<T extends Entity, U extends string, I extends string>(def: CollectionDef<T, U, I>): Collection<T, U, I>;
  /**
   * Runs `fn` as one unit of work: every write made inside it — through any collection, by any
   * service it calls — commits together (one durable commit) or, when it throws, not at all.
   * Transactions run one at a time against each other and against plain writes, so reads inside
   * see a state no one else changes. A transaction inside another is a savepoint: its throw undoes
   * only its own writes. Keep outside calls (payments, mail) out of it; use `afterCommit`.
   */
  transaction<R>(fn: () => Promise<R>): Promise<R>;
  /**
   * Runs `fn` once the current transaction is durably committed, before `transaction()` resolves
   * (its failure is that call's failure; the commit stands); dropped on rollback. Only inside a transaction.
   */
  afterCommit(fn: () => void | Promise<void>): void;
  /**
   * Runs `fn`, whose transactions commit one after another as usual (each visible to all at its
   * commit) but become durable together: `batch` waits once for all of them to reach disk, then
   * runs their after-commit hooks in commit order, and only then resolves (or rethrows). For a
   * request that runs several transactions in a row (a sync batch): one wait instead of one per
   * transaction. A crash before `batch` resolves may lose its later transactions, none of which
   * has been acknowledged; on storage that is durable at each commit it just runs `fn`.
   */
  batch<R>(fn: () => Promise<R>): Promise<R>;
  /**
   * Runs `fn` outside the caller's transaction (and batch): its reads see committed state. For
   * shared caches filled on demand (the catalogue snapshot), which must not be built from one
   * request's transaction snapshot. Reads only: on the embedded store a write inside would wait
   * for the caller's transaction to end.
   */
  detached<R>(fn: () => Promise<R>): Promise<R>;
  /**
   * Calls `fn` after every commit that wrote one of `collections` (each declared with
   * `announce: true`) — on shared storage also the commits of other instances (PostgreSQL
   * LISTEN/NOTIFY), and once after a lost connection, when changes may have been missed. For
   * caches of whole collections (the catalogue). Returns a function that stops the calls.
   */
  onChange(collections: readonly CollectionDef[], fn: () => void): () => void;
  /** True when no collection holds a record (first start: seed). */
  isEmpty(): Promise<boolean>;
  /** Waits for every queued write to reach disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    /** `id` or the name of the unique key that is taken. */
    readonly key: string,
    readonly value: string,
  ) {
    // A unique key's value may be personal (an e-mail, a CPR hash): the message names only the key.
    super(`${collection}: a record with this ${key} exists`);
    this.name = 'DuplicateKeyError';
  }
}

/** A data file that cannot be read as it should be; the message names the file and the backup. */
export class CorruptDataError extends Error {
  constructor(
    readonly file: string,
    readonly backup: string | null,
    cause: unknown,
  ) {
    super(
      `Datafilen ${file} er beskadiget eller halvt skrevet og blev ikke indlæst. ` +
        (backup ? `Den seneste gode kopi ligger i ${backup}. ` : 'Der findes ingen sikkerhedskopi. ') +
        'Intet er overskrevet: ret eller gendan filen, og start igen.',
      { cause },
    );
    this.name = 'CorruptDataError';
  }
}

/** A page cursor: the last entry's order value and id, opaque to callers (both adapters use it). */
export function encodeCursor(o: string, id: string): string {
  return Buffer.from(JSON.stringify([o, id])).toString('base64url');
}

export function decodeCursor(c: string): { o: string; id: string } {
  try {
    const [o, id] = JSON.parse(Buffer.from(c, 'base64url').toString()) as unknown[];
    if (typeof o === 'string' && typeof id === 'string') return { o, id };
  } catch {
    // falls through
  }
  throw new Error('invalid page cursor');
}
