import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushDataLayer, pushItemViews, pushSearchPageView, safeSearchTerm } from '../analytics';
import { ConsentBanner, ConsentSettingsButton } from './consent-banner';
import { CONSENT_STORAGE_KEY, consentAtom, consentOpenAtom, makeConsent, readConsent } from './consent';
import { getDefaultStore } from 'jotai';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
  getDefaultStore().set(consentAtom, null);
});

function renderBanner() {
  const store = createStore();
  store.set(consentAtom, null);
  store.set(consentOpenAtom, true);
  render(
    <Provider store={store}>
      <ConsentBanner />
      <ConsentSettingsButton />
    </Provider>,
  );
  return store;
}

describe('consent', () => {
  it('accept all stores every group and closes; the footer button opens it again', () => {
    const store = renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accepter alle' }));
    expect(readConsent()?.groups).toEqual({ necessary: true, statistics: true, preferences: true, marketing: true });
    expect(store.get(consentAtom)?.groups.preferences).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Vi bruger cookies' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cookie-indstillinger' }));
    expect(screen.queryByRole('heading', { name: 'Vi bruger cookies' })).not.toBeNull();
  });

  it('necessary only keeps every optional group off', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Kun nødvendige' }));
    expect(readConsent()?.groups).toEqual({ necessary: true, statistics: false, preferences: false, marketing: false });
  });

  it('tilpas lets each group be chosen; necessary cannot be turned off', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Tilpas' }));
    expect((screen.getByLabelText('Nødvendige') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Statistik'));
    fireEvent.click(screen.getByRole('button', { name: 'Gem valg' }));
    expect(readConsent()?.groups).toEqual({ necessary: true, statistics: true, preferences: false, marketing: false });
  });

  it('asks again when the stored choice is from another version or unreadable', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...makeConsent({ statistics: true }), version: 0 }));
    expect(readConsent()).toBeNull();
    localStorage.setItem(CONSENT_STORAGE_KEY, '{nope');
    expect(readConsent()).toBeNull();
  });
});

describe('analytics data layer', () => {
  it('pushes nothing without statistics consent', () => {
    expect(pushDataLayer({ event: 'pageview' })).toBe(false);
    getDefaultStore().set(consentAtom, makeConsent({ preferences: true }));
    expect(pushDataLayer({ event: 'pageview' })).toBe(false);
    expect(window.dataLayer).toEqual([]);
  });

  it("sends item views in batches of 100 under the list name 'depict'", () => {
    getDefaultStore().set(consentAtom, makeConsent({ statistics: true }));
    const items = Array.from({ length: 230 }, (_, i) => ({ item_id: `p${i}`, item_name: `P ${i}`, price: 100 }));
    expect(pushItemViews(items)).toBe(3);
    const pushed = window.dataLayer as { event: string; item_list_name: string; items: { index: number }[] }[];
    expect(pushed.map((e) => e.items.length)).toEqual([100, 100, 30]);
    expect(pushed.every((e) => e.event === 'view_item_list' && e.item_list_name === 'depict')).toBe(true);
    expect(pushed[2]!.items[0]!.index).toBe(200);
  });

  it('never sends typed text that may be personal data', () => {
    getDefaultStore().set(consentAtom, makeConsent({ statistics: true }));
    expect(safeSearchTerm('ray-ban')).toBe('ray-ban');
    expect(safeSearchTerm('010160-1234')).toBeNull();
    expect(safeSearchTerm('20 30 40 50')).toBeNull();
    expect(safeSearchTerm('karen@example.dk')).toBeNull();
    expect(pushSearchPageView('karen@example.dk')).toBe(false);
    expect(pushSearchPageView('gucci')).toBe(true);
    expect(window.dataLayer).toEqual([{ event: 'pageview', page_location: '/search', search_term: 'gucci' }]);
  });
});
