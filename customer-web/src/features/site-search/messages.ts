import { NO_SEARCH_RESULTS } from '@optik/shared';
import { headerSearchText } from './header-messages';

/** Danish texts of the site search overlay and the /search results page (SPEC §2, §4, §8). */
export const st = {
  ...headerSearchText,
  pageTitle: (q: string) => `Søgning: ${q}`,
  heading: (q: string) => `Søgeresultater for »${q}«`,
  headingEmpty: 'Søg i butikken',
  tabsLabel: 'Vis resultater af typen',
  tabs: { all: 'Alle', products: 'Produkter', stores: 'Butikker', articles: 'Artikler' },
  tabWithCount: (label: string, count: number | null) => (count === null ? label : `${label} (${count})`),
  // SPEC §8: no search results (shared text).
  noResults: NO_SEARCH_RESULTS,
  failed: NO_SEARCH_RESULTS,
  storesHeading: 'Butikker',
  articlesHeading: 'Artikler og sider',
  categoriesHeading: 'Kategorier',
  citiesHeading: 'Byer',
  productsHeading: 'Produkter',
  pagesHeading: 'Sider',
  storeLink: (name: string) => name,
  cityLabel: (name: string, postcode: string, storeCount: number) => `${name} (${postcode}) – ${storeCount} ${storeCount === 1 ? 'butik' : 'butikker'}`,
  showAll: (label: string, count: number) => `Se alle ${count} ${label.toLowerCase()}`,
  moreStores: (count: number) => `Se alle ${count} butikker`,
  morePages: (count: number) => `Se alle ${count} artikler og sider`,
  moreProducts: (count: number) => `Se alle ${count} produkter`,
  // Overlay
  searchAgain: 'Søg igen',
  fieldLabel: 'Søg på hele siden',
  fieldPlaceholder: 'Produkter, butikker, byer og sider',
  submit: 'Vis resultater',
  clear: 'Ryd søgefeltet',
  instructions: 'Skriv mindst 2 tegn. Brug pil op og pil ned for at gå mellem resultaterne, og Escape for at lukke.',
  popularHeading: 'Populære søgninger',
  popular: ['Ray-Ban', 'Tom Ford', 'Gucci', 'Prada'] as const,
  resultsLabel: 'Forslag',
  resultsCount: (n: number) => (n === 1 ? '1 resultat' : `${n} resultater`),
  packageName: 'Pakning',
  priceNow: 'Nu',
  priceBefore: 'Før',
  searchAll: (q: string) => `Se alle resultater for »${q}«`,
};

export type SearchKind = 'products' | 'stores' | 'articles';
