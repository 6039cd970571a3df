/**
 * Re-seals every encrypted field of personal data under the current data key, after a key
 * rotation (crypto/keys.ts, crypto/field-crypto.ts):
 *
 *   pnpm --filter @optik/api rotate-keys
 *
 * It reads the API's own environment (DATA_DIR or STORAGE_URL, APP_SECRET, DATA_ENCRYPTION_KEY,
 * DATA_ENCRYPTION_KEY_ID, DATA_ENCRYPTION_OLD_KEYS, DATA_ENCRYPTION_LEGACY_SECRET,
 * DATA_ENCRYPTION_INDEX_KEY_ID), so run it with exactly what the API runs with.
 *
 * Rotating to a new key B (from A):
 *   1. Start every instance with DATA_ENCRYPTION_KEY = B and A in DATA_ENCRYPTION_OLD_KEYS
 *      (`<id of A>:<hex of A>`): new values are sealed under B, old ones still open with A.
 *   2. Run this command with the same environment. PostgreSQL: while the instances run. The
 *      embedded store has one owner: stop the API first (opening it here also takes a backup snapshot).
 *   3. Remove A from DATA_ENCRYPTION_OLD_KEYS and restart.
 *
 * What it does: every sealed field (SEALED_FIELDS: CPR numbers of customers and accounts,
 * prescriptions) that is not sealed under the current key — older keys' `v2` values and the
 * `v1` values from before key ids — is opened and sealed again, a batch of records per
 * transaction (each record re-read inside it, so a write made meanwhile is never overwritten).
 * Customers' CPR search index is recomputed with the index key (DATA_ENCRYPTION_INDEX_KEY_ID,
 * by default the current key in production), so finding a customer by exact CPR keeps working
 * once the old key is gone; between steps 1 and 2 done, an exact-CPR search can miss customers
 * not yet re-indexed (pin DATA_ENCRYPTION_INDEX_KEY_ID to A's id to keep the index on A instead).
 * Idempotent: a second run changes nothing. It prints counts, never values.
 * A value sealed under a key id the ring does not hold stops it, naming collection, record and key id.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { C, allCollections } from '../collections';
import { loadConfig } from '../config';
import { createFieldCrypto } from '../crypto/field-crypto';
import { cprIndexOf, cprIndexSecret, fieldKeysOf, type FieldKeys } from '../crypto/keys';
import { openLowdbStorage } from '../storage/lowdb';
import type { CollectionDef, Entity, Storage } from '../storage/port';
import { openPostgresStorage } from '../storage/postgres';

/** A field sealed with createFieldCrypto: its collection, the field, the purpose its key is derived for, the owner being the record id. */
export interface SealedField {
  collection: CollectionDef;
  field: string;
  purpose: string;
  /** A field holding the CPR search index of the sealed (normalized) CPR, recomputed with the index key. */
  cprIndexField?: string;
}

/** Every field sealed with createFieldCrypto (app.ts): keep in step with the services that seal. */
export const SEALED_FIELDS: readonly SealedField[] = [
  { collection: C.customers, field: 'cprSealed', purpose: 'cpr', cprIndexField: 'cprIndex' },
  { collection: C.accountProfiles, field: 'cprSealed', purpose: 'cpr' },
  { collection: C.prescriptions, field: 'sealed', purpose: 'prescription' },
  { collection: C.customers, field: 'notesSealed', purpose: 'customer-personal' },
  { collection: C.customerConflicts, field: 'sealed', purpose: 'customer-personal' },
];

export interface RotateCount {
  collection: string;
  field: string;
  /** Records looked at. */
  records: number;
  /** Values sealed again under the current key. */
  resealed: number;
  /** CPR index values recomputed. */
  reindexed: number;
}

export class RotateRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RotateRefused';
  }
}

type Row = Entity & Record<string, unknown>;

