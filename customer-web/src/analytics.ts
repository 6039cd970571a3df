import { getDefaultStore } from 'jotai';
import { TAG_MANAGER_BATCH_SIZE, TAG_MANAGER_LIST_NAME } from '@optik/shared/widget';
import { consentAtom, hasConsent } from './consent/consent';

/** The tag manager's data layer (SPEC §7). Pushes happen only with statistics consent, and carry no personal data. */
type DataLayerEvent = Record<string, unknown> & { event: string };
declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function pushDataLayer(event: DataLayerEvent): boolean {
  if (!hasConsent(getDefaultStore().get(consentAtom), 'statistics')) return false;
  (window.dataLayer ??= []).push(event);
  return true;
}

/** SPEC §9: tag-manager item views go out in batches of 100, under the list name 'depict'. */

export function pushItemViews(items: { item_id: string; item_name: string; item_brand?: string; price: number }[]): number {
  let batches = 0;
  for (let i = 0; i < items.length; i += TAG_MANAGER_BATCH_SIZE) {
    const batch = items.slice(i, i + TAG_MANAGER_BATCH_SIZE).map((it, k) => ({ ...it, index: i + k, item_list_name: TAG_MANAGER_LIST_NAME }));
    if (pushDataLayer({ event: 'view_item_list', item_list_name: TAG_MANAGER_LIST_NAME, items: batch })) batches += 1;
  }
  return batches;
}

/** SPEC §7: a page view on first load and each route change, with URL and referrer (query strings dropped: they may hold personal data). */
export function pushPageView(url: string, referrer: string): boolean {
  const strip = (u: string) => u.split(/[?#]/)[0]!;
  return pushDataLayer({ event: 'pageview', page_location: strip(url), page_referrer: strip(referrer) });
}

/** Typed text that may be personal data (a CPR or phone number, an e-mail) never reaches analytics. */
export function safeSearchTerm(q: string): string | null {
  return /\d{6}|@/.test(q.replace(/[\s-]/g, '')) ? null : q.trim();
}

/** SPEC §9: the modal reports a search page view 2 s after the shopper stopped typing. */
export function pushSearchPageView(query: string): boolean {
  const term = safeSearchTerm(query);
  return term ? pushDataLayer({ event: 'pageview', page_location: '/search', search_term: term }) : false;
}
