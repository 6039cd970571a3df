import { escapeMarkup, formatDkk, formatPhone, type Article, type CategoryNode, type ContentPage, type ProductDisplay, type Store } from '@optik/shared';
import { DEFAULT_DESCRIPTION, SERVER_HEAD_ATTRIBUTE, SITE_NAME, fullTitle } from '../page-meta';
import { t } from '../messages';
import { bt } from '../features/booking/messages';
import { st } from '../features/site-search/messages';
import { sm } from '../features/stores/messages';
import { weeklyRows } from '../features/stores/store-format';
import { findCataloguePage } from '../routes/catalogue-lookup';
import { faqJsonLd, parseContentBody, type ContentBlock } from './content';

/**
 * What a public page's HTML says about it before any script runs (issue 19): title, description,
 * canonical address, link-preview tags (Open Graph, Twitter) and schema.org data. Built from the
 * API's answers by the shop's server; pure, so it is tested without one.
 */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; null on a page that is not found. */
  canonical: string | null;
  og: Record<string, string>;
  jsonLd: object[];
  /** Not for search engines' index (a not-found page, a search's results). */
  noindex?: boolean;
  /** A page that is not found says so in its HTML too (the app replaces it when it starts). */
  body?: string;
  /**
   * The page's content for a visitor (or a crawler) without JavaScript, in a <noscript>: its
   * heading, text and first products with links and prices. With scripts on it is not rendered,
   * so the app's own first paint is unchanged.
   */
  fallback?: string;
}

const CONTEXT = 'https://schema.org';

const abs = (origin: string, path: string) => new URL(path, origin).toString();

function page(origin: string, path: string, title: string, description: string, extra: Partial<PageHead> = {}): PageHead {
  const canonical = abs(origin, path);
  const shown = fullTitle(title);
  return {
    status: 200,
    title: shown,
    description,
    canonical,
    og: { 'og:type': 'website', 'og:site_name': SITE_NAME, 'og:locale': 'da_DK', 'og:title': shown, 'og:description': description, 'og:url': canonical, 'twitter:card': 'summary', ...extra.og },
    jsonLd: extra.jsonLd ?? [],
    ...(extra.fallback ? { fallback: extra.fallback } : {}),
  };
}

/** A trail of links, as the fallback's breadcrumb. */
const trailHtml = (trail: { name: string; path: string }[]) =>
  `<nav aria-label="Brødkrummer"><ol>${trail.map((c, i) => (i === trail.length - 1 ? `<li>${escapeMarkup(c.name)}</li>` : `<li><a href="${escapeMarkup(c.path)}">${escapeMarkup(c.name)}</a></li>`)).join('')}</ol></nav>`;

/** A widget product's price as the shop writes it (its prices are whole kroner; the sale price counts when lower). */
const displayPrice = (d: ProductDisplay) => formatDkk(Math.round((d.sale_price > 0 && d.sale_price < d.original_price ? d.sale_price : d.original_price) * 100));

function breadcrumbs(origin: string, trail: { name: string; path: string }[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: abs(origin, c.path) })),
  };
}

/** The catalogue page's title at `path` in the tree ('/briller' → 'Briller', '/briller/gucci' → 'Gucci'). */
const titleAt = (tree: readonly CategoryNode[], path: string): string | null => findCataloguePage(tree, path)?.title ?? null;

