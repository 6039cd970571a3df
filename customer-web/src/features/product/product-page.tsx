import type { ReactNode } from 'react';
import { usePageMeta } from '../../page-meta';
import { displayPrice, type Article, type Category, type Specification } from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { NotFound } from '../../routes/not-found';
import { useApi } from '../../use-api';
import { FrameViews } from './frame-views';
import { Gallery } from './gallery';
import { pt } from './messages';
import { PriceBlock } from './price';
import { PurchaseForm, type PurchaseApi } from './purchase-form';
import './product.css';

export type ProductApi = Pick<Api, 'getArticle' | 'getUser'> & PurchaseApi;

const FRAME_CATEGORIES: readonly Category[] = ['briller', 'solbriller', 'sportsbriller'];

interface Props {
  api: ProductApi;
  slug: string;
  /** A variant asked for by the link (the widget's variant links add ?sku=…). */
  initialSkuId?: string;
  /** The "Du kan også lide" strip; a slot so the page can be tested without the widget provider. */
  recommendations?: (articleId: string) => ReactNode;
}

/** /produkt/$slug (SPEC §2, §3): one article, its price and availability, and adding it to the cart. */
export function ProductPage({ api, slug, initialSkuId, recommendations }: Props) {
  const [article, reload] = useApi(`article:${slug}`, () => api.getArticle(slug));
  const [user] = useApi('user', () => api.getUser());
  const a = article.state === 'ready' ? article.data.data : null;
  usePageMeta(a ? pt.pageTitle(a.name) : null, a ? a.description : undefined);
  if (article.state === 'loading') {
    return (
      <p role="status" className="page">
        {pt.loading}
      </p>
    );
  }
  if (article.state === 'error') return article.status === 404 ? <NotFound /> : <LoadError className="page error" onRetry={reload} />;
  // Store staff may order store items for a customer (SPEC §4, §6); anyone else buys online only.
  const isStore = user.state === 'ready' && user.data.user?.isStore === true;
  return <ProductView article={article.data.data} isStore={isStore} api={api} initialSkuId={initialSkuId} recommendations={recommendations} />;
}

function ProductView({ article, isStore, api, initialSkuId, recommendations }: { article: Article; isStore: boolean } & Omit<Props, 'slug'>) {
  const price = displayPrice(article.price, { storeMode: isStore });
  // SPEC §8: a frame that is not direct-to-order cannot be bought online; an eye exam in a store is the way.
  const frameNotOnline = FRAME_CATEGORIES.includes(article.category) && !article.dto && !isStore;
  const allSkusSoldOut = article.skus.every((s) => s.stock === 0);
  const buyable = price !== null && !frameNotOnline && !allSkusSoldOut && (price.availability === 'in-stock' || (price.availability === 'store-only' && isStore));
  const showPackage = article.packageName && article.packageName !== article.name;
  return (
    <article className="page product-page">
      <div className="product-top">
        {FRAME_CATEGORIES.includes(article.category) ? (
          <FrameViews articleId={article.id} tryOn={article.hasVTO}>
            <Gallery medias={article.medias} />
          </FrameViews>
        ) : (
          <Gallery medias={article.medias} />
        )}
        <div className="product-summary">
          <p className="product-brand-line">
            <span className="visually-hidden">{pt.brand}: </span>
            {article.brand}
          </p>
          <h1>{article.name}</h1>
          {showPackage ? <p className="product-package">{article.packageName}</p> : null}
          {article.flags.length > 0 ? (
            <ul className="product-flags" aria-label={pt.flags}>
              {article.flags.map((f) => (
                <li key={`${f.text}-${f.color}`} className={`product-flag flag-${f.color.toLowerCase()}`}>
                  {f.text}
                </li>
              ))}
            </ul>
          ) : null}
          <PriceBlock price={price} />
          {allSkusSoldOut && price?.availability === 'in-stock' ? <p className="product-availability out-of-stock">{pt.soldOut}</p> : null}
          {frameNotOnline ? (
            <div className="product-message">
              <p>{pt.frameNotOnline}</p>
              <p>
                <a href="/bestil-tid-til-synstest">{pt.bookExam}</a>
              </p>
            </div>
          ) : null}
          {buyable ? <PurchaseForm key={article.id} article={article} api={api} initialSkuId={initialSkuId} /> : null}
          {article.badges.length > 0 ? (
            <section className="product-badges-section" aria-labelledby={`${article.id}-badges`}>
              <h2 id={`${article.id}-badges`} className="visually-hidden">
                {pt.badges}
              </h2>
              <ul className="product-badges">
                {article.badges.map((b) => (
                  <li key={b}>{pt.badge[b]}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      {article.description ? (
        <section className="product-section">
          <h2>{pt.description}</h2>
          <p>{article.description}</p>
        </section>
      ) : null}
      <SpecificationTable spec={article.specification} />
      {recommendations?.(article.id)}
    </article>
  );
}

const SPEC_ROWS: [keyof Specification, (v: string | number) => string][] = [
  ['lensType', String],
  ['weight', (v) => pt.grams(Number(v))],
  ['length', (v) => pt.mm(Number(v))],
  ['height', (v) => pt.mm(Number(v))],
  ['width', (v) => pt.mm(Number(v))],
];

function SpecificationTable({ spec }: { spec: Specification }) {
  const rows = SPEC_ROWS.flatMap(([key, format]) => {
    const v = spec[key];
    return v === undefined || v === '' ? [] : [[pt.spec[key], format(v)] as const];
  });
  if (rows.length === 0) return null;
  return (
    <section className="product-section">
      <h2>{pt.specification}</h2>
      <table className="product-spec">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
