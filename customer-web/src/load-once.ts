/**
 * A dynamic import made on the first call and shared by later ones; a failed load (offline) is
 * tried again on the next call. For code a page needs only after the shopper acts (first-load JS
 * ≤ 130 KB gzip, issue 5).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}
