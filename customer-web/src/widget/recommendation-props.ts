import type { RecommendProductsRequest } from '@optik/shared';

/** What a recommendation strip shows (recommendations.tsx gates it on consent, recommendation-strip.tsx draws it). */
export interface RecommendationStripProps {
  /** SPEC §7: the endpoint suffix – category, product, products or general. */
  kind: 'category' | 'product' | 'products' | 'general';
  /** The strategy (SPEC §7: related, by product ids, landing_page, after_basket). */
  type?: RecommendProductsRequest['type'];
  productId?: string;
  productIds?: string[];
  categoryId?: string;
  limit?: number;
  title?: string;
}
