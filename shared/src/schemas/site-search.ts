import { z } from 'zod/mini';
import './zod-locale';
import { maxChars } from './common';
import { categorySchema } from './enums';
import { TEXT_MAX } from './limits';
import { pricePartSchema } from './article';

function group<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), hits: z.number().check(z.int(), z.nonnegative()), limited: z.boolean() });
}

export const articleHitSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  packageName: z.nullable(z.string()),
  brand: z.string(),
  category: categorySchema,
  /** sm image */
  image: z.string(),
  price: pricePartSchema,
  url: z.string(),
});
export const storeHitSchema = z.object({ id: z.string(), name: z.string(), address: z.string(), slug: z.string(), url: z.string() });
export const pageHitSchema = z.object({ title: z.string(), url: z.string(), image: z.nullable(z.string()) });
export const cityHitSchema = z.object({ name: z.string(), postcode: z.string(), storeCount: z.number().check(z.int()), url: z.string() });
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
  q: z._default(z.string().check(maxChars(TEXT_MAX.query)), ''),
  s: z.optional(z.enum(['stores', 'products', 'articles'])),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});
