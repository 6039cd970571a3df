import { z } from 'zod/mini';
import './zod-locale';
import { maxChars, maxItems } from './common';
import { LIST_MAX, TEXT_MAX, limitMessages } from './limits';

/** Result ids a card carries: the click event names the search, listing or recommendation it came from. */
const resultIdFields = {
  search_result_id: z.optional(z.string()),
  product_listing_result_id: z.optional(z.string()),
  recommendation_id: z.optional(z.string()),
};

/**
 * One variant of a product as a card shows it: the whole display (issue 18: Depict's client
 * reads only `variant_displays[variant_index]`, so a variant lacking title, brand or prices
 * renders a blank card).
 */
export const variantDisplaySchema = z.object({
  product_id: z.string(),
  title: z.string(),
  brand: z.optional(z.string()),
  image_url: z.optional(z.string()),
  image_urls: z.array(z.string()),
  original_price: z.number(),
  sale_price: z.number(),
  page_url: z.string(),
  ...resultIdFields,
});

export const productDisplaySchema = z.object({
  product_id: z.string(),
  title: z.string(),
  brand: z.optional(z.string()),
  sub_heading_1: z.optional(z.string()),
  sub_heading_2: z.optional(z.string()),
  image_url: z.optional(z.string()),
  image_urls: z.optional(z.array(z.string())),
  original_price: z.number(),
  sale_price: z.number(),
  page_url: z.string(),
  localized_page_url: z.optional(z.string()),
  variants: z.optional(z.array(z.unknown())),
  variant_index: z.optional(z.number().check(z.int())),
  variant_displays: z.optional(z.array(variantDisplaySchema)),
  ...resultIdFields,
  ga_product_id: z.optional(z.string()),
  ga_product_ids: z.optional(z.array(z.string())),
});
export type ProductDisplay = z.infer<typeof productDisplaySchema>;

export const filterOperatorSchema = z.enum(['eq', 'neq', 'in', 'nin', 'leq', 'geq', 'inrange']);

/** A filter's value as the widget sends it: a value, a list of values or a list of lists (url-codec.ts), none of them long. */
function isBoundedFilterValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length <= TEXT_MAX.query;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return depth < 2 && value.length <= LIST_MAX.filterValues && value.every((v) => isBoundedFilterValue(v, depth + 1));
  return false;
}
export const filterValueMessage = `Et filter har højst ${LIST_MAX.filterValues} værdier på højst ${TEXT_MAX.query} tegn.`;

export const selectedFilterSchema = z.object({
  field: z.string().check(maxChars(TEXT_MAX.id)),
  op: filterOperatorSchema,
  data: z.unknown().check(z.refine((v) => isBoundedFilterValue(v), filterValueMessage)),
});
export const sortingSchema = z.object({ field: z.string().check(maxChars(TEXT_MAX.id)), order: z.enum(['asc', 'desc']) });
/** A sort as requests carry it: Depict's client may leave out the order, which then means descending (issue 18). */
export const sortingRequestSchema = z.object({ field: z.string().check(maxChars(TEXT_MAX.id)), order: z._default(z.enum(['asc', 'desc']), 'desc') });
/** A sort the answer offers: Depict's client shows `meta.title` (our widget reads `title`, the same text). */
export const sortOptionSchema = z.extend(sortingSchema, { title: z.optional(z.string()), meta: z.optional(z.looseObject({ title: z.optional(z.string()) })) });

/** How a facet is chosen, in Depict's client's names: several values (checkbox), one of them (radio: yes/no facets), or a range. */
export const widgetFilterTypeSchema = z.enum(['checkbox', 'radio', 'range']);
/**
 * A facet of an answer, in the shape Depict's client reads (issue 18): the filter to send back
 * (`field`, `op`) and a `meta` with its type, group title, values, names, counts, min and max.
 */
export const widgetFilterSchema = z.looseObject({
  field: z.string(),
  op: z.optional(filterOperatorSchema),
  meta: z.optional(
    z.looseObject({
      type: z.optional(z.string()),
      group_title: z.optional(z.string()),
      values: z.optional(z.array(z.unknown())),
      names: z.optional(z.array(z.string())),
      counts: z.optional(z.array(z.number())),
      min: z.optional(z.number()),
      max: z.optional(z.number()),
    }),
  ),
});
/** A category in a breadcrumb or quick links: `query_id` is what a listing request names it by. */
const categoryLinkSchema = z.object({ title: z.string(), page_url: z.string(), query_id: z.optional(z.string()) });

