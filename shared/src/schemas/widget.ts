import { z } from 'zod';

/** SPEC §3 widget entities (the embeddable search/category/recommendation widget, /v2 API). */
export const variantDisplaySchema = z.object({
  product_id: z.string(),
  recommendation_id: z.string().optional(),
  page_url: z.string(),
  image_urls: z.array(z.string()),
});

export const productDisplaySchema = z.object({
  product_id: z.string(),
  title: z.string(),
  brand: z.string().optional(),
  sub_heading_1: z.string().optional(),
  sub_heading_2: z.string().optional(),
  image_url: z.string().optional(),
  image_urls: z.array(z.string()).optional(),
  original_price: z.number(),
  sale_price: z.number(),
  page_url: z.string(),
  localized_page_url: z.string().optional(),
  variants: z.array(z.unknown()).optional(),
  variant_index: z.number().int().optional(),
  variant_displays: z.array(variantDisplaySchema).optional(),
  search_result_id: z.string().optional(),
  recommendation_id: z.string().optional(),
  ga_product_id: z.string().optional(),
  ga_product_ids: z.array(z.string()).optional(),
});
export type ProductDisplay = z.infer<typeof productDisplaySchema>;

export const filterOperatorSchema = z.enum(['eq', 'neq', 'in', 'nin', 'leq', 'geq', 'inrange']);
export const selectedFilterSchema = z.object({ field: z.string(), op: filterOperatorSchema, data: z.unknown() });
export const sortingSchema = z.object({ field: z.string(), order: z.enum(['asc', 'desc']) });
export const widgetFilterSchema = z.object({ field: z.string(), type: z.string().optional(), meta: z.object({ group_title: z.string().optional() }).passthrough().optional() }).passthrough();

export const searchResultResponseSchema = z.object({
  n_hits: z.number().int().nonnegative(),
  displays: z.array(productDisplaySchema),
  sorts: z.array(sortingSchema.extend({ title: z.string().optional() })).optional(),
  filters: z.array(widgetFilterSchema).optional(),
  search_request_id: z.string(),
  content_search_links: z.array(z.object({ page_url: z.string(), title: z.string() })).optional(),
  failed: z.boolean().optional(),
  /** Position of the next page; null on the last one. */
  cursor: z.string().nullable().optional(),
});

export const listingResponseSchema = z.object({
  n_hits: z.number().int().nonnegative(),
  displays: z.array(productDisplaySchema),
  sorts: z.array(sortingSchema.extend({ title: z.string().optional() })).optional(),
  filters: z.array(widgetFilterSchema).optional(),
  breadcrumb: z.array(z.object({ title: z.string(), page_url: z.string() })).optional(),
  quick_links: z.array(z.object({ title: z.string(), page_url: z.string() })).optional(),
  product_listing_request_id: z.string(),
  cursor: z.string().nullable().optional(),
});

export const suggestionsResponseSchema = z.object({
  suggestions_request_id: z.string(),
  suggestions: z.array(
    z.object({
      type: z.enum(['query', 'category', 'content']),
      title: z.string(),
      parent_title: z.string().optional(),
      category_type: z.string().optional(),
      page_url: z.string().optional(),
    }),
  ),
});

export const priceFormattingSchema = z.object({
  places_after_comma: z.union([z.number().int().min(0), z.literal('auto')]),
  decimal_places_delimiter: z.string(),
  thousands_delimiter: z.string(),
  pre_text: z.string(),
  post_text: z.string(),
});

export const recommendationRequestSchema = z.object({
  tenant: z.string(),
  market: z.string(),
  user_id: z.string().nullable().optional(),
  session_id: z.string().nullable().optional(),
  dsid: z.string().optional(),
  document_referrer: z.string().optional(),
  category_id: z.string().optional(),
  product_id: z.string().optional(),
  product_ids: z.array(z.string()).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

const idLike = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v))
    .refine((v) => v.length > 0, message);

/** SPEC §5 purchase-event rules, with the SPEC §8 English messages. */
export const purchaseEventSchema = z.object(
  {
    transaction_id: idLike('purchase event requires a transaction_id string or number'),
    currency: z.string({ error: 'purchase event requires a currency string' }).min(1, 'purchase event requires a currency string'),
    items: z.array(
      z.object({
        item_id: idLike('purchase item requires a non-empty item_id'),
        price: z.number({ error: 'purchase item requires a numeric price' }),
        quantity: z.number({ error: 'purchase item requires a numeric quantity' }).refine((q) => q !== 0, 'purchase item requires a non-zero quantity'),
      }),
      { error: 'purchase event requires an items array' },
    ),
  },
  { error: 'purchase event must be an object' },
);
export type PurchaseEvent = z.output<typeof purchaseEventSchema>;

export const trackingEventTypeSchema = z.enum(['element_visible', 'page_view', 'add_to_cart', 'click', 'recommendations_inserted', 'purchase']);

