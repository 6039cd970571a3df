import type { z } from 'zod/mini';
import { createFetcher, type FetcherOptions } from '../client/request';
import type { listingResponseSchema, ProductListingRequest, relatedRequestSchema, RecommendProductsRequest, SearchResultsRequest, searchResultResponseSchema, suggestionsResponseSchema } from '../schemas/widget';
import type { WidgetResponseSchemas } from './response-schemas';

/** SPEC §7: identical requests share one answer, kept 5 minutes (the 1-minute delay of the spec's weak-reference fallback is folded into it). */
export const WIDGET_CACHE_MS = 5 * 60_000;

type SearchResults = z.infer<typeof searchResultResponseSchema>;
type Listing = z.infer<typeof listingResponseSchema>;
type Suggestions = z.infer<typeof suggestionsResponseSchema>;

/** SPEC §8 answers on failure: never a throw, an empty result marked as failed. */
export const failedSearch = (): SearchResults => ({ n_hits: 0, displays: [], search_request_id: 'error', failed: true });
export const failedListing = (): Listing & { failed: true } => ({ n_hits: 0, displays: [], product_listing_request_id: 'error', failed: true });
export const failedSuggestions = (): Suggestions => ({ suggestions: [], suggestions_request_id: 'error' });

export interface WidgetClientOptions extends FetcherOptions {
  now?: () => number;
  /**
   * The answers' schemas (`widgetResponseSchemas`) to check every answer with, or null to trust
   * the API's answers as typed (the shop's production build, docs/decisions/006); an answer
   * that is not a JSON object is a failure either way.
   */
  responses: WidgetResponseSchemas | null;
}

type Answer = keyof WidgetResponseSchemas;
type AnswerOf<K extends Answer> = z.output<WidgetResponseSchemas[K]>;

/**
 * The widget's client of the /v2 provider API. Reads are retried with the SPEC §7 backoff
 * (they have no side effect), identical requests in flight or answered in the last 5 minutes
 * share one answer, and failures answer the SPEC §8 empty shapes.
 */
/** SPEC §7: the widget's reads stop retrying on 200, 404 and 422 (a well-formed request that fails validation). */
export const WIDGET_FINAL_STATUSES = [200, 404, 422] as const;

export function createWidgetClient(opts: WidgetClientOptions) {
  const request = createFetcher({ finalStatuses: WIDGET_FINAL_STATUSES, ...opts });
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < WIDGET_CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: now(), value });
    // A failure is not kept: the next identical request tries again.
    value.then(
      (v) => {
        if ((v as { failed?: boolean }).failed || (v as { suggestions_request_id?: string }).suggestions_request_id === 'error') cache.delete(key);
      },
      () => cache.delete(key),
    );
    return value;
  }

  /** The answer named `name` as typed, or null when it is not one (checked by its schema when the client has them). */
  function read<K extends Answer>(name: K, body: unknown): AnswerOf<K> | null {
    const schema = opts.responses?.[name];
    if (schema) {
      const parsed = schema.safeParse(body);
      return parsed.success ? (parsed.data as AnswerOf<K>) : null;
    }
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as AnswerOf<K>) : null;
  }

  async function post<K extends Answer>(name: K, path: string, body: unknown, fallback: () => AnswerOf<K>): Promise<AnswerOf<K>> {
    return cached(`${path}\n${JSON.stringify(body)}`, async () => {
      try {
        const res = await request(path, { method: 'POST', body, retry: true });
        const answer = res.status === 200 ? read(name, res.body) : null;
        if (answer) return answer;
        opts.onError?.(new Error(`${path}: ${res.status}`));
      } catch (e) {
        opts.onError?.(e);
      }
      return fallback();
    });
  }

  return {
    searchResults: (body: SearchResultsRequest) => post('search', '/v2/search/results', body, failedSearch),
    productListing: (body: ProductListingRequest) => post('listing', '/v2/product-listing', body, failedListing),
    related: (body: z.input<typeof relatedRequestSchema>) => post('recommendations', '/v2/search/related', body, () => ({ displays: [], recommendation_request_id: 'error' })),
    recommend: (kind: 'category' | 'product' | 'products' | 'general', body: RecommendProductsRequest) =>
      post('recommendations', `/v2/recommend/products/${kind}`, body, () => ({ displays: [], recommendation_request_id: 'error' })),
    suggestions: (q: { tenant?: string; market: string; query: string; dsid?: string; user_id?: string; session_id?: string; metadata?: unknown }) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) params.set(k, k === 'metadata' ? JSON.stringify(v) : String(v));
      const path = `/v2/search/suggestions?${params.toString()}`;
      return cached(path, async () => {
        try {
          const res = await request(path);
          const answer = res.status === 200 ? read('suggestions', res.body) : null;
          if (answer) return answer;
        } catch (e) {
          opts.onError?.(e);
        }
        return failedSuggestions();
      });
    },
    /** Tracking is fire-and-forget: never cached, never retried, never thrown. */
    createEvents: async (body: { tenant?: string; market: string; events: unknown[] }): Promise<boolean> => {
      try {
        return (await request('/v2/create-events', { method: 'POST', body })).status === 200;
      } catch (e) {
        opts.onError?.(e);
        return false;
      }
    },
  };
}
export type WidgetClient = ReturnType<typeof createWidgetClient>;
