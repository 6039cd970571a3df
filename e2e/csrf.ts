import type { APIRequestContext } from '@playwright/test';

/** A POST with the shopper's CSRF token of the URL's origin, as the apps' API client sends it. */
export async function postWithCsrf(request: APIRequestContext, url: string, data: object) {
  const base = new URL(url).origin;
  const { token } = (await (await request.get(`${base}/api/site/shopper`)).json()) as { token: string };
  return request.post(url, { data, headers: { 'CSRF-TOKEN': token } });
}
