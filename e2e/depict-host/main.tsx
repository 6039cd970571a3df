/**
 * A host page for the REAL Depict UI client (@depict-ai/react-ui, its `/latest` entry), pointed
 * at our /v2 API (issue 18 proof). Bundled by build.mjs from node_modules; nothing downloads at
 * run time. Routes: `/` recommendation sliders and the search modal, `/search` the search page,
 * `/c/<route>` a category page.
 */
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CategoryPage, DepictProvider, RecommendationSlider, SearchPage, useFetchRecommendations, useSearchModal } from '@depict-ai/react-ui/latest';

interface Card {
  product_id: string;
  title: string;
  brand?: string;
  sale_price: number;
  page_url: string;
  variant_index?: number;
  variant_displays?: Card[];
}

/** What a card shows: the display's chosen variant, as the client hands modern displays on. */
const shown = (d: Card): Card => (d.variant_displays && d.variant_index !== undefined ? (d.variant_displays[d.variant_index] ?? d) : d);

function ProductCard({ display }: { display: Card | null }) {
  if (!display) return <div className="host-card host-card-loading">…</div>;
  const v = shown(display);
  return (
    <a className="host-card" href={v.page_url} data-product={v.product_id} onClick={(e) => e.preventDefault()}>
      <span className="host-title">{v.title}</span> <span className="host-brand">{v.brand}</span> <span className="host-price">{v.sale_price}</span>
    </a>
  );
}

/** Recommendation types the sliders ask for, each with the ids its kind needs (SPEC §7 and Depict's names). */
export const SLIDERS: { type: string; productId?: boolean; productIds?: boolean; categoryId?: string }[] = [
  { type: 'front_page' },
  { type: 'landing_page' },
  { type: 'product_normal', productId: true },
  { type: 'related', productId: true },
  { type: 'after_basket', productIds: true },
  { type: 'cross_sell', productIds: true },
  { type: 'category_page', categoryId: '/solbriller' },
];

function Slider({ type, productId, productIds, categoryId, anchor }: (typeof SLIDERS)[number] & { anchor: string }) {
  const { fetchRecommendations } = useFetchRecommendations<Card>();
  const recommendations = useMemo(
    () => fetchRecommendations({ type, ...(productId ? { productId: anchor } : productIds ? { productIds: [anchor] } : categoryId ? { categoryId } : {}) } as Parameters<typeof fetchRecommendations>[0]),
    [fetchRecommendations, type, productId, productIds, categoryId, anchor],
  );
  return (
    <section data-slider={type}>
      <RecommendationSlider recommendations={recommendations} productCard={ProductCard} title={`Slider ${type}`} />
    </section>
  );
}

function Home() {
  const { open } = useSearchModal();
  const anchor = new URLSearchParams(location.search).get('product') ?? '';
  return (
    <main>
      <button type="button" onClick={open}>
        Open search
      </button>
      {anchor ? SLIDERS.map((s) => <Slider key={s.type} {...s} anchor={anchor} />) : null}
    </main>
  );
}

function App() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate = (url: string, { replace }: { replace: boolean }) => {
    history[replace ? 'replaceState' : 'pushState'](history.state, '', url);
    setPath(location.pathname);
  };
  return (
    <DepictProvider
      merchant="profil-optik"
      market="dk"
      navigateFunction={navigate}
      search={{ searchPagePath: '/search', enableCategorySuggestions: true }}
      displayTransformers={{
        // Category suggestions, breadcrumbs and quick links link to this host's category page by their id.
        categories: ({ data }: { data: { category_id?: string; query_id?: string; page_url?: string }[] }) => data.map((c) => ({ ...c, page_url: `/c${c.category_id ?? c.query_id ?? c.page_url}` })),
        products: ({ displays }: { displays: Card[] }) => displays,
      } as never}
    >
      {path === '/search' ? <SearchPage productCard={ProductCard} /> : path.startsWith('/c/') ? <CategoryPage productCard={ProductCard} categoryId={decodeURIComponent(path.slice(2))} /> : <Home />}
    </DepictProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
