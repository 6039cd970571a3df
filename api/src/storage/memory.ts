import { collections, type CollectionName, type RecordOf } from './records';
import { DuplicateKeyError, type Collection, type Entity, type Storage } from './port';

/**
 * In-memory adapter for fast unit tests of other modules. Records go in and come out as
 * copies, so a caller mutating a returned object cannot change stored state.
 */
class MemoryCollection<T extends Entity> implements Collection<T> {
  private readonly rows = new Map<string, T>();
  private closed = false;

  constructor(private readonly name: string) {}

  close() {
    this.closed = true;
  }
  private live() {
    if (this.closed) throw new Error(`storage is closed (${this.name})`);
  }

  async get(id: string) {
    this.live();
    const row = this.rows.get(id);
    return row === undefined ? undefined : structuredClone(row);
  }
  async all() {
    this.live();
    return [...this.rows.values()].map((r) => structuredClone(r));
  }
  async find(predicate: (item: T) => boolean) {
    this.live();
    return [...this.rows.values()].filter(predicate).map((r) => structuredClone(r));
  }
  async findOne(predicate: (item: T) => boolean) {
    this.live();
    for (const r of this.rows.values()) if (predicate(r)) return structuredClone(r);
    return undefined;
  }
  async count() {
    this.live();
    return this.rows.size;
  }
  async insert(item: T) {
    this.live();
    if (this.rows.has(item.id)) throw new DuplicateKeyError(this.name, item.id);
    this.rows.set(item.id, structuredClone(item));
    return structuredClone(item);
  }
  async put(item: T) {
    this.live();
    this.rows.set(item.id, structuredClone(item));
    return structuredClone(item);
  }
  async putMany(items: readonly T[]) {
    this.live();
    for (const item of items) this.rows.set(item.id, structuredClone(item));
  }
  async update(id: string, mutate: (current: T) => T) {
    this.live();
    const current = this.rows.get(id);
    if (current === undefined) return undefined;
    const next = mutate(structuredClone(current));
    if (next.id !== id) throw new Error(`${this.name}: update may not change the id`);
    this.rows.set(id, structuredClone(next));
    return structuredClone(next);
  }
  async remove(id: string) {
    this.live();
    return this.rows.delete(id);
  }
}

export function createMemoryStorage(): Storage {
  const cols = new Map<CollectionName, MemoryCollection<Entity>>();
  for (const name of Object.keys(collections) as CollectionName[]) cols.set(name, new MemoryCollection(name));
  return {
    collection<K extends CollectionName>(name: K) {
      return cols.get(name) as unknown as Collection<RecordOf<K>>;
    },
    async isEmpty() {
      for (const c of cols.values()) if ((await c.count()) > 0) return false;
      return true;
    },
    async flush() {},
    async close() {
      for (const c of cols.values()) c.close();
    },
  };
}
