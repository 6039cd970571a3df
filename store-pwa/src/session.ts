import { atom } from 'jotai';
import type { SessionResponse } from '@optik/shared';

/** The signed-in staff session; `undefined` while the start-up check runs, `null` when logged out. */
export const sessionAtom = atom<SessionResponse | null | undefined>(undefined);

/** Set when a new app version is installed and waiting; calling it activates the version. */
export const updateReadyAtom = atom<(() => void) | null>(null);
