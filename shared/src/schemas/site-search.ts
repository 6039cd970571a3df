import { z } from 'zod';
import { categorySchema } from './enums';
import { pricePartSchema } from './article';

function group<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), hits: z.number().int().nonnegative(), limited: z.boolean() });
}

export const articleHitSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  packageName: z.string().nullable(),
  brand: z.string(),
  category: categorySchema,
  /** sm image */
  image: z.string(),
  price: pricePartSchema,
  url: z.string(),
});
export const storeHitSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), slug: z.string(), url: z.string() });
export const pageHitSchema = z.object({ title: z.string(), url: z.string(), image: z.string().nullable() });
export const cityHitSchema = z.object({ name: z.string(), postcode: z.string(), storeCount: z.number().int(), url: z.string() });
export const categoryHitSchema = z.object({ title: z.string(), url: z.string() });

/** GET /api/site/search answer: grouped results (SPEC §3, §7). */
export const siteSearchResponseSchema = z.object({
  success: z.boolean(),
  query: z.string(),
  articles: group(articleHitSchema),
  stores: group(storeHitSchema),
  layoutPages: group(pageHitSchema),
  cities: group(cityHitSchema),
  categoryPages: group(categoryHitSchema),
});
export type SiteSearchResponse = z.infer<typeof siteSearchResponseSchema>;
export type ArticleHit = z.infer<typeof articleHitSchema>;

export const siteSearchQuerySchema = z.object({
  q: z.string().default(''),
  s: z.enum(['stores', 'products', 'articles']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
