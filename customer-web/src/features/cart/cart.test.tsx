import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, Provider } from 'jotai';
import { formatDkk, type CartHead, type CartItem } from '@optik/shared';
import type { RecommendationStripProps } from '../../widget/recommendations';
import { CartHeader } from './cart-header';
import { CART_UPDATED_EVENT, type CartApi } from './cart-state';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

type ShopperResult = Awaited<ReturnType<CartApi['getShopper']>>;
type CartResult = Awaited<ReturnType<CartApi['cartUpdate']>>;

const config: CartHead['checkoutConfig'] = { currency: 'DKK', market: 23, freeShippingThreshold: 49_900, shippingCost: 4_900, deliveryMethodIds: [101, 79, 119] };

function item(over: Partial<CartItem> = {}): CartItem {
  return {
    skuId: 'sku-1',
    parentSkuID: null,
    quantity: 1,
    articleId: 'a-1',
    articleDescription: 'Ray-Ban Aviator',
    ref: 'Guld/grøn',
    slug: 'ray-ban-aviator',
    category: 'solbriller',
    brand: 'Ray-Ban',
    media: 'https://cdn.example/md/a-1.jpg',
    price: { amount: 129_900, ordinaryPrice: 149_900, isCampaign: true },
    isEditAble: true,
    subscriptionInterval: null,
    prescription: null,
    prescriptionGlasses: null,
    ...over,
  };
}

const head = (items: CartItem[]): CartHead => ({ cart: { items, totalCost: items.reduce((s, i) => s + i.price.amount * i.quantity, 0) }, checkoutConfig: config });
const shopper = (items: CartItem[], previewCart = false): ShopperResult => ({ ok: true, status: 200, data: { success: true, shopperId: 's-1', token: 'tok', isStore: false, previewCart, cartHead: head(items) } });
const cartOk = (items: CartItem[]): CartResult => ({ ok: true, status: 200, data: { success: true, cartHead: head(items), checkoutConfig: config } });
const cartFail: CartResult = { ok: false, status: 422, error: { code: 'unprocessable', message: 'Produktet er midlertidigt udsolgt.' } };

const CUSTOMER = { id: 'u-kunde', role: 'customer' as const, name: 'Mette Jensen', email: 'kunde@example.dk', storeId: null, storeName: null, companyId: null };

function fakeApi(items: CartItem[], opts: { previewCart?: boolean; update?: (CartResult | Promise<CartResult>)[]; empty?: CartResult; signedIn?: boolean } = {}) {
  let u = 0;
  return {
    getShopper: vi.fn(async (_o?: { previewCart?: boolean }) => shopper(items, opts.previewCart)),
    cartUpdate: vi.fn(async (_body: Parameters<CartApi['cartUpdate']>[0]) => opts.update![Math.min(u++, opts.update!.length - 1)]!),
    cartEmpty: vi.fn(async () => opts.empty ?? cartOk([])),
    me: vi.fn(async (): ReturnType<CartApi['me']> => (opts.signedIn ? { ok: true, status: 200, data: { user: CUSTOMER, expiresAt: '2026-11-23T10:00:00Z' } } : { ok: true, status: 200, data: { user: null } })),
  };
}

const strips: RecommendationStripProps[] = [];
function FakeStrip(props: RecommendationStripProps) {
  strips.push(props);
  return <p>Anbefalinger: {props.productId ?? props.productIds?.join(',')}</p>;
}

function renderCart(api: ReturnType<typeof fakeApi>, hidden = false) {
  const onCheckout = vi.fn();
  render(
    <Provider store={createStore()}>
      <CartHeader api={api} hidden={hidden} onCheckout={onCheckout} Recommendations={FakeStrip} />
    </Provider>,
  );
  return { onCheckout };
}

const toggle = () => screen.getByRole('button', { name: /^Kurv/ });

/** The drawer's code loads on its first use (a dynamic import, slow on a busy test machine): waited for, not assumed. */
const findDrawer = () => screen.findByRole('dialog', { name: /Din kurv/ }, { timeout: 10_000 });

