import { z } from 'zod';
import { badgeKindSchema, categorySchema, currencySchema, flagColorSchema, publicationStatusSchema } from './enums';
import { oreSchema } from './money';

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
export const mediaWidths = { xs: 75, sm: 145, md: 285, lg: 570, xl: 1180 } as const;
export type MediaSize = keyof typeof mediaWidths;

/** One part of an article's price (unit or subscription), SPEC §3. */
export const pricePartSchema = z.object({
  publicationStatus: publicationStatusSchema,
  currency: currencySchema,
  isCampaign: z.boolean(),
  ordinaryPrice: oreSchema,
  couponPrice: oreSchema.nullable(),
  fromPrice: z.boolean(),
  amount: oreSchema,
});
export type PricePart = z.infer<typeof pricePartSchema>;

export const articlePriceSchema = z.object({
  unit: pricePartSchema,
  /** Null when the article cannot be bought by subscription. */
  subscription: pricePartSchema.nullable(),
});
export type ArticlePrice = z.infer<typeof articlePriceSchema>;

export const flagSchema = z.object({ text: z.string(), color: flagColorSchema });
export type Flag = z.infer<typeof flagSchema>;

/** Contact-lens parameters a sku can be ordered with (SPEC §3 filter ids). */
export const lensParametersSchema = z.object({
  powers: z.array(z.number()),
  baseCurves: z.array(z.number()),
  diameters: z.array(z.number()),
  cylinders: z.array(z.number()).optional(),
  axes: z.array(z.number().int()).optional(),
  additions: z.array(z.number()).optional(),
});
export type LensParameters = z.infer<typeof lensParametersSchema>;

export const skuSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().optional(),
  size: z.string().optional(),
  ean: z.string().optional(),
  stock: z.number().int().nonnegative(),
});
export type Sku = z.infer<typeof skuSchema>;

export const specificationSchema = z.object({
  lensType: z.string().optional(),
  /** grams */
  weight: z.number().optional(),
  /** temple length, mm */
  length: z.number().optional(),
  /** lens height, mm */
  height: z.number().optional(),
  /** lens width, mm */
  width: z.number().optional(),
});
export type Specification = z.infer<typeof specificationSchema>;

/** Filterable attributes (SPEC §3 filter ids: brand, color, shape, material, polarized, …). */
export const articleAttributesSchema = z.object({
  color: z.string().optional(),
  shape: z.string().optional(),
  material: z.string().optional(),
  style: z.array(z.string()).optional(),
  audience: z.enum(['voksen', 'barn', 'ungdom']).optional(),
  gender: z.enum(['dame', 'herre', 'unisex']).optional(),
  sport: z.array(z.string()).optional(),
  polarized: z.boolean().optional(),
  prescriptionCapable: z.boolean().optional(),
  lensType: z.string().optional(),
  subCategory: z.string().optional(),
});
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;

export const articleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Name with the package size, e.g. "Acuvue Oasys 1-Day (30 stk.)". */
  packageName: z.string().optional(),
  moduleName: z.string(),
  packageAmount: z.number().int().positive().nullable(),
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
  medias: z.array(mediaSchema).min(1),
  skus: z.array(skuSchema).min(1),
  specification: specificationSchema,
  attributes: articleAttributesSchema,
  lensParameters: lensParametersSchema.nullable(),
  price: articlePriceSchema,
  /** Catalogue version in which the article last changed (incremental refresh). */
  version: z.number().int().nonnegative(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleResponseSchema = z.object({ data: articleSchema });

/** A node of the catalogue tree served to the apps (categories and their sub-routes). */
export const categoryKindSchema = z.enum(['category', 'brand', 'style', 'audience', 'sport', 'lens-type', 'sub-category', 'other']);
const categoryLeafSchema = z.object({
  path: z.string(),
  title: z.string(),
  count: z.number().int().nonnegative(),
  kind: categoryKindSchema,
});
export const categoryNodeSchema = categoryLeafSchema.extend({ children: z.array(categoryLeafSchema) });
export type CategoryNode = z.infer<typeof categoryNodeSchema>;
export const categoriesResponseSchema = z.object({ data: z.array(categoryNodeSchema) });

/** GET /api/catalogue/articles query: one catalogue route (e.g. /briller/gucci), paged. */
export const articleListQuerySchema = z.object({
  route: z.string().startsWith('/').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(48),
  offset: z.coerce.number().int().min(0).default(0),
});

export const articleListResponseSchema = z.object({ data: z.array(articleSchema), total: z.number().int().nonnegative() });

/** GET /api/catalogue/snapshot?since=N — what changed since catalogue version N (0 = all). */
export const catalogueSnapshotQuerySchema = z.object({ since: z.coerce.number().int().min(0).default(0) });
export const catalogueSnapshotResponseSchema = z.object({
  version: z.number().int().nonnegative(),
  articles: z.array(articleSchema),
});
