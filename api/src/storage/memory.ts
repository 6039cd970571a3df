import { Engine } from './engine';
import type { CollectionDef, Storage } from './port';

/**
 * In-memory adapter for fast unit tests of other modules: the engine's keys, indexes and
 * transactions without files. Records go in and come out as copies.
 */
export function createMemoryStorage(defs: readonly CollectionDef[]): Storage {
  const engine = new Engine(defs);
  return engine.storage({ flush: async () => {}, close: async () => {} });
}
