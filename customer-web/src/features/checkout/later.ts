import type { CheckoutPlaceRequest, PostcodeResult } from '@optik/shared';

export type ValidatePostcode = (input: string) => PostcodeResult;
export type RequestIssues = (body: CheckoutPlaceRequest) => { path: string; message: string }[];

/** One load per page; a failed load (offline) is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}

/**
 * What the checkout needs only after the shopper acts, loaded then rather than with the page
 * (first-load JS ≤ 130 KB gzip, issue 5): the postcode list on the first postcode input, the
 * request schema (zod) on the first submit.
 */
export const loadPostcodes = once<ValidatePostcode>(() => import('./postcodes').then((m) => m.validatePostcode));
export const loadRequestCheck = once<RequestIssues>(() => import('./request-check').then((m) => m.requestIssues));
