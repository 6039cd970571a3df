import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_BATCH_MS } from './provider';
import { RecommendationStrip } from './recommendations';
import { createTestHistory, fakeClient, renderWidget, WidgetHost } from './test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A stand-in IntersectionObserver whose callbacks the test fires. */
class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.target = el;
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  fire(ratio: number) {
    act(() => this.callback([{ intersectionRatio: ratio, target: this.target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

describe('RecommendationStrip', () => {
  it('is not rendered, and nothing is requested, without consent', async () => {
    const { client, container } = renderWidget(<RecommendationStrip kind="general" type="landing_page" />, { consent: false });
    await Promise.resolve();
    expect(container.querySelector('section')).toBeNull();
    expect(client.recommend).not.toHaveBeenCalled();
  });

  it('with consent shows the strip and reports the inserted recommendations', async () => {
    const { client } = renderWidget(<RecommendationStrip kind="general" type="landing_page" limit={8} />);
    const strip = await screen.findByRole('region', { name: 'Det kunne du også lide' });
    expect(within(strip).getAllByRole('link')).toHaveLength(4);
    expect(client.recommend).toHaveBeenCalledWith('general', expect.objectContaining({ type: 'landing_page', limit: 8, market: 'dk', tenant: 'profil-optik' }));
    await waitFor(() =>
      expect(client.createEvents).toHaveBeenCalledWith(
        expect.objectContaining({ events: [expect.objectContaining({ event_type: 'recommendations_inserted', product_ids: ['p1', 'p2', 'p3', 'p4'], recommendation_id: 'rec' })] }),
      ),
    );
  });

  it('is not rendered when there is nothing to recommend', async () => {
    const client = fakeClient({ recommend: () => ({ displays: [], recommendation_request_id: 'error' }) });
    const { container } = renderWidget(<RecommendationStrip kind="general" />, { client });
    await waitFor(() => expect(client.recommend).toHaveBeenCalled());
    await Promise.resolve();
    expect(container.querySelector('section')).toBeNull();
    expect(client.createEvents).not.toHaveBeenCalled();
  });

  it('sends page_view once per product id per URL', async () => {
    const client = fakeClient();
    const history = createTestHistory('/produkt/model-1');
    const ui = (id: string) => (
      <WidgetHost history={history} client={client}>
        <RecommendationStrip kind="product" productId={id} />
        <RecommendationStrip kind="product" productId={id} type="related" />
      </WidgetHost>
    );
    const { rerender } = render(ui('p1'));
    await screen.findAllByRole('region');
    rerender(ui('p1'));
    const pageViews = () => client.createEvents.mock.calls.flatMap(([b]) => b.events).filter((e) => (e as { event_type: string }).event_type === 'page_view');
    expect(pageViews()).toHaveLength(1);
    expect(pageViews()[0]).toMatchObject({ product_id: 'p1' });
  });

  it('reports a card as visible after 500 ms at a ratio of 0.6 or more; dropping below 0.5 starts the time over', async () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { client } = renderWidget(<RecommendationStrip kind="general" />);
    await screen.findByRole('region', { name: 'Det kunne du også lide' });
    await waitFor(() => expect(client.createEvents).toHaveBeenCalledTimes(1));
    vi.useFakeTimers();
    const observed = new Map(FakeObserver.all.map((o) => [o.target?.querySelector('a')?.getAttribute('href'), o]));
    const first = observed.get('/produkt/model-1')!;
    const second = observed.get('/produkt/model-2')!;
    first.fire(0.7);
    second.fire(0.7);
    act(() => vi.advanceTimersByTime(300));
    second.fire(0.4);
    second.fire(0.55);
    act(() => vi.advanceTimersByTime(199));
    expect(client.createEvents).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    // Counted, and sent with whatever else became visible within the batch window.
    act(() => vi.advanceTimersByTime(EVENT_BATCH_MS));
    expect(client.createEvents).toHaveBeenCalledTimes(2);
    const sent = client.createEvents.mock.calls[1]![0].events as { event_type: string; product_id: string; recommendation_id: string }[];
    expect(sent).toEqual([expect.objectContaining({ event_type: 'element_visible', product_id: 'p1', recommendation_id: 'rec:0' })]);
    // Between 0.5 and 0.6 no timer starts; at 0.6 it starts afresh.
    act(() => vi.advanceTimersByTime(5000));
    second.fire(0.6);
    act(() => vi.advanceTimersByTime(500 + EVENT_BATCH_MS));
    expect(client.createEvents.mock.calls[2]![0].events).toEqual([expect.objectContaining({ event_type: 'element_visible', product_id: 'p2' })]);
  });
});
