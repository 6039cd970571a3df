import { useLocation, useParams } from '@tanstack/react-router';
import { api } from '../../api';
import { RecommendationStrip } from '../../widget/recommendations';
import { pt } from './messages';
import { ProductPage } from './product-page';

const strip = (articleId: string) => <RecommendationStrip kind="product" type="related" productId={articleId} title={pt.recommendations} />;

/** The /produkt/$slug route: a new slug is a new page, so nothing entered carries over. */
export function ProductRoute() {
  const { slug } = useParams({ from: '/produkt/$slug' });
  const { searchStr } = useLocation();
  const sku = new URLSearchParams(searchStr).get('sku') ?? undefined;
  return <ProductPage key={slug} api={api} slug={slug} initialSkuId={sku} recommendations={strip} />;
}
