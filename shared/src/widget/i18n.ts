/**
 * SPEC §9: widget texts in 13 languages. English is the default; French, German, Polish and
 * Portuguese are partial and fall back to English key by key (with the English plural rule,
 * since the English text is what gets shown).
 */

import { WIDGET_LANGUAGES, type PluralTextKey, type SimpleTextKey, type TextKey, type WidgetLanguage, type WidgetTexts } from './text-keys';

// The languages and text keys are apart (text-keys.ts) so the on-demand languages (i18n-languages.ts) type against them without importing this file back.
export * from './text-keys';

/** SPEC §9: the text sets the widget package exports publicly. */
export const EXPORTED_WIDGET_LANGUAGES = ['da', 'nl', 'fi', 'no', 'sv', 'en'] as const satisfies readonly WidgetLanguage[];
export const PARTIAL_WIDGET_LANGUAGES = ['fr', 'de', 'pl', 'pt'] as const satisfies readonly WidgetLanguage[];
export const DEFAULT_WIDGET_LANGUAGE: WidgetLanguage = 'en';

export type PluralCategory = 'one' | 'few' | 'many' | 'other';

/**
 * SPEC §9 plural rules.
 * - en, da, nl, fi, it, no, sv, es, de, pt: 1 → one, else other.
 * - fr: 0 and 1 → one (French says "0 produit"), else other.
 * - cs: 1 → one, 2–4 → few, else other.
 * - pl: 1 → one; last digit 2–4 except 12–14 → few; else many.
 * Negative counts use their absolute value; fractions are 'other' in every language.
 */
export function pluralCategory(lang: WidgetLanguage, count: number): PluralCategory {
  const n = Math.abs(count);
  if (!Number.isInteger(n)) return 'other';
  switch (lang) {
    case 'fr':
      return n === 0 || n === 1 ? 'one' : 'other';
    case 'cs':
      if (n === 1) return 'one';
      return n >= 2 && n <= 4 ? 'few' : 'other';
    case 'pl': {
      if (n === 1) return 'one';
      const last = n % 10;
      const lastTwo = n % 100;
      return last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14) ? 'few' : 'many';
    }
    default:
      return n === 1 ? 'one' : 'other';
  }
}

export const PLURAL_TEXT_KEYS: readonly PluralTextKey[] = ['viewAllResults', 'productsCount'];

const en: WidgetTexts = {
  searchPlaceholder: 'Search',
  viewAllResults: { one: 'View {count} result', other: 'View all {count} results' },
  discoverMore: 'Discover more',
  previousSearches: 'Your previous searches',
  suggestions: 'Suggestions',
  clear: 'Clear',
  close: 'Close',
  back: 'Back',
  submitSearch: 'Submit search',
  filters: 'Filters',
  sorting: 'Sort',
  clearFilters: 'Clear filters',
  filtersCleared: 'Filters cleared',
  weClearedYourFilters: 'We cleared your filters',
  restore: 'Restore',
  ok: 'OK',
  productsCount: { one: '{count} product', other: '{count} products' },
  noProductsHere: 'No products here, sorry',
  noResults: 'No results',
  noProductsFound: 'No products found',
  tryWithoutFilters: 'Try again without filters',
  scrollToTop: 'Scroll to top',
  recommendationsTitle: 'Other alternatives',
  suggestionsFailed: 'Autocomplete/suggestions failed',
  instantResultsFailed: 'Instant results failed',
};

const da: WidgetTexts = {
  searchPlaceholder: 'Søg',
  viewAllResults: { one: 'Se {count} resultat', other: 'Se alle {count} resultater' },
  discoverMore: 'Opdag mere',
  previousSearches: 'Dine tidligere søgninger',
  suggestions: 'Forslag',
  clear: 'Ryd',
  close: 'Luk',
  back: 'Tilbage',
  submitSearch: 'Start søgning',
  filters: 'Filtre',
  sorting: 'Sortér',
  clearFilters: 'Ryd filtre',
  filtersCleared: 'Filtrene er ryddet',
  weClearedYourFilters: 'Vi har ryddet dine filtre',
  restore: 'Gendan',
  ok: 'OK',
  productsCount: { one: '{count} produkt', other: '{count} produkter' },
  noProductsHere: 'Her er desværre ingen produkter',
  noResults: 'Ingen resultater',
  noProductsFound: 'Ingen produkter fundet',
  tryWithoutFilters: 'Prøv igen uden filtre',
  scrollToTop: 'Rul til toppen',
  recommendationsTitle: 'Andre muligheder',
  suggestionsFailed: 'Autofuldførelse/forslag kunne ikke hentes',
  instantResultsFailed: 'Hurtige resultater kunne ikke hentes',
};

/**
 * Texts by language. English (the fallback) and Danish (the shop's language) are always here;
 * the other eleven load on demand (`loadWidgetLanguage`), so a Danish page does not download
 * them. Until a language has loaded, its texts fall back to English.
 */
const texts: Partial<Record<WidgetLanguage, Partial<WidgetTexts>>> = { en, da };
export const WIDGET_TEXTS: Readonly<Partial<Record<WidgetLanguage, Partial<WidgetTexts>>>> = texts;

export function isWidgetLanguageLoaded(lang: WidgetLanguage): boolean {
  return texts[lang] !== undefined;
}

/** Loads the texts of `lang` (a no-op for English and Danish, or once loaded). */
export async function loadWidgetLanguage(lang: WidgetLanguage): Promise<void> {
  if (isWidgetLanguageLoaded(lang)) return;
  const { MORE_WIDGET_TEXTS } = await import('./i18n-languages');
  Object.assign(texts, MORE_WIDGET_TEXTS);
}

/**
 * Maps a language tag to a widget language: case-insensitive, region ignored ('da-DK' → 'da'),
 * Norwegian Bokmål/Nynorsk ('nb', 'nn') → 'no'. Anything unknown → English.
 */
export function resolveWidgetLanguage(tag: string | null | undefined): WidgetLanguage {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const normalized = base === 'nb' || base === 'nn' ? 'no' : base;
  return (WIDGET_LANGUAGES as readonly string[]).includes(normalized) ? (normalized as WidgetLanguage) : DEFAULT_WIDGET_LANGUAGE;
}

const isPluralKey = (key: TextKey): key is PluralTextKey => (PLURAL_TEXT_KEYS as readonly string[]).includes(key);

/** True when the language has its own text for the key (false → English is shown). */
export function hasOwnText(lang: WidgetLanguage, key: TextKey): boolean {
  return texts[lang]?.[key] !== undefined;
}

/**
 * The widget text for `key` in `lang` (a language tag, resolved with resolveWidgetLanguage).
 * Plural keys need a count; `{count}` is replaced by it. Missing keys fall back to English.
 */
export function t(lang: string, key: SimpleTextKey): string;
export function t(lang: string, key: PluralTextKey, count: number): string;
export function t(lang: string, key: TextKey, count?: number): string {
  const resolved = resolveWidgetLanguage(lang);
  const textLang: WidgetLanguage = hasOwnText(resolved, key) ? resolved : 'en';
  if (!isPluralKey(key)) return texts[textLang]?.[key] ?? en[key];
  const forms = texts[textLang]?.[key] ?? en[key];
  const n = count ?? 0;
  const form = forms[pluralCategory(textLang, n)] ?? forms.other;
  return form.replace(/\{count\}/g, String(n));
}