export const searchResultResponseSchema = z.object({
  n_hits: z.number().check(z.int(), z.nonnegative()),
  displays: z.array(productDisplaySchema),
  sorts: z.optional(z.array(sortOptionSchema)),
  filters: z.optional(z.array(widgetFilterSchema)),
  search_request_id: z.string(),
  content_search_links: z.optional(z.array(z.object({ page_url: z.string(), title: z.string() }))),
  failed: z.optional(z.boolean()),
  /** Position of the next page; null on the last one. */
  cursor: z.optional(z.nullable(z.string())),
});

export const listingResponseSchema = z.object({
  n_hits: z.number().check(z.int(), z.nonnegative()),
  displays: z.array(productDisplaySchema),
  sorts: z.optional(z.array(sortOptionSchema)),
  filters: z.optional(z.array(widgetFilterSchema)),
  breadcrumb: z.optional(z.array(categoryLinkSchema)),
  quick_links: z.optional(z.array(categoryLinkSchema)),
  product_listing_request_id: z.string(),
  cursor: z.optional(z.nullable(z.string())),
});

export const suggestionsResponseSchema = z.object({
  suggestions_request_id: z.string(),
  suggestions: z.array(
    z.object({
      type: z.enum(['query', 'category', 'content']),
      title: z.string(),
      parent_title: z.optional(z.string()),
      category_type: z.optional(z.string()),
      /** A category suggestion's id: the `query_id` of its listing (Depict's client builds its link from it). */
      category_id: z.optional(z.string()),
      page_url: z.optional(z.string()),
    }),
  ),
});

export const priceFormattingSchema = z.object({
  places_after_comma: z.union([z.number().check(z.int(), z.gte(0)), z.literal('auto')]),
  decimal_places_delimiter: z.string(),
  thousands_delimiter: z.string(),
  pre_text: z.string(),
  post_text: z.string(),
});

const text = (max: number) => z.string().check(maxChars(max));

export const recommendationRequestSchema = z.object({
  tenant: text(64),
  market: text(16),
  user_id: z.optional(z.nullable(text(TEXT_MAX.id))),
  session_id: z.optional(z.nullable(text(TEXT_MAX.id))),
  dsid: z.optional(text(TEXT_MAX.id)),
  document_referrer: z.optional(text(TEXT_MAX.url)),
  category_id: z.optional(text(TEXT_MAX.query)),
  product_id: z.optional(text(TEXT_MAX.id)),
  product_ids: z.optional(z.array(text(TEXT_MAX.id)).check(maxItems(LIST_MAX.products))),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
});

const idLike = (message: string) =>
  z
    .pipe(
      z.union([z.string(), z.number()], { error: message }),
      z.transform((v: string | number) => String(v)),
    )
    .check(z.refine((v) => v.length > 0, message), maxChars(TEXT_MAX.id));

/** SPEC §5 purchase-event rules, with the SPEC §8 English messages. */
export const purchaseEventSchema = z.object(
  {
    transaction_id: idLike('purchase event requires a transaction_id string or number'),
    currency: z.string({ error: 'purchase event requires a currency string' }).check(z.minLength(1, 'purchase event requires a currency string'), maxChars(TEXT_MAX.code)),
    items: z.array(
      z.object({
        item_id: idLike('purchase item requires a non-empty item_id'),
        price: z.number({ error: 'purchase item requires a numeric price' }),
        quantity: z.number({ error: 'purchase item requires a numeric quantity' }).check(z.refine((q) => q !== 0, 'purchase item requires a non-zero quantity')),
      }),
      { error: 'purchase event requires an items array' },
    ).check(maxItems(LIST_MAX.products)),
  },
  { error: 'purchase event must be an object' },
);
export type PurchaseEvent = z.output<typeof purchaseEventSchema>;

export const trackingEventTypeSchema = z.enum(['element_visible', 'page_view', 'add_to_cart', 'click', 'recommendations_inserted', 'purchase']);

/** A text with its limit when `limited`; not aborting (`maxChars`), which would make a union around it answer "no type matches" instead. */
const limitedText = (limited: boolean, max: number) => z.string().check(...(limited ? [z.maxLength(max, limitMessages.tooLong(max))] : []));