/**
 * Requests of the /v2 provider API (SPEC §7). Ids of anonymous shoppers may be missing, null or
 * the literal string "undefined" (older clients send it): all three mean "not set". Unknown
 * extra fields are ignored (zod strips them).
 */
const shopperId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === 'undefined' || v === '' ? undefined : String(v)));

export const widgetContextSchema = z.object({
  tenant: z.string().trim().min(1).max(64).default('profil-optik'),
  market: z.string().trim().min(1, 'Market not set').max(16),
  dsid: shopperId,
  user_id: shopperId,
  session_id: shopperId,
  document_referrer: z.string().max(2000).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const pageFields = {
  filters: z.array(selectedFilterSchema).max(50).default([]),
  sorting: sortingSchema.nullable().optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** Opaque position of the next page, from the previous answer's `cursor`. */
  cursor: z.string().max(200).nullable().optional(),
};

export const searchResultsRequestSchema = widgetContextSchema.extend({ query: z.string().trim().max(200).default(''), ...pageFields });
export type SearchResultsRequest = z.input<typeof searchResultsRequestSchema>;

/** `category_id` is a catalogue route such as `/solbriller/ray-ban` (leading slash optional). */
export const productListingRequestSchema = widgetContextSchema.extend({
  category_id: z.string().trim().min(1).max(200).transform((s) => (s.startsWith('/') ? s : `/${s}`)),
  ...pageFields,
});
export type ProductListingRequest = z.input<typeof productListingRequestSchema>;

/** GET /v2/search/suggestions: query-string fields; `metadata` arrives as JSON text. */
export const suggestionsQuerySchema = widgetContextSchema.omit({ metadata: true }).extend({
  query: z.string().trim().max(200).default(''),
  metadata: z.string().max(2000).optional(),
});

export const relatedRequestSchema = widgetContextSchema.extend({
  product_id: z.string().min(1).max(100),
  query: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).default(16),
});

export const recommendationKindSchema = z.enum(['category', 'product', 'products', 'general']);
/** POST /v2/recommend/products/{kind}; `type` picks the strategy (SPEC §7: related, by product ids, landing_page, after_basket). */
export const recommendProductsRequestSchema = widgetContextSchema.extend({
  type: z.enum(['related', 'products', 'landing_page', 'after_basket', 'category', 'popular']).optional(),
  category_id: z.string().max(200).optional(),
  product_id: z.string().max(100).optional(),
  product_ids: z.array(z.string().max(100)).max(100).optional(),
  limit: z.number().int().min(1).max(100).default(16),
});
export type RecommendProductsRequest = z.input<typeof recommendProductsRequestSchema>;
export const recommendationResponseSchema = z.object({ displays: z.array(productDisplaySchema), recommendation_request_id: z.string() });

/** One tracking event as the provider receives it. */
export const providerEventSchema = z
  .object({
    event_type: trackingEventTypeSchema,
    dsid: shopperId,
    user_id: shopperId,
    session_id: shopperId,
    product_id: z.union([z.string(), z.number()]).transform(String).optional(),
    product_ids: z.array(z.union([z.string(), z.number()]).transform(String)).max(200).optional(),
    search_result_id: z.string().max(100).optional(),
    recommendation_id: z.string().max(100).optional(),
    url: z.string().max(2000).optional(),
    transaction_id: z.union([z.string(), z.number()]).transform(String).optional(),
    currency: z.string().optional(),
    products: z.array(z.object({ sku: z.union([z.string(), z.number()]).transform(String), price: z.number(), quantity: z.number() })).max(200).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.event_type !== 'purchase') return;
    // SPEC §5 purchase rules, with the SPEC §8 messages.
    if (!e.transaction_id) ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'purchase event requires a transaction_id string or number' });
    if (!e.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'purchase event requires a currency string' });
    if (!e.products) ctx.addIssue({ code: 'custom', path: ['products'], message: 'purchase event requires an items array' });
    for (const [i, p] of (e.products ?? []).entries()) {
      if (!p.sku) ctx.addIssue({ code: 'custom', path: ['products', i, 'sku'], message: 'purchase item requires a non-empty item_id' });
      if (p.quantity === 0) ctx.addIssue({ code: 'custom', path: ['products', i, 'quantity'], message: 'purchase item requires a non-zero quantity' });
    }
  });
export type ProviderEvent = z.output<typeof providerEventSchema>;

export const createEventsRequestSchema = z.object({
  tenant: z.string().trim().min(1).max(64).default('profil-optik'),
  market: z.string({ error: 'Market not set' }).trim().min(1, 'Market not set').max(16),
  events: z.array(providerEventSchema).min(1).max(100),
});

/** GET /v2/image: the image resize service (SPEC §7). */
export const imageResizeQuerySchema = z.object({
  format: z.enum(['webp', 'jpeg', 'png'], { error: 'Formatet skal være webp, jpeg eller png.' }),
  url: z.string().min(1).max(2000),
  width: z.coerce.number({ error: 'Bredden skal være et tal.' }).int().min(64, 'Bredden skal være mindst 64.').max(4096, 'Bredden må højst være 4096.'),
});
