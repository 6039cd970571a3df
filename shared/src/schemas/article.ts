import { z } from 'zod/mini';
import './zod-locale';
import { badgeKindSchema, categorySchema, currencySchema, flagColorSchema, publicationStatusSchema } from './enums';
import { oreSchema } from './money';
import type { mediaWidths } from './codes';

/** One image in the size variants of SPEC §9 (XL 1180, L 570, M 285, S 145, XS 75 px wide). */
export const mediaSchema = z.object({
  xs: z.string(),
  sm: z.string(),
  md: z.string(),
  lg: z.string(),
  xl: z.string(),
  alt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;
export type MediaSize = keyof typeof mediaWidths;

/** One part of an article's price (unit or subscription), SPEC §3. */
export const pricePartSchema = z.object({
  publicationStatus: publicationStatusSchema,
  currency: currencySchema,
  isCampaign: z.boolean(),
  ordinaryPrice: oreSchema,
  couponPrice: z.nullable(oreSchema),
  fromPrice: z.boolean(),
  amount: oreSchema,
});
export type PricePart = z.infer<typeof pricePartSchema>;

export const articlePriceSchema = z.object({
  unit: pricePartSchema,
  /** Null when the article cannot be bought by subscription. */
  subscription: z.nullable(pricePartSchema),
});
export type ArticlePrice = z.infer<typeof articlePriceSchema>;

export const flagSchema = z.object({ text: z.string(), color: flagColorSchema });
export type Flag = z.infer<typeof flagSchema>;

/** Contact-lens parameters a sku can be ordered with (SPEC §3 filter ids). */
export const lensParametersSchema = z.object({
  powers: z.array(z.number()),
  baseCurves: z.array(z.number()),
  diameters: z.array(z.number()),
  cylinders: z.optional(z.array(z.number())),
  axes: z.optional(z.array(z.number().check(z.int()))),
  additions: z.optional(z.array(z.number())),
});
export type LensParameters = z.infer<typeof lensParametersSchema>;

export const skuSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.optional(z.string()),
  size: z.optional(z.string()),
  ean: z.optional(z.string()),
  stock: z.number().check(z.int(), z.nonnegative()),
});
export type Sku = z.infer<typeof skuSchema>;

export const specificationSchema = z.object({
  lensType: z.optional(z.string()),
  /** grams */
  weight: z.optional(z.number()),
  /** temple length, mm */
  length: z.optional(z.number()),
  /** lens height, mm */
  height: z.optional(z.number()),
  /** lens width, mm */
  width: z.optional(z.number()),
});
export type Specification = z.infer<typeof specificationSchema>;

/** Filterable attributes (SPEC §3 filter ids: brand, color, shape, material, polarized, …). */
export const articleAttributesSchema = z.object({
  color: z.optional(z.string()),
  shape: z.optional(z.string()),
  material: z.optional(z.string()),
  style: z.optional(z.array(z.string())),
  audience: z.optional(z.enum(['voksen', 'barn', 'ungdom'])),
  gender: z.optional(z.enum(['dame', 'herre', 'unisex'])),
  sport: z.optional(z.array(z.string())),
  polarized: z.optional(z.boolean()),
  prescriptionCapable: z.optional(z.boolean()),
  lensType: z.optional(z.string()),
  subCategory: z.optional(z.string()),
});
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;

export const articleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Name with the package size, e.g. "Acuvue Oasys 1-Day (30 stk.)". */
  packageName: z.optional(z.string()),
  moduleName: z.string(),
  packageAmount: z.nullable(z.number().check(z.int(), z.positive())),
  brand: z.string(),
  /** Brand slug as used in routes (gucci, tom-ford …). */
  brandSlug: z.string(),
  category: categorySchema,
  /** Every catalogue route this article is listed on, e.g. ['/briller', '/briller/gucci']. */
  routes: z.array(z.string()),
  description: z.string(),
  allowSubscription: z.boolean(),
  hasVTO: z.boolean(),
  /** Direct-to-order: can be bought online without a store visit. */
  dto: z.boolean(),
  flags: z.array(flagSchema),
  badges: z.array(badgeKindSchema),
  medias: z.array(mediaSchema).check(z.minLength(1)),
  skus: z.array(skuSchema).check(z.minLength(1)),
  specification: specificationSchema,
  attributes: articleAttributesSchema,
  lensParameters: z.nullable(lensParametersSchema),
  price: articlePriceSchema,
  /** Catalogue version in which the article last changed (incremental refresh). */
  version: z.number().check(z.int(), z.nonnegative()),
});
export type Article = z.infer<typeof articleSchema>;

export const articleResponseSchema = z.object({ data: articleSchema });

/** A node of the catalogue tree served to the apps (categories and their sub-routes). */
export const categoryKindSchema = z.enum(['category', 'brand', 'style', 'audience', 'sport', 'lens-type', 'sub-category', 'other']);
const categoryLeafSchema = z.object({
  path: z.string(),
  title: z.string(),
  count: z.number().check(z.int(), z.nonnegative()),
  kind: categoryKindSchema,
});
export const categoryNodeSchema = z.extend(categoryLeafSchema, { children: z.array(categoryLeafSchema) });
export type CategoryNode = z.infer<typeof categoryNodeSchema>;
export const categoriesResponseSchema = z.object({ data: z.array(categoryNodeSchema) });

/** GET /api/catalogue/articles query: one catalogue route (e.g. /briller/gucci), paged. */
export const articleListQuerySchema = z.object({
  route: z.optional(z.string().check(z.startsWith('/'), z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 48),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});

export const articleListResponseSchema = z.object({ data: z.array(articleSchema), total: z.number().check(z.int(), z.nonnegative()) });

/** GET /api/catalogue/snapshot?since=N — what changed since catalogue version N (0 = all). */
export const catalogueSnapshotQuerySchema = z.object({ since: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0) });
export const catalogueSnapshotResponseSchema = z.object({
  version: z.number().check(z.int(), z.nonnegative()),
  articles: z.array(articleSchema),
});
