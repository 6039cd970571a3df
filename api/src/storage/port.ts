import type { CollectionName, RecordOf } from './records';

export interface Entity {
  id: string;
}

/**
 * One collection of records. Reads see every write that has resolved before them.
 * Writes are serialised per file group (one writer queue), so concurrent read-modify-write
 * calls through `update` never lose an update.
 */
export interface Collection<T extends Entity> {
  get(id: string): Promise<T | undefined>;
  all(): Promise<T[]>;
  find(predicate: (item: T) => boolean): Promise<T[]>;
  findOne(predicate: (item: T) => boolean): Promise<T | undefined>;
  count(): Promise<number>;
  /** Adds a new record; rejects with DuplicateKeyError when the id exists. */
  insert(item: T): Promise<T>;
  /** Adds or replaces by id. */
  put(item: T): Promise<T>;
  putMany(items: readonly T[]): Promise<void>;
  /**
   * Atomic read-modify-write: `mutate` gets the current record and returns the new one
   * (or throws to abort, leaving the record unchanged). Resolves undefined when absent.
   */
  update(id: string, mutate: (current: T) => T): Promise<T | undefined>;
  remove(id: string): Promise<boolean>;
}

export interface Storage {
  collection<K extends CollectionName>(name: K): Collection<RecordOf<K>>;
  /** True when no collection holds a record (first start: seed). */
  isEmpty(): Promise<boolean>;
  /** Waits for every queued write to reach disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`${collection}: a record with id ${id} exists`);
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