async function openDrawer() {
  await waitFor(() => expect(toggle().getAttribute('aria-label')).not.toBe('Kurv, tom'));
  fireEvent.click(toggle());
  const dialog = await findDrawer();
  // The drawer's code loads on first use; focus moves into it in an effect after it is shown.
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('cart toggle', () => {
  it('shows the item count, capped at 9+ (SPEC §9)', async () => {
    renderCart(fakeApi([item({ quantity: 3 })]));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Kurv 3, 3 varer'));
    expect(toggle().textContent).toBe('Kurv 3');
    cleanup();
    renderCart(fakeApi([item({ quantity: 7 }), item({ skuId: 'sku-2', quantity: 5 })]));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Kurv 9+, 12 varer'));
    expect(toggle().textContent).toBe('Kurv 9+');
  });

  it('is hidden on checkout routes but keeps the state', async () => {
    const api = fakeApi([item()]);
    renderCart(api, true);
    await waitFor(() => expect(api.getShopper).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /^Kurv/ })).toBeNull();
  });

  it('opens the drawer for previewCart=1 and when the product page announces a new cart', async () => {
    window.history.replaceState(null, '', '/?previewCart=1');
    const api = fakeApi([item()], { previewCart: true });
    renderCart(api);
    expect(await findDrawer()).toBeDefined();
    expect(api.getShopper).toHaveBeenCalledWith({ previewCart: true });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle());

    act(() => {
      window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: head([item({ quantity: 2 }), item({ skuId: 'sku-2', articleId: 'a-2', articleDescription: 'Dailies' })]) }));
    });
    const dialog = screen.getByRole('dialog', { name: /Din kurv/ });
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Din kurv (3 varer)');
    expect(toggle().textContent).toBe('Kurv 3');
  });
});

