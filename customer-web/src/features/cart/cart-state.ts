import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';
import { cartCount, type CartHead, type CartItem } from '@optik/shared';
import type { Api } from '../../api';
import { pushDataLayer } from '../../analytics';

/** What the cart feature needs of the typed client (tests pass a fake). */
export type CartApi = Pick<Api, 'getShopper' | 'cartUpdate' | 'cartEmpty' | 'me'>;

/** The product page announces a changed cart with this event; `detail` is the new cart head. */
export const CART_UPDATED_EVENT = 'optik:cart-updated';

/** SPEC §3: the cart head as the API last returned it; null until the shopper is loaded. */
export const cartHeadAtom = atom<CartHead | null>(null);
/** SPEC §3/§4: the cart state's show flag — the drawer is open. */
export const cartOpenAtom = atom(false);
/** Items in the cart (quantities summed), for the header badge. */
export const cartCountAtom = atom((get) => cartCount(get(cartHeadAtom)?.cart.items ?? []));

/** After a paid order the API has emptied the cart: the badge follows without a round trip. */
export const clearCartAtom = atom(null, (get, set) => {
  const head = get(cartHeadAtom);
  if (head) set(cartHeadAtom, { ...head, cart: { items: [], totalCost: 0 } });
});

/** SPEC §7: `previewCart=1` in the page URL opens the cart preview. */
export function wantsCartPreview(search: string): boolean {
  return new URLSearchParams(search).get('previewCart') === '1';
}

/**
 * Keeps the cart atoms in step with the API: the shopper's cart on load (SPEC §7 GET
 * /api/site/shopper, opening the drawer for `previewCart=1`) and every cart head another
 * feature announces with CART_UPDATED_EVENT (which also opens the drawer).
 */
export function useCartSync(api: Pick<CartApi, 'getShopper'>, opts: { allowOpen: boolean }): void {
  const setHead = useSetAtom(cartHeadAtom);
  const setOpen = useSetAtom(cartOpenAtom);
  const { allowOpen } = opts;
  useEffect(() => {
    let live = true;
    const preview = wantsCartPreview(window.location.search);
    void api.getShopper(preview ? { previewCart: true } : {}).then((r) => {
      if (!live || !r.ok) return;
      setHead(r.data.cartHead);
      if (r.data.previewCart && allowOpen) setOpen(true);
    });
    return () => {
      live = false;
    };
    // Loaded once per mount of the header; `allowOpen` only matters for the first answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, setHead, setOpen]);

  useEffect(() => {
    function onUpdated(e: Event) {
      // The product page sends the cart head the API answered (typed by the shared schema); anything else is ignored.
      const detail = (e as CustomEvent<unknown>).detail as Partial<CartHead> | null;
      if (!detail || typeof detail !== 'object' || !Array.isArray(detail.cart?.items)) return;
      setHead(detail as CartHead);
      if (allowOpen) setOpen(true);
    }
    window.addEventListener(CART_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(CART_UPDATED_EVENT, onUpdated);
  }, [allowOpen, setHead, setOpen]);
}

/** Analytics item (SPEC §7 data-layer pushes): product data only, never who the shopper is. */
function analyticsItem(item: CartItem, quantity = item.quantity) {
  return {
    item_id: item.articleId,
    item_name: item.articleDescription,
    item_brand: item.brand,
    item_category: item.category,
    item_variant: item.ref,
    price: item.price.amount / 100,
    quantity,
  };
}

export function pushViewCart(items: readonly CartItem[]): boolean {
  const value = items.reduce((s, i) => s + i.price.amount * i.quantity, 0) / 100;
  return pushDataLayer({ event: 'view_cart', ecommerce: { currency: 'DKK', value, items: items.map((i) => analyticsItem(i)) } });
}

export function pushRemoveFromCart(removed: readonly { item: CartItem; quantity: number }[]): boolean {
  if (removed.length === 0) return false;
  const value = removed.reduce((s, r) => s + r.item.price.amount * r.quantity, 0) / 100;
  return pushDataLayer({ event: 'remove_from_cart', ecommerce: { currency: 'DKK', value, items: removed.map((r) => analyticsItem(r.item, r.quantity)) } });
}