export function homeHead(origin: string): PageHead {
  return page(origin, '/', SITE_NAME, DEFAULT_DESCRIPTION, {
    jsonLd: [
      {
        '@context': CONTEXT,
        '@type': 'WebSite',
        name: SITE_NAME,
        url: abs(origin, '/'),
        inLanguage: 'da-DK',
        potentialAction: { '@type': 'SearchAction', target: `${abs(origin, '/search')}?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
      },
    ],
  });
}

/** Width of a product's picture in link previews (one of the resizer's widths). */
const SHARE_IMAGE_WIDTH = 1024;

/** The price a visitor pays for one unit, in øre. */
const unitPrice = (a: Article) => a.price.unit.amount;

export function productHead(origin: string, a: Article, tree: readonly CategoryNode[]): PageHead {
  const path = `/produkt/${a.slug}`;
  // Link previews and search engines take raster pictures: the first picture as JPEG from the API's resizer.
  const image = a.medias[0] ? abs(origin, `/v2/image?url=${encodeURIComponent(a.medias[0].xl)}&width=${SHARE_IMAGE_WIDTH}&format=jpeg`) : null;
  const inStock = a.skus.some((s) => s.stock > 0);
  const price = (unitPrice(a) / 100).toFixed(2);
  const description = `${a.description} ${formatDkk(unitPrice(a))}`;
  const trail = [{ name: 'Forside', path: '/' }, ...a.routes.flatMap((r) => (titleAt(tree, r) ? [{ name: titleAt(tree, r)!, path: r }] : [])), { name: a.name, path }];
  const picture = a.medias[0];
  const fallback = [
    trailHtml(trail),
    `<h1>${escapeMarkup(a.name)}</h1>`,
    picture ? `<img src="${escapeMarkup(picture.md)}" alt="${escapeMarkup(picture.alt)}" width="570" height="285">` : '',
    `<p><strong>${escapeMarkup(formatDkk(unitPrice(a)))}</strong> – ${inStock ? 'på lager' : 'ikke på lager'}</p>`,
    `<p>${escapeMarkup(a.description)}</p>`,
  ].join('');
  return page(origin, path, a.name, description, {
    fallback,
    og: {
      'og:type': 'product',
      ...(image ? { 'og:image': image, 'og:image:type': 'image/jpeg', 'og:image:width': String(SHARE_IMAGE_WIDTH), 'og:image:alt': a.medias[0]!.alt, 'twitter:card': 'summary_large_image', 'twitter:image': image } : {}),
      'product:price:amount': price,
      'product:price:currency': 'DKK',
      'product:availability': inStock ? 'in stock' : 'out of stock',
      ...(a.brand ? { 'product:brand': a.brand } : {}),
    },
    jsonLd: [
      {
        '@context': CONTEXT,
        '@type': 'Product',
        name: a.name,
        description: a.description,
        sku: a.skus[0]?.id ?? a.id,
        ...(a.skus[0]?.ean ? { gtin13: a.skus[0].ean } : {}),
        ...(a.brand ? { brand: { '@type': 'Brand', name: a.brand } } : {}),
        ...(image ? { image: [image] } : {}),
        url: abs(origin, path),
        offers: {
          '@type': 'Offer',
          url: abs(origin, path),
          price,
          priceCurrency: 'DKK',
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
      breadcrumbs(origin, trail),
    ],
  });
}

/** A catalogue page: its breadcrumbs and, given its first products (the widget listing's), them as a list in its HTML and an ItemList. */
export function categoryHead(origin: string, path: string, tree: readonly CategoryNode[], first: readonly ProductDisplay[] = []): PageHead | null {
  const title = titleAt(tree, path);
  if (!title) return null;
  const top = tree.find((c) => c.path === path || c.children.some((k) => k.path === path))!;
  const trail = [{ name: 'Forside', path: '/' }, { name: top.title, path: top.path }, ...(top.path === path ? [] : [{ name: title, path }])];
  const description = t.widget.categoryDescription(title);
  const products = first.map(
    (d) =>
      `<li><a href="${escapeMarkup(d.page_url)}">${d.image_url ? `<img src="${escapeMarkup(d.image_url)}" alt="" width="285" height="285" loading="lazy">` : ''}${d.brand ? `${escapeMarkup(d.brand)} ` : ''}${escapeMarkup(d.title)}</a> <strong>${escapeMarkup(displayPrice(d))}</strong></li>`,
  );
  const list = first.length
    ? [{ '@context': CONTEXT, '@type': 'ItemList', itemListElement: first.map((d, i) => ({ '@type': 'ListItem', position: i + 1, url: abs(origin, d.page_url), name: d.title })) }]
    : [];
  return page(origin, path, title, description, {
    jsonLd: [breadcrumbs(origin, trail), ...list],
    fallback: `${trailHtml(trail)}<h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(description)}</p>${products.length ? `<ul>${products.join('')}</ul>` : ''}`,
  });
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function storeHead(origin: string, path: string, s: Store): PageHead {
  const hours = weeklyRows(s.openingHours).map((r) => `<li>${escapeMarkup(r.name)}: ${escapeMarkup(r.hours)}</li>`);
  return page(origin, path, s.name, sm.storePageDescription(s.name, s.city), {
    fallback: `<h1>${escapeMarkup(s.name)}</h1><p>${escapeMarkup(s.street)}, ${escapeMarkup(s.postcode)} ${escapeMarkup(s.city)}</p><p>Telefon ${escapeMarkup(formatPhone(s.phone))} · <a href="mailto:${escapeMarkup(s.email)}">${escapeMarkup(s.email)}</a></p><h2>Åbningstider</h2><ul>${hours.join('')}</ul>`,
    jsonLd: [
      {
        '@context': CONTEXT,
        '@type': 'Optician',
        name: s.name,
        url: abs(origin, path),
        telephone: `+45${s.phone}`,
        email: s.email,
        address: { '@type': 'PostalAddress', streetAddress: s.street, postalCode: s.postcode, addressLocality: s.city, addressRegion: s.region, addressCountry: 'DK' },
        geo: { '@type': 'GeoCoordinates', latitude: s.lat, longitude: s.lng },
        openingHoursSpecification: s.openingHours
          .filter((d) => d.open && d.close)
          .map((d) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${DAYS[d.day - 1]}`, opens: d.open, closes: d.close })),
      },
    ],
  });
}

