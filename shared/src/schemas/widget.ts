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
});

export const listingResponseSchema = z.object({
  n_hits: z.number().int().nonnegative(),
  displays: z.array(productDisplaySchema),
  sorts: z.array(sortingSchema.extend({ title: z.string().optional() })).optional(),
  filters: z.array(widgetFilterSchema).optional(),
  breadcrumb: z.array(z.object({ title: z.string(), page_url: z.string() })).optional(),
  quick_links: z.array(z.object({ title: z.string(), page_url: z.string() })).optional(),
  product_listing_request_id: z.string(),
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