/** Re-seals every sealed field under `keys.ring`'s current key; batches of `batchSize` records per transaction. */
export async function rotateKeys(opts: { storage: Storage; keys: FieldKeys; fields?: readonly SealedField[]; batchSize?: number; log?: (line: string) => void }): Promise<RotateCount[]> {
  const { storage, keys } = opts;
  if (!keys.ring) throw new RotateRefused('DATA_ENCRYPTION_KEY er ikke sat: der er ingen nøgle at kryptere igen med.');
  const batchSize = opts.batchSize ?? 200;
  const indexSecret = cprIndexSecret(keys);
  const out: RotateCount[] = [];
  for (const f of opts.fields ?? SEALED_FIELDS) {
    const crypto = createFieldCrypto(keys, f.purpose);
    const c = storage.collection<Row, string, string>(f.collection as unknown as CollectionDef<Row>);
    const ids = (await c.all()).map((r) => r.id);
    const count: RotateCount = { collection: f.collection.name, field: f.field, records: 0, resealed: 0, reindexed: 0 };
    for (let i = 0; i < ids.length; i += batchSize) {
      // Counted per committed attempt: PostgreSQL may run a transaction again after a conflict.
      const done = await storage.transaction(async () => {
        const n = { records: 0, resealed: 0, reindexed: 0 };
        for (const id of ids.slice(i, i + batchSize)) {
          const r = await c.get(id);
          if (!r) continue;
          n.records += 1;
          const sealed = r[f.field];
          if (typeof sealed !== 'string') continue;
          const next: Row = { ...r };
          let changed = false;
          let plain: string | null = null;
          const open = () => {
            try {
              return (plain ??= crypto.decrypt(sealed, r.id));
            } catch (err) {
              throw new RotateRefused(`${f.collection.name}/${r.id} (${f.field}): ${err instanceof Error ? err.message : String(err)}. Intet i denne portion er ændret; kør igen, når nøglen er sat.`);
            }
          };
          if (!crypto.isCurrent(sealed)) {
            next[f.field] = crypto.encrypt(open(), r.id);
            n.resealed += 1;
            changed = true;
          }
          if (f.cprIndexField) {
            const index = cprIndexOf(indexSecret, open());
            if (r[f.cprIndexField] !== index) {
              next[f.cprIndexField] = index;
              n.reindexed += 1;
              changed = true;
            }
          }
          if (changed) await c.put(next);
        }
        return n;
      });
      count.records += done.records;
      count.resealed += done.resealed;
      count.reindexed += done.reindexed;
    }
    opts.log?.(`  ${f.collection.name}.${f.field}: ${count.records} poster, ${count.resealed} krypteret igen${f.cprIndexField ? `, ${count.reindexed} CPR-indeks opdateret` : ''}`);
    out.push(count);
  }
  return out;
}

async function main(): Promise<number> {
  let storage: Storage | null = null;
  const password = (() => {
    try {
      return decodeURIComponent(new URL(process.env.STORAGE_URL ?? '').password);
    } catch {
      return '';
    }
  })();
  try {
    const config = await loadConfig();
    const keys = fieldKeysOf(config.app);
    console.log(`Krypterer personoplysninger igen med nøgle-id ${keys.ring?.current.id ?? '(ingen)'} (${config.storageUrl ? 'PostgreSQL' : config.dataDir}).`);
    storage = config.storageUrl
      ? await openPostgresStorage({ url: config.storageUrl, collections: allCollections, poolSize: 2 })
      : await openLowdbStorage({ dir: config.dataDir, collections: allCollections, backups: { keep: config.backups.keep } });
    const counts = await rotateKeys({ storage, keys, log: (line) => console.log(line) });
    const total = counts.reduce((n, c) => n + c.resealed, 0);
    const reindexed = counts.reduce((n, c) => n + c.reindexed, 0);
    console.log(`Færdig: ${total} værdier krypteret igen, ${reindexed} CPR-indeks opdateret. Gamle nøgler kan nu fjernes fra DATA_ENCRYPTION_OLD_KEYS.`);
    return 0;
  } catch (err) {
    // Messages name variables, collections, record ids and key ids — never a key, a value or a password.
    const text = err instanceof Error ? err.message : String(err);
    console.error(password ? text.split(password).join('***') : text);
    return 1;
  } finally {
    await storage?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
