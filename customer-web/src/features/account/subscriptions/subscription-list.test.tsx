import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDkk } from '@optik/shared';
import { st } from './messages';
import { SubscriptionListView } from './subscription-list';
import { activeSub, fakeApi, ok } from './test-data';

afterEach(cleanup);

describe('subscription list (/min-konto/abonnement)', () => {
  it('lists both kinds: lens subscriptions link to /linse, Lifestyle agreements to /briller', async () => {
    const paused = { ...activeSub, id: 'ls-2', statusCode: 520 as const, lensWear: 'monthly' as const };
    const lifestyle = { ...activeSub, id: 'lf 1', kind: 'lifestyle' as const, lensWear: null, items: [], deliveryInterval: null, nextDelivery: null, monthlyPrice: 19_900 };
    render(<SubscriptionListView api={fakeApi({ '/api/subscriptions': ok({ data: [activeSub, paused, lifestyle] }) })} />);
    const lens = (await screen.findByRole('link', { name: 'Linseabonnement – endagslinser' })).closest('li')!;
    expect(within(lens).getByRole('link').getAttribute('href')).toBe('/min-konto/abonnement/linse/ls-1');
    expect(within(lens).getByText('Aktiv')).toBeDefined();
    expect(within(lens).getByText('14. februar 2027')).toBeDefined();
    expect(within(lens).getByText('Hver 3. måned')).toBeDefined();
    const pausedCard = screen.getByRole('link', { name: 'Linseabonnement – månedslinser' }).closest('li')!;
    expect(within(pausedCard).getByText(st.noDeliveryPaused)).toBeDefined();
    const agreement = screen.getByRole('link', { name: st.kinds.lifestyle });
    expect(agreement.getAttribute('href')).toBe('/min-konto/abonnement/briller/lf%201');
    // The matcher sees the text with its no-break space collapsed, as screen readers do.
    expect(within(agreement.closest('li')!).getByText(formatDkk(19_900).replace('\u00a0', ' '))).toBeDefined();
    expect(screen.getByRole('link', { name: st.connectLink }).getAttribute('href')).toBe('/min-konto/abonnement/forbind-til-lifestyle');
  });

  it('offers the shop when there is no subscription', async () => {
    render(<SubscriptionListView api={fakeApi({ '/api/subscriptions': ok({ data: [] }) })} />);
    expect(await screen.findByText(st.none)).toBeDefined();
    expect(screen.getByRole('link', { name: st.shopLenses }).getAttribute('href')).toBe('/linseabonnement');
    // An agreement signed in a store can be connected from here.
    expect(screen.getByRole('link', { name: st.connectLink }).getAttribute('href')).toBe('/min-konto/abonnement/forbind-til-lifestyle');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    render(<SubscriptionListView api={fakeApi({ '/api/subscriptions': { status: 500, body: { error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } } } })} />);
    expect(await screen.findByRole('button', { name: 'Prøv igen' })).toBeDefined();
  });
});
