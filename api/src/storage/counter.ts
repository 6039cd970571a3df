import { z } from 'zod';
import { defineCollection, type Storage } from './port';

/** Small values the storage layer itself keeps: number counters and one-off markers. */
export const metaRecordSchema = z.object({ id: z.string(), value: z.unknown() });
export type MetaRecord = z.infer<typeof metaRecordSchema>;
export const metaCollection = defineCollection({ name: 'meta', schema: metaRecordSchema, file: { group: 'meta', durable: true } });

/**
 * Next number of an atomic counter kept in `meta` (customer and order numbers); the first call
 * returns `first`. Inside a transaction the number is taken only if the transaction commits.
 */
export async function nextNumber(storage: Storage, key: string, first: number): Promise<number> {
  const meta = storage.collection(metaCollection);
  return storage.transaction(async () => {
    const counter = await meta.update(key, (m) => ({ ...m, value: (m.value as number) + 1 }));
    if (counter) return counter.value as number;
    await meta.insert({ id: key, value: first });
    return first;
  });
}
