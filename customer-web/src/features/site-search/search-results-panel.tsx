import type { MouseEvent, ReactNode } from 'react';
import { categoryTitles, formatDkk, type ArticleHit, type SiteSearchResponse } from '@optik/shared';
import { st } from './messages';
import { Group } from './search-group';
import { searchUrl } from './site-search-api';

/* The site search overlay's grouped results (SPEC §2, §4), loaded when a query is typed. */

function CampaignPrice({ price }: { price: ArticleHit['price'] }) {
  if (price.isCampaign && price.amount < price.ordinaryPrice) {
    return (
      <span className="site-search-price">
        <span className="visually-hidden">{st.priceNow} </span>
        <strong className="site-search-sale">{formatDkk(price.amount)}</strong>{' '}
        <span className="visually-hidden">{st.priceBefore} </span>
        <s>{formatDkk(price.ordinaryPrice)}</s>
      </span>
    );
  }
  return (
    <span className="site-search-price">
      <strong>{formatDkk(price.amount)}</strong>
    </span>
  );
}

export function Results({ ids, data, query, follow }: { ids: string; data: SiteSearchResponse; query: string; follow: (href: string) => (e: MouseEvent<HTMLAnchorElement>) => void }) {
  const link = (href: string, children: ReactNode, className?: string) => (
    <a href={href} onClick={follow(href)} className={className}>
      {children}
    </a>
  );
  return (
    <>
      {data.articles.data.length ? (
        <Group id={`${ids}products`} title={st.productsHeading}>
          {data.articles.data.map((a) => (
            <li key={a.id}>
              {link(
                `/produkt/${a.slug}`,
                <>
                  <img src={a.image} alt="" width={48} height={48} loading="lazy" className="site-search-thumb" />
                  <span className="site-search-product">
                    <span className="site-search-name">{a.name}</span>
                    {a.packageName ? <span className="site-search-meta">{a.packageName}</span> : null}
                    <span className="site-search-meta">{categoryTitles[a.category]}</span>
                    <CampaignPrice price={a.price} />
                  </span>
                </>,
                'site-search-product-link',
              )}
            </li>
          ))}
        </Group>
      ) : null}
      {data.stores.data.length ? (
        <Group id={`${ids}stores`} title={st.storesHeading}>
          {data.stores.data.map((s) => (
            <li key={s.id}>
              {link(
                `/find-butik/${s.slug}`,
                <>
                  <span className="site-search-name">{s.name}</span> <span className="site-search-meta">{s.address}</span>
                </>,
              )}
            </li>
          ))}
        </Group>
      ) : null}
      {data.layoutPages.data.length ? (
        <Group id={`${ids}pages`} title={st.pagesHeading}>
          {data.layoutPages.data.map((p) => (
            <li key={p.url}>
              {link(
                p.url,
                <>
                  {p.image ? <img src={p.image} alt="" width={48} height={48} loading="lazy" className="site-search-thumb" /> : null}
                  <span className="site-search-name">{p.title}</span>
                </>,
                'site-search-product-link',
              )}
            </li>
          ))}
        </Group>
      ) : null}
      {data.cities.data.length ? (
        <Group id={`${ids}cities`} title={st.citiesHeading}>
          {data.cities.data.map((c) => (
            <li key={c.name}>{link(c.url, st.cityLabel(c.name, c.postcode, c.storeCount))}</li>
          ))}
        </Group>
      ) : null}
      {data.categoryPages.data.length ? (
        <Group id={`${ids}categories`} title={st.categoriesHeading}>
          {data.categoryPages.data.map((c) => (
            <li key={c.url}>{link(c.url, c.title)}</li>
          ))}
        </Group>
      ) : null}
      <p className="site-search-all">{link(searchUrl(query), st.searchAll(query))}</p>
    </>
  );
}
