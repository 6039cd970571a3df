import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * The data-key ring: the keys personal data at rest is sealed with (field-crypto.ts).
 *
 * - `DATA_ENCRYPTION_KEY`: the current key, 32 random bytes written as 64 hex characters
 *   (`openssl rand -hex 32`); every new value is sealed with it.
 * - `DATA_ENCRYPTION_KEY_ID`: its short id, written into every sealed value (default: the
 *   first 8 hex characters of the key's SHA-256, so the same key always gets the same id).
 * - `DATA_ENCRYPTION_OLD_KEYS`: `id:hex,id:hex` — keys that still open values sealed before a
 *   rotation, until `rotate-keys` has re-sealed them under the current key.
 * - The legacy secret (`dataKey ?? secret`, as before the ring): opens `v1` values, which carry
 *   no key id.
 * - `DATA_ENCRYPTION_INDEX_KEY_ID`: which key keys the CPR search index (a key id of the ring,
 *   or `legacy` for the legacy secret, which is how every index was keyed before the ring).
 */
export interface DataKey {
  readonly id: string;
  readonly key: Buffer;
}

export interface DataKeyRing {
  readonly current: DataKey;
  readonly old: readonly DataKey[];
  /** A key id of the ring, or LEGACY_INDEX. */
  readonly indexKeyId: string;
}

/** What sealed values and the CPR index are keyed with: the ring (when configured) and the legacy secret. */
export interface FieldKeys {
  /** Opens `v1` values and keys the legacy CPR index (the app secret, or a former DATA_ENCRYPTION_KEY). */
  readonly legacy: string;
  /** Absent: only the legacy secret (values are sealed as `v1`), as before the ring. */
  readonly ring?: DataKeyRing | undefined;
}

export const DATA_KEY_HEX = /^[0-9a-f]{64}$/i;
export const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;
export const LEGACY_INDEX = 'legacy';
/** Longest DATA_ENCRYPTION_OLD_KEYS accepted (about 100 keys). */
export const OLD_KEYS_MAX = 10_000;

export const keyMessages = {
  hexKey: 'skal være 32 tilfældige bytes skrevet som 64 hex-tegn (fx `openssl rand -hex 32`); en tidligere nøgle i andet format sættes som DATA_ENCRYPTION_LEGACY_SECRET',
  keyId: 'skal være 1–16 tegn: bogstaver, tal, - og _',
  oldKeys: 'skal være en kommasepareret liste af id:hex (id 1–16 tegn af bogstaver, tal, - og _; hex 64 tegn)',
};

/** The default key id: the first 8 hex characters of the key's SHA-256 (stable for a key, reveals nothing). */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export interface KeyIssue {
  variable: string;
  message: string;
}

/** Builds the ring from the environment's values; issues name the variable and say what is wrong (Danish). */
export function parseDataKeyRing(input: { key: string; id?: string | undefined; oldKeys?: string | undefined; indexKeyId?: string | undefined; defaultIndex: 'legacy' | 'current' }): { ring: DataKeyRing } | { issues: KeyIssue[] } {
  const issues: KeyIssue[] = [];
  if (!DATA_KEY_HEX.test(input.key)) return { issues: [{ variable: 'DATA_ENCRYPTION_KEY', message: keyMessages.hexKey }] };
  const currentKey = Buffer.from(input.key, 'hex');
  const id = input.id ?? keyIdOf(currentKey);
  if (!KEY_ID.test(id)) return { issues: [{ variable: 'DATA_ENCRYPTION_KEY_ID', message: keyMessages.keyId }] };
  const current: DataKey = { id, key: currentKey };
  const byId = new Map<string, DataKey>([[id, current]]);
  const old: DataKey[] = [];
  for (const entry of (input.oldKeys ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z0-9_-]{1,16}):([0-9a-fA-F]{64})$/.exec(entry);
    if (!m) {
      // The entry itself is key material: never echoed.
      issues.push({ variable: 'DATA_ENCRYPTION_OLD_KEYS', message: keyMessages.oldKeys });
      break;
    }
    const k: DataKey = { id: m[1]!, key: Buffer.from(m[2]!, 'hex') };
    const same = byId.get(k.id);
    if (same) {
      if (!same.key.equals(k.key)) issues.push({ variable: 'DATA_ENCRYPTION_OLD_KEYS', message: `nøgle-id "${k.id}" bruges to gange med forskellige nøgler` });
      continue;
    }
    byId.set(k.id, k);
    old.push(k);
  }
  const indexKeyId = input.indexKeyId ?? (input.defaultIndex === 'legacy' ? LEGACY_INDEX : id);
  if (indexKeyId !== LEGACY_INDEX && !byId.has(indexKeyId)) {
    issues.push({ variable: 'DATA_ENCRYPTION_INDEX_KEY_ID', message: `"${KEY_ID.test(indexKeyId) ? indexKeyId : '?'}" er hverken "${LEGACY_INDEX}", DATA_ENCRYPTION_KEY_ID eller et id i DATA_ENCRYPTION_OLD_KEYS` });
  }
  return issues.length ? { issues } : { ring: { current, old, indexKeyId } };
}

/** The ring's key with this id (current or old). */
export function ringKey(ring: DataKeyRing, id: string): DataKey | undefined {
  return ring.current.id === id ? ring.current : ring.old.find((k) => k.id === id);
}

/**
 * The secret that keys the CPR search index (an HMAC, so staff find a customer by exact CPR
 * without decrypting anyone): the legacy secret itself (as before the ring), or a key derived
 * from a ring key.
 */
export function cprIndexSecret(keys: FieldKeys): string {
  const ring = keys.ring;
  if (!ring || ring.indexKeyId === LEGACY_INDEX) return keys.legacy;
  const k = ringKey(ring, ring.indexKeyId)!;
  return Buffer.from(hkdfSync('sha256', k.key, 'optik-field-crypto', 'cpr-index', 32)).toString('base64url');
}

/** The CPR index value of a normalized CPR (the same HMAC the customer service computes). */
export function cprIndexOf(indexSecret: string, normalizedCpr: string): string {
  return createHmac('sha256', indexSecret).update(`cpr:${normalizedCpr}`).digest('base64url');
}

/** The field keys of an app configuration: the ring (when configured) and the legacy key (`dataKey ?? secret`). */
export function fieldKeysOf(config: { secret: string; dataKey?: string | undefined; dataKeys?: DataKeyRing | undefined }): FieldKeys {
  return { legacy: config.dataKey ?? config.secret, ring: config.dataKeys };
}