const blockHtml = (b: ContentBlock): string =>
  b.kind === 'question' ? `<h3>${escapeMarkup(b.question)}</h3>${b.answer.map((a) => `<p>${escapeMarkup(a)}</p>`).join('')}` : `<${b.kind}>${escapeMarkup(b.text)}</${b.kind}>`;

export function contentHead(origin: string, p: ContentPage): PageHead {
  const blocks = parseContentBody(p.body);
  const faq = faqJsonLd(blocks);
  return page(origin, p.url, p.title, p.summary, {
    jsonLd: faq ? [faq] : [],
    fallback: `<h1>${escapeMarkup(p.title)}</h1><p>${escapeMarkup(p.summary)}</p>${blocks.map(blockHtml).join('')}`,
  });
}

/** Pages whose title and description are fixed texts. */
export function fixedHead(origin: string, path: string): PageHead | null {
  if (path === '/find-butik') return page(origin, path, sm.finderTitle, sm.finderDescription);
  if (path === '/bestil-tid-til-synstest') return page(origin, path, bt.title, bt.description);
  return null;
}

/** A /search page: its query in the title; the results are not for search engines' index (they have the pages themselves). */
export function searchHead(origin: string, query: string): PageHead {
  return { ...page(origin, '/search', query ? st.pageTitle(query) : st.headingEmpty, DEFAULT_DESCRIPTION), noindex: true };
}

export function notFoundHead(): PageHead {
  return {
    status: 404,
    title: fullTitle(t.notFound.title),
    description: DEFAULT_DESCRIPTION,
    canonical: null,
    og: {},
    jsonLd: [],
    body: `<main class="page narrow"><h1>${escapeMarkup(t.notFound.title)}</h1><p>${escapeMarkup(t.notFound.body)}</p><p><a href="/">${escapeMarkup(t.notFound.back)}</a></p></main>`,
  };
}


/** JSON for a `<script type="application/ld+json">`: nothing in it can end the script element. */
export const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shop's HTML shell with `head` in it: its title and description replace the shell's, the
 * other tags (and `extra`, e.g. the page's chunk preloads) go before </head>; the app's own
 * render (`app`) goes into its root element, else a not-found page's body or the no-script copy.
 */
export function injectHead(shell: string, head: PageHead, extra: readonly string[] = [], app: { html: string; seed: string } | null = null): string {
  const mark = SERVER_HEAD_ATTRIBUTE;
  const tags = [
    head.canonical ? `<link rel="canonical" href="${escapeMarkup(head.canonical)}" ${mark}>` : '',
    head.canonical ? `<link rel="alternate" hreflang="da-DK" href="${escapeMarkup(head.canonical)}" ${mark}>` : '',
    head.status === 404 || head.noindex ? `<meta name="robots" content="noindex" ${mark}>` : '',
    ...Object.entries(head.og).map(([k, v]) => `<meta ${k.startsWith('twitter:') ? 'name' : 'property'}="${escapeMarkup(k)}" content="${escapeMarkup(v)}" ${mark}>`),
    ...head.jsonLd.map((d) => `<script type="application/ld+json" ${mark}>${jsonForScript(d)}</script>`),
    ...extra,
  ].filter(Boolean);
  let html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeMarkup(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeMarkup(head.description)}" />`)
    .replace('</head>', `${tags.join('\n')}\n</head>`);
  // The app's own render (issue 19): the page as it shows, and the data the browser hydrates it from.
  // Its scripts then only make the page interactive: they load after what paints it (styles, pictures).
  if (app) {
    html = html
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace('<div id="root"></div>', () => `<div id="root">${app.html}</div>${app.seed}`);
  } else if (head.body) html = html.replace('<div id="root"></div>', `<div id="root">${head.body}</div>`);
  else if (head.fallback) html = html.replace('<div id="root"></div>', `<div id="root"></div><noscript><main class="page">${head.fallback}</main></noscript>`);
  return html;
}
