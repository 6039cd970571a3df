import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk } from '@optik/shared';
import { AddProductListView, AddProductView } from './add-product';
import { st } from './messages';
import { subscriptionFlashAtom } from './subscription-api';
import { activeSub, fail, fakeApi, lensArticle, ok } from './test-data';

afterEach(cleanup);

const SUB = '/api/subscriptions/lens/ls-1';
const ARTICLE = '/api/article/a-2';
const ADD = '/api/subscriptions/lens/ls-1/products/a-2';

function renderAdd(posts: Parameters<typeof fakeApi>[1] = {}, article: unknown = lensArticle) {
  const api = fakeApi({ [SUB]: ok({ data: activeSub }), [ARTICLE]: ok({ data: article }) }, posts);
  const store = createStore();
  const onAdded = vi.fn();
  render(
    <Provider store={store}>
      <AddProductView api={api} id="ls-1" articleId="a-2" onAdded={onAdded} />
    </Provider>,
  );
  return { api, store, onAdded };
}

describe('add a product (/nyt-produkt)', () => {
  it('lists the subscription lenses with their subscription price, linking to their add page', async () => {
    const storeOnly = { ...lensArticle, id: 'a-3', name: 'Kun i butik', packageName: undefined, price: { ...lensArticle.price, unit: { ...lensArticle.price.unit, publicationStatus: 40 } } };
    const api = fakeApi({ [SUB]: ok({ data: activeSub }), '/api/catalogue/articles?route=%2Flinseabonnement&limit=100': ok({ data: [lensArticle, storeOnly], total: 2 }) });
    render(<AddProductListView api={api} id="ls-1" />);
    const link = await screen.findByRole('link', { name: 'Air Optix Aqua (6 stk.)' });
    expect(link.getAttribute('href')).toBe('/min-konto/abonnement/linse/ls-1/nyt-produkt/a-2');
    expect(screen.getByText(st.subscriptionPrice(formatDkk(26_300)).replace('\u00a0', ' '))).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Kun i butik' })).toBeNull();
  });

  it('needs the prescription in values the lens comes in, then adds it and leaves a message for the subscription page', async () => {
    const { api, store, onAdded } = renderAdd({ [ADD]: [ok({ data: activeSub })] });
    const power = await screen.findByLabelText('Styrke');
    // Made in one base curve and diameter only: those are chosen already.
    expect((screen.getByLabelText('Basekurve') as HTMLSelectElement).value).toBe('8.6');
    fireEvent.click(screen.getByRole('button', { name: st.addSubmit }));
    expect(await screen.findByText('Skal udfyldes.')).toBeDefined();
    expect(power.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(power));
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(power, { target: { value: '-1.25' } });
    fireEvent.change(screen.getByLabelText(st.addQuantity), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: st.addSubmit }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith(expect.anything(), ADD, { skuId: 'a-2-1', quantity: 2, prescription: { power: -1.25, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null } });
    expect(store.get(subscriptionFlashAtom)).toEqual({ subscriptionId: 'ls-1', message: st.added('Air Optix Aqua (6 stk.)') });
  });

  it('shows the API’s refusal and keeps the choices', async () => {
    const { onAdded } = renderAdd({ [ADD]: [fail(422, { code: 'unprocessable', message: 'Produktet er midlertidigt udsolgt.' })] });
    fireEvent.change(await screen.findByLabelText('Styrke'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: st.addSubmit }));
    expect(await screen.findByText('Produktet er midlertidigt udsolgt.')).toBeDefined();
    expect((screen.getByLabelText('Styrke') as HTMLSelectElement).value).toBe('-1');
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('refuses an article that is not sold by subscription (SPEC §8) and a cancelled subscription', async () => {
    renderAdd({}, { ...lensArticle, allowSubscription: false, price: { ...lensArticle.price, subscription: null } });
    expect(await screen.findByText(st.notForSubscription)).toBeDefined();
    expect(screen.queryByRole('button', { name: st.addSubmit })).toBeNull();
    cleanup();
    const api = fakeApi({ [SUB]: ok({ data: { ...activeSub, statusCode: 200 } }), [ARTICLE]: ok({ data: lensArticle }) });
    render(<AddProductView api={api} id="ls-1" articleId="a-2" onAdded={() => {}} />);
    expect(await screen.findByText(st.cannotChange)).toBeDefined();
  });
});