/**
 * Requests of the /v2 provider API (SPEC §7). Ids of anonymous shoppers may be missing, null or
 * the literal string "undefined" (older clients send it): all three mean "not set". Unknown
 * extra fields are ignored (zod strips them).
 */
const shopperIdOf = (limited: boolean) =>
  z.pipe(
    z.optional(z.union([limitedText(limited, TEXT_MAX.id), z.number(), z.null()])),
    z.transform((v: string | number | null | undefined) => (v === null || v === undefined || v === 'undefined' || v === '' ? undefined : String(v))),
  );
const shopperId = shopperIdOf(true);

export const widgetContextSchema = z.object({
  tenant: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'profil-optik'),
  market: z.string().check(z.trim(), z.minLength(1, 'Market not set'), z.maxLength(16)),
  dsid: shopperId,
  user_id: shopperId,
  session_id: shopperId,
  document_referrer: z.optional(z.string().check(maxChars(TEXT_MAX.url))),
  metadata: z.optional(
    z.record(z.string().check(maxChars(TEXT_MAX.id)), z.unknown()).check(z.refine((m) => Object.keys(m).length <= LIST_MAX.metadataKeys, limitMessages.tooMany(LIST_MAX.metadataKeys))),
  ),
});

const pageFields = {
  filters: z._default(z.array(selectedFilterSchema).check(maxItems(LIST_MAX.filters)), []),
  sorting: z.optional(z.nullable(sortingRequestSchema)),
  /** Depict's client's name for `sorting` (issue 18); `sorting` wins when both are sent. */
  sort: z.optional(z.nullable(sortingRequestSchema)),
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  /** Opaque position of the next page, from the previous answer's `cursor`. */
  cursor: z.optional(z.nullable(z.string().check(maxChars(TEXT_MAX.token)))),
};

export const searchResultsRequestSchema = z.extend(widgetContextSchema, { query: z._default(z.string().check(z.trim(), maxChars(TEXT_MAX.query)), ''), ...pageFields });
export type SearchResultsRequest = z.input<typeof searchResultsRequestSchema>;

const routeId = z.pipe(
  z.string().check(z.trim(), z.minLength(1), maxChars(TEXT_MAX.query)),
  z.transform((s: string) => (s.startsWith('/') ? s : `/${s}`)),
);
/**
 * The listing of a catalogue route such as `/solbriller/ray-ban` (leading slash optional), named
 * by `category_id` or, as Depict's client does, by `query_id` with an optional listing `type`.
 */
export const productListingRequestSchema = z
  .extend(widgetContextSchema, {
    category_id: z.optional(routeId),
    query_id: z.optional(routeId),
    type: z.optional(z.enum(['category', 'collection', 'scollection'])),
    ...pageFields,
  })
  .check(
    z.refine((r) => r.category_id !== undefined || r.query_id !== undefined, { message: 'Kategorien mangler.', path: ['category_id'] }),
  );
export type ProductListingRequest = z.input<typeof productListingRequestSchema>;

/** GET /v2/search/suggestions: query-string fields; `metadata` arrives as JSON text. */
export const suggestionsQuerySchema = z.extend(z.omit(widgetContextSchema, { metadata: true }), {
  query: z._default(z.string().check(z.trim(), maxChars(TEXT_MAX.query)), ''),
  metadata: z.optional(z.string().check(maxChars(TEXT_MAX.url))),
});

/** POST /v2/search/related: products related to one product, or (Depict's client) to a search's own body. */
export const relatedRequestSchema = z
  .extend(widgetContextSchema, {
    product_id: z.optional(z.string().check(z.minLength(1), maxChars(TEXT_MAX.id))),
    query: z.optional(z.string().check(z.trim(), maxChars(TEXT_MAX.query))),
    filters: z.optional(z.array(selectedFilterSchema).check(maxItems(LIST_MAX.filters))),
    sorting: z.optional(z.nullable(sortingRequestSchema)),
    sort: z.optional(z.nullable(sortingRequestSchema)),
    cursor: z.optional(z.nullable(z.string().check(maxChars(TEXT_MAX.token)))),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 16),
  })
  .check(z.refine((r) => r.product_id !== undefined || r.query !== undefined, { message: 'Produkt eller søgning mangler.', path: ['product_id'] }));

