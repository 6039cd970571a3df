/** SPEC §9: the widget's languages and text keys, and the shape of one language's texts (i18n.ts has the texts). */

export const WIDGET_LANGUAGES = ['en', 'cs', 'da', 'nl', 'fi', 'fr', 'de', 'it', 'no', 'pl', 'pt', 'es', 'sv'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export type PluralForms = { one: string; other: string; few?: string; many?: string };

export type SimpleTextKey =
  | 'searchPlaceholder'
  | 'discoverMore'
  | 'previousSearches'
  | 'suggestions'
  | 'clear'
  | 'close'
  | 'back'
  | 'submitSearch'
  | 'filters'
  | 'sorting'
  | 'clearFilters'
  | 'filtersCleared'
  | 'weClearedYourFilters'
  | 'restore'
  | 'ok'
  | 'noProductsHere'
  | 'noResults'
  | 'noProductsFound'
  | 'tryWithoutFilters'
  | 'scrollToTop'
  | 'recommendationsTitle'
  | 'suggestionsFailed'
  | 'instantResultsFailed';
/** Texts with a `{count}` placeholder and plural forms. */
export type PluralTextKey = 'viewAllResults' | 'productsCount';
export type TextKey = SimpleTextKey | PluralTextKey;

export type WidgetTexts = Record<SimpleTextKey, string> & Record<PluralTextKey, PluralForms>;
export type CzechTexts = Record<SimpleTextKey, string> & Record<PluralTextKey, PluralForms & { few: string }>;
export type PolishForms = PluralForms & { few: string; many: string };
