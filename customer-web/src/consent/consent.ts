import { atom } from 'jotai';

/**
 * Cookie consent (SPEC §6): four groups. Necessary is always on. Analytics pushes need
 * statistics; the recommendation provider personalises, so its calls need preferences; nothing
 * in the shop uses marketing yet. The choice is kept in localStorage and can be changed from
 * the footer's cookie-settings button.
 */
export const CONSENT_STORAGE_KEY = 'optik_consent';
export const CONSENT_VERSION = 1;

export type ConsentGroup = 'necessary' | 'statistics' | 'preferences' | 'marketing';
export interface Consent {
  version: number;
  decidedAt: string;
  groups: Record<ConsentGroup, boolean>;
}

export const ALL_GROUPS: readonly ConsentGroup[] = ['necessary', 'statistics', 'preferences', 'marketing'];

export function readConsent(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): Consent | null {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const c = JSON.parse(raw) as Partial<Consent>;
    // A choice made under an older version of the cookie list must be asked again.
    if (c.version !== CONSENT_VERSION || !c.groups || typeof c.decidedAt !== 'string') return null;
    const groups = Object.fromEntries(ALL_GROUPS.map((g) => [g, g === 'necessary' || c.groups![g] === true])) as Consent['groups'];
    return { version: CONSENT_VERSION, decidedAt: c.decidedAt, groups };
  } catch {
    return null;
  }
}

export function makeConsent(groups: Partial<Record<ConsentGroup, boolean>>, now = new Date()): Consent {
  return { version: CONSENT_VERSION, decidedAt: now.toISOString(), groups: { necessary: true, statistics: !!groups.statistics, preferences: !!groups.preferences, marketing: !!groups.marketing } };
}

export function writeConsent(c: Consent, storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(c));
  } catch {
    // Private mode or full storage: the choice holds for this page only.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The visitor's choice; null until they have made one. */
export const consentAtom = atom<Consent | null>(readConsent());
/** The consent settings are open (first visit, or the footer's button). */
export const consentOpenAtom = atom<boolean>(readConsent() === null);

export const hasConsent = (c: Consent | null, group: ConsentGroup) => group === 'necessary' || c?.groups[group] === true;
