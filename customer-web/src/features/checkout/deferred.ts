import type { PostcodeResult } from '@optik/shared';
import { loadOnce } from '../../load-once';

export type ValidatePostcode = (input: string) => PostcodeResult;
export type SubmitModule = typeof import('./submit');

/**
 * What the checkout needs only after the shopper acts, loaded then rather than with the page
 * (first-load JS ≤ 130 KB gzip, issue 5): the postcode list on the first postcode input, the
 * request schema (zod) and the payment steps on the first submit.
 */
export const loadPostcodes = loadOnce<ValidatePostcode>(() => import('./postcodes').then((m) => m.validatePostcode));
export const loadSubmit = loadOnce<SubmitModule>(() => import('./submit'));
