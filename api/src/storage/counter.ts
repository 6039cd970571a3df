import { DuplicateKeyError, type Storage } from './port';

/** Next number of an atomic counter kept in `meta` (customer and order numbers); the first call returns `first`. */
export async function nextNumber(storage: Storage, key: string, first: number): Promise<number> {
  const meta = storage.collection('meta');
  const bump = () => meta.update(key, (m) => ({ ...m, value: (m.value as number) + 1 }));
  let counter = await bump();
  if (!counter) {
    try {
      counter = await meta.insert({ id: key, value: first });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      counter = await bump();
    }
  }
  return counter!.value as number;
}
