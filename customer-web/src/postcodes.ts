import type { PostcodeResult } from '@optik/shared';
import { loadOnce } from './load-once';

export type ValidatePostcode = (input: string) => PostcodeResult;

/**
 * The postcode check (city, deliverable or not) for any form with a postcode: the list loads on
 * the first call, which a form makes on the first postcode input (or a filled-in postcode), and
 * its submit waits for it (first-load JS ≤ 130 KB gzip, issue 5).
 */
export const loadPostcodes = loadOnce<ValidatePostcode>(() => import('./postcode-list').then((m) => m.validatePostcode));
