import { loadOnce } from '../../load-once';

export type SubmitModule = typeof import('./submit');

/**
 * What the checkout needs only after the shopper acts, loaded then rather than with the page
 * (first-load JS ≤ 130 KB gzip, issue 5): the request schema (zod) and the payment steps on the
 * first submit. The postcode list loads on the first postcode input (../../postcodes).
 */
export const loadSubmit = loadOnce<SubmitModule>(() => import('./submit'));