describe('cart drawer', () => {
  it('lists the items with subscription, prescription and campaign price, and recommends by product id', async () => {
    strips.length = 0;
    const lens = item({ skuId: 'sku-2', articleId: 'a-2', articleDescription: 'Dailies Total 1', subscriptionInterval: 'm3', eye: 'right', price: { amount: 29_900, ordinaryPrice: 29_900, isCampaign: false }, prescription: { power: -2.5, baseCurve: 8.6, diameter: 14.1, cylinder: null, axis: null, addition: null } });
    renderCart(fakeApi([item()]));
    let dialog = await openDrawer();
    expect(within(dialog).getByText('Ray-Ban Aviator')).toBeDefined();
    // The variant, and the real article number under "Varenr." (issue 16).
    expect(within(dialog).getByText('Guld/grøn')).toBeDefined();
    expect(within(dialog).getByText('Varenr. sku-1')).toBeDefined();
    const price = dialog.querySelector('.cart-item-price')!;
    expect(price.querySelector('.sale')!.textContent).toBe(formatDkk(129_900));
    expect(price.querySelector('s')!.textContent).toBe(`Før ${formatDkk(149_900)}`);
    expect(within(dialog).getByText('Anbefalinger: a-1')).toBeDefined();
    expect(strips.at(-1)).toMatchObject({ kind: 'product', productId: 'a-1', title: 'Du kan også lide' });
    expect(within(dialog).getByRole('link', { name: 'Gå til kassen' }).getAttribute('href')).toBe('/checkout');
    cleanup();

    renderCart(fakeApi([item(), lens]));
    dialog = await openDrawer();
    expect(within(dialog).getByText('Abonnement – levering hver 3. måned')).toBeDefined();
    expect(within(dialog).getByText('Styrke: -2,50')).toBeDefined();
    expect(within(dialog).getByText('Øje: Højre øje (H)')).toBeDefined();
    expect(strips.at(-1)).toMatchObject({ kind: 'products', productIds: ['a-1', 'a-2'] });
    expect(within(dialog).getByText('I alt').parentElement!.textContent).toContain(formatDkk(159_800));
  });

  it('tells a visitor at once that a lens subscription needs an account, with links that come back to the cart (issue 16)', async () => {
    const lens = item({ skuId: 'sku-2', articleId: 'a-2', articleDescription: 'Dailies Total 1', subscriptionInterval: 'm1' });
    const api = fakeApi([lens]);
    renderCart(api);
    let dialog = await openDrawer();
    expect(await within(dialog).findByText(/Linseabonnement kræver en konto/)).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/min-konto/log-ind?retur=%2Fcheckout');
    expect(within(dialog).getByRole('link', { name: 'Opret konto' }).getAttribute('href')).toBe('/min-konto/registrere?retur=%2Fcheckout');
    expect(within(dialog).getByText(/bekræfte kontoen/)).toBeDefined();
    cleanup();

    // A signed-in customer is told nothing; a cart without a subscription does not even ask.
    const signedIn = fakeApi([lens], { signedIn: true });
    renderCart(signedIn);
    dialog = await openDrawer();
    await waitFor(() => expect(signedIn.me).toHaveBeenCalled());
    await act(async () => {
      await signedIn.me.mock.results[0]!.value;
    });
    expect(within(dialog).getByText('Abonnement – levering hver måned')).toBeDefined();
    expect(within(dialog).queryByText(/Linseabonnement kræver en konto/)).toBeNull();
    cleanup();
    const plain = fakeApi([item()]);
    renderCart(plain);
    await openDrawer();
    expect(plain.me).not.toHaveBeenCalled();
  });

  it('hides plus at 12 (SPEC §4) and increases below it with noCheckoutInfo', async () => {
    const api = fakeApi([item({ quantity: 12 }), item({ skuId: 'sku-2', articleId: 'a-2', articleDescription: 'Dailies', quantity: 11 })], { update: [cartOk([item({ quantity: 12 }), item({ skuId: 'sku-2', articleId: 'a-2', articleDescription: 'Dailies', quantity: 12 })])] });
    renderCart(api);
    const dialog = await openDrawer();
    expect(within(dialog).queryByRole('button', { name: 'Én mere af Ray-Ban Aviator' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Én mindre af Ray-Ban Aviator' })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Én mere af Dailies' }));
    expect(api.cartUpdate).toHaveBeenCalledWith(expect.objectContaining({ skuId: 'sku-2', quantity: 12, noCheckoutInfo: true }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Én mere af Dailies' })).toBeNull());
  });

  it('removes a line at quantity 0, and disables the controls while the change is in flight', async () => {
    const answer = deferred<CartResult>();
    const api = fakeApi([item()], { update: [answer.promise] });
    renderCart(api);
    const dialog = await openDrawer();
    const minus = within(dialog).getByRole('button', { name: 'Fjern Ray-Ban Aviator' });
    fireEvent.click(minus);
    expect(api.cartUpdate).toHaveBeenCalledWith(expect.objectContaining({ skuId: 'sku-1', quantity: 0 }));
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Tøm kurven' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(minus);
    expect(api.cartUpdate).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(cartOk([])));
    expect(within(dialog).getByText('Kurven er tom')).toBeDefined();
    expect(toggle().getAttribute('aria-label')).toBe('Kurv, tom');
    expect(toggle().textContent).toBe('Kurv');
  });

  it('keeps the items when an update fails and says so', async () => {
    const api = fakeApi([item({ quantity: 2 })], { update: [cartFail] });
    renderCart(api);
    const dialog = await openDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Én mere af Ray-Ban Aviator' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Produktet er midlertidigt udsolgt.');
    expect(within(dialog).getByText('Ray-Ban Aviator')).toBeDefined();
    expect(within(dialog).getByRole('group', { name: 'Antal: Ray-Ban Aviator' }).textContent).toContain('2');
    expect(toggle().textContent).toBe('Kurv 2');
  });

  it('empties the cart and then shows the empty drawer', async () => {
    const api = fakeApi([item(), item({ skuId: 'sku-2' })]);
    renderCart(api);
    const dialog = await openDrawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tøm kurven' }));
    expect(await within(dialog).findByText('Kurven er tom')).toBeDefined();
    expect(api.cartEmpty).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('link', { name: 'Gå til kassen' })).toBeNull();
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Din kurv (0 varer)');
  });

  it('traps focus, locks the page scroll, and goes to the checkout', async () => {
    const { onCheckout } = renderCart(fakeApi([item()]));
    const dialog = await openDrawer();
    expect(document.body.style.overflow).toBe('hidden');
    const close = within(dialog).getByRole('button', { name: 'Luk kurven' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Tøm kurven' }));
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(within(dialog).getByRole('link', { name: 'Gå til kassen' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
