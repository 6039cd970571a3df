/**
 * Anonymous shopper ids of the widget (SPEC §6: no roles, anonymous shoppers identified by ids).
 * They are random and carry no personal data: the session id lives as long as the tab
 * (sessionStorage), the device id (dsid) as long as the browser keeps local storage.
 */
export const SESSION_ID_KEY = 'depict_session_id';
export const DSID_KEY = 'depict_dsid';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0')).join('');
}

/** Reads the id under `key`, creating and storing one if missing. Storage may be blocked (private mode): then the id lives in memory only. */
export function readOrCreateId(storage: () => Storage | undefined, key: string): string {
  try {
    const s = storage();
    const existing = s?.getItem(key);
    if (existing) return existing;
    const id = randomId();
    s?.setItem(key, id);
    return id;
  } catch {
    return randomId();
  }
}

export const sessionStore = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
export const localStore = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