export const recommendationKindSchema = z.enum(['category', 'product', 'products', 'general']);
/**
 * POST /v2/recommend/products/{kind}; `type` picks the strategy (SPEC §7: related, by product
 * ids, landing_page, after_basket). Depict's types (`front_page`, `product_normal`, `cross_sell` …,
 * issue 18) are accepted too and mapped to the closest one we compute (service.ts).
 */
export const recommendProductsRequestSchema = z.extend(widgetContextSchema, {
  type: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  category_id: z.optional(z.string().check(maxChars(TEXT_MAX.query))),
  product_id: z.optional(z.string().check(maxChars(TEXT_MAX.id))),
  product_ids: z.optional(z.array(z.string().check(maxChars(TEXT_MAX.id))).check(maxItems(100))),
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 16),
});
export type RecommendProductsRequest = z.input<typeof recommendProductsRequestSchema>;
export const recommendationResponseSchema = z.object({ displays: z.array(productDisplaySchema), recommendation_request_id: z.string() });

/**
 * One tracking event as the provider receives it. `limited`: with the limits of everything sent
 * (issue 15), as received. Without, it is the shape events were stored in before those limits;
 * the widget's stored events are read with it, so an event stored earlier never stops a start-up
 * (lowdb checks every record). Both have the same type.
 */
function providerEventOf(limited: boolean) {
  const idOrNumber = () => z.pipe(z.union([limitedText(limited, TEXT_MAX.id), z.number()]), z.transform(String));
  const items = (max: number) => z.maxLength(max, limited ? limitMessages.tooMany(max) : undefined);
  const shopper = shopperIdOf(limited);
  return z
    .object({
      event_type: trackingEventTypeSchema,
      dsid: shopper,
      user_id: shopper,
      session_id: shopper,
      product_id: z.optional(idOrNumber()),
      product_ids: z.optional(z.array(idOrNumber()).check(items(LIST_MAX.products))),
      search_result_id: z.optional(z.string().check(z.maxLength(100))),
      product_listing_result_id: z.optional(z.string().check(z.maxLength(100))),
      recommendation_id: z.optional(z.string().check(z.maxLength(100))),
      url: z.optional(z.string().check(z.maxLength(2000))),
      transaction_id: z.optional(idOrNumber()),
      currency: z.optional(limitedText(limited, TEXT_MAX.code)),
      products: z.optional(z.array(z.object({ sku: idOrNumber(), price: z.number(), quantity: z.number() })).check(items(LIST_MAX.products))),
    })
    .check(
      z.superRefine((e, ctx) => {
        if (e.event_type !== 'purchase') return;
        // SPEC §5 purchase rules, with the SPEC §8 messages.
        if (!e.transaction_id) ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'purchase event requires a transaction_id string or number' });
        if (!e.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'purchase event requires a currency string' });
        if (!e.products) ctx.addIssue({ code: 'custom', path: ['products'], message: 'purchase event requires an items array' });
        for (const [i, p] of (e.products ?? []).entries()) {
          if (!p.sku) ctx.addIssue({ code: 'custom', path: ['products', i, 'sku'], message: 'purchase item requires a non-empty item_id' });
          if (p.quantity === 0) ctx.addIssue({ code: 'custom', path: ['products', i, 'quantity'], message: 'purchase item requires a non-zero quantity' });
        }
      }),
    );
}
/** A tracking event as stored (the widget's event records); received events are checked with `providerEventRequestSchema`. */
export const providerEventSchema = providerEventOf(false);
/** A tracking event as POST /v2/create-events receives it: every string and list within its limit. */
export const providerEventRequestSchema = providerEventOf(true);
export type ProviderEvent = z.output<typeof providerEventSchema>;

export const createEventsRequestSchema = z.object({
  tenant: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), 'profil-optik'),
  market: z.string({ error: 'Market not set' }).check(z.trim(), z.minLength(1, 'Market not set'), z.maxLength(16)),
  events: z.array(providerEventRequestSchema).check(z.minLength(1), maxItems(LIST_MAX.events)),
});

/** GET /v2/image: the image resize service (SPEC §7). */
export const imageResizeQuerySchema = z.object({
  format: z.enum(['webp', 'jpeg', 'png'], { error: 'Formatet skal være webp, jpeg eller png.' }),
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  width: z.coerce.number({ error: 'Bredden skal være et tal.' }).check(z.int(), z.gte(64, 'Bredden skal være mindst 64.'), z.lte(4096, 'Bredden må højst være 4096.')),
});
