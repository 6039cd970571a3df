/**
 * The shared fetch helper (SPEC §7). Adds the shop-id and API-key headers when the caller
 * passes headers, parses the body whatever the status, retries with backoff, and lets
 * identical in-flight GETs share one request.
 */
export interface FetcherOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  shopId?: string;
  apiKey?: string;
  /** Waits between retries; injectable so tests need no real timers. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Source of the 2–3× backoff factor. */
  random?: () => number;
  /** Fetch errors are only logged (SPEC §8). */
  onError?: (error: unknown) => void;
  /**
   * Attempts per request (default 10, SPEC §7). An offline-first app sets 1: its screens
   * fall back to the device's data at once, and its outbox keeps a persistent backoff.
   */
  maxAttempts?: number;
  /**
   * Statuses a retried request stops on, besides 2xx; others are tried again. By default every
   * status below 500 but 408 and 429. The widget client follows SPEC §7 to the letter: 200,
   * 404 and 422 (the /v2 API answers 422 to a request that fails validation, issue 18).
   */
  finalStatuses?: readonly number[];
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry a non-GET (only for commands carrying an idempotency key). */
  retry?: boolean;
}

export interface RawResponse {
  status: number;
  body: unknown;
  headers: Headers | null;
}

/** SPEC §7: up to 10 attempts, 100 ms × 2–3 each time, capped near 60 s. */
export const MAX_ATTEMPTS = 10;
export const BASE_DELAY_MS = 100;
export const MAX_DELAY_MS = 60_000;

/** Statuses after which trying again cannot help: SPEC §7 stops on 200, 404 and 422; other 4xx are the caller's to fix. */
function isFinalByDefault(status: number): boolean {
  if (status === 408 || status === 429) return false;
  return status < 500;
}

/** The delay before retry number `attempt` (1-based): 100 ms × f1 × … × f_attempt, each f in [2, 3]. */
export function backoffDelays(random: () => number, attempts = MAX_ATTEMPTS - 1): number[] {
  const out: number[] = [];
  let d = BASE_DELAY_MS;
  for (let i = 0; i < attempts; i++) {
    d = Math.min(MAX_DELAY_MS, d * (2 + random()));
    out.push(Math.round(d));
  }
  return out;
}

const abortError = (signal: AbortSignal) => (signal.reason as unknown) ?? new DOMException('Aborted', 'AbortError');

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(abortError(signal));
    });
  });

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createFetcher(opts: FetcherOptions) {
  const doFetch = opts.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = opts.sleep ?? defaultSleep;
  const random = opts.random ?? Math.random;
  const inFlight = new Map<string, Promise<RawResponse>>();

  async function once(url: string, init: RequestInit): Promise<RawResponse> {
    const res = await doFetch(url, init);
    return { status: res.status, body: await parseBody(res), headers: res.headers };
  }

  const maxAttempts = Math.max(1, Math.min(MAX_ATTEMPTS, opts.maxAttempts ?? MAX_ATTEMPTS));
  const finalStatuses = opts.finalStatuses;
  const isFinal = finalStatuses ? (status: number) => (status >= 200 && status < 300) || finalStatuses.includes(status) : isFinalByDefault;

  async function withRetry(url: string, init: RequestInit, retry: boolean, signal?: AbortSignal): Promise<RawResponse> {
    const delays = backoffDelays(random);
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortError(signal);
      try {
        const res = await once(url, init);
        if (!retry || isFinal(res.status) || attempt >= maxAttempts - 1) return res;
      } catch (e) {
        if (isAbort(e) || !retry || attempt >= maxAttempts - 1) throw e;
        opts.onError?.(e);
      }
      await sleep(delays[attempt]!, signal);
    }
  }

  return function request(path: string, ro: RequestOptions = {}): Promise<RawResponse> {
    const method = ro.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (ro.headers) {
      Object.assign(headers, ro.headers);
      if (opts.shopId) headers['x-shop-id'] = opts.shopId;
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
    }
    const init: RequestInit = { method, headers, credentials: 'include', signal: ro.signal };
    if (ro.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(ro.body);
    }
    const url = `${opts.baseUrl}${path}`;
    const retry = method === 'GET' || ro.retry === true;
    if (method !== 'GET') return withRetry(url, init, retry, ro.signal);
    // Identical GETs in flight share one request; nothing is cached after it settles.
    const key = `${url}\n${JSON.stringify(Object.entries(headers).sort())}`;
    const existing = inFlight.get(key);
    if (existing) return existing;
    const p = withRetry(url, init, retry, ro.signal).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };
}
export type Fetcher = ReturnType<typeof createFetcher>;
