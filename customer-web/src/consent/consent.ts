import { useEffect } from 'react';
import { atom, useStore } from 'jotai';

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

/** The visitor's choice; null until they have made one (and until the stored one is read: useStoredConsent). */
export const consentAtom = atom<Consent | null>(null);
/** The consent settings are open (first visit, or the footer's button). */
export const consentOpenAtom = atom<boolean>(false);

/**
 * Reads the stored choice once the page is in the browser (the root calls it first, so the first
 * page view already counts with it). Not while rendering: the shop's server renders every page
 * the same for all visitors (issue 19), and the first render in the browser must match it — so
 * the settings open, or stay closed, right after.
 */
export function useStoredConsent(): void {
  const store = useStore();
  useEffect(() => {
    const stored = readConsent();
    store.set(consentAtom, stored);
    store.set(consentOpenAtom, stored === null);
  }, [store]);
}

export const hasConsent = (c: Consent | null, group: ConsentGroup) => group === 'necessary' || c?.groups[group] === true;
