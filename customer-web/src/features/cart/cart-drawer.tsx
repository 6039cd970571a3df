import { useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { trapTab, useDialogFocus } from '../../focus-trap';
import { useAtom } from 'jotai';
import { canIncreaseQuantity, cartCount, contactLensLines, formatDkk, glassesLines, LENS_EYE_LABEL, lensEyeText, subscriptionIntervalText, type CartItem } from '@optik/shared';
import { RecommendationStrip, type RecommendationStripProps } from '../../widget/recommendations';
import { cartHeadAtom, pushRemoveFromCart, pushViewCart, type CartApi } from './cart-state';
import { cartText } from './messages';
import { SubscriptionAccountNotice } from './subscription-notice';
import './cart.css';


export interface CartDrawerProps {
  api: Pick<CartApi, 'cartUpdate' | 'cartEmpty' | 'me'>;
  onClose: () => void;
  /** Goes to the checkout (the router in the app). */
  onCheckout: () => void;
  /** Focus goes back here when the drawer closes (the header toggle). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The 'Du kan også lide' strip; replaceable in tests, which have no widget provider. */
  Recommendations?: ComponentType<RecommendationStripProps>;
}

const lineKey = (i: CartItem) => `${i.skuId}:${i.subscriptionInterval ?? ''}`;

/**
 * The side cart (SPEC §2 'Your cart' dialog, §4 transitions): lines with plus/minus (plus hidden
 * at 12, 0 removes), recommendations, total, checkout and empty-cart. Every change goes through
 * the API; the drawer shows only what the API answered, so a failed call leaves it as it was.
 */
export function CartDrawer({ api, onClose, onCheckout, returnFocusRef, Recommendations = RecommendationStrip }: CartDrawerProps) {
  const [head, setHead] = useAtom(cartHeadAtom);
  const items = head?.cart.items ?? [];
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  /** The control that started a change: disabled while in flight, so focus is put back afterwards. */
  const [refocus, setRefocus] = useState<{ key: string; n: number } | null>(null);

  // Focus into the dialog, back to the toggle on close; the page behind does not scroll (SPEC §4).
  useDialogFocus(closeRef, returnFocusRef);

  // SPEC §7: view_cart once per opening, with what is in the cart then.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  useEffect(() => {
    pushViewCart(itemsRef.current);
  }, []);

  useEffect(() => {
    if (!refocus || busy) return;
    const el = [...(dialogRef.current?.querySelectorAll<HTMLElement>('[data-focus-key]:not([disabled])') ?? [])].find((e) => e.dataset.focusKey === refocus.key);
    if (el) el.focus();
    else if (!dialogRef.current?.contains(document.activeElement)) closeRef.current?.focus();
  }, [refocus, busy]);

  async function run(focusKey: string, call: () => ReturnType<CartDrawerProps['api']['cartUpdate']>, removed: { item: CartItem; quantity: number }[]) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus(cartText.updating);
    const r = await call();
    setBusy(false);
    setRefocus((p) => ({ key: focusKey, n: (p?.n ?? 0) + 1 }));
    if (!r.ok) {
      // SPEC §7: no cart head, no update — the drawer keeps what it showed, and says so.
      setStatus('');
      setError(r.error.message || cartText.updateFailed);
      return;
    }
    setHead(r.data.cartHead);
    setStatus(cartText.updated);
    pushRemoveFromCart(removed);
  }

  function changeQuantity(item: CartItem, quantity: number, focusKey: string) {
    void run(
      focusKey,
      () =>
        api.cartUpdate({
          skuId: item.skuId,
          quantity,
          childSkuId: item.parentSkuID,
          // SPEC §7: quantity changes pass noCheckoutInfo true.
          noCheckoutInfo: true,
          subscriptionInterval: item.subscriptionInterval,
          prescription: item.prescription,
          prescriptionGlasses: item.prescriptionGlasses,
        }),
      quantity < item.quantity ? [{ item, quantity: item.quantity - quantity }] : [],
    );
  }

  function emptyCart() {
    void run(
      'empty',
      () => api.cartEmpty(),
      items.map((item) => ({ item, quantity: item.quantity })),
    );
  }

  function onKeyDown(e: ReactKeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    // Focus stays inside the dialog while it is open.
    trapTab(e, dialogRef.current);
  }

  const count = cartCount(items);
  const ids = [...new Set(items.map((i) => i.articleId))];

  return (
    <div
      className="cart-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="cart-drawer" onKeyDown={onKeyDown}>
        <div className="cart-drawer-head">
          <h2 id={titleId}>
            {cartText.title} <span className="cart-count">({cartText.count(count)})</span>
          </h2>
          <button ref={closeRef} type="button" className="secondary cart-close" onClick={onClose}>
            {cartText.close}
          </button>
        </div>
        <p role="status" className="visually-hidden">
          {status}
        </p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="cart-drawer-body">
          {!head ? (
            <p>{cartText.loading}</p>
          ) : items.length === 0 ? (
            <p className="cart-empty">{cartText.empty}</p>
          ) : (
            <>
              <ul className="cart-items" aria-label={cartText.itemsLabel}>
                {items.map((item) => (
                  <CartLine key={lineKey(item)} item={item} busy={busy} onChange={changeQuantity} />
                ))}
              </ul>
              {items.some((i) => i.subscriptionInterval) && <SubscriptionAccountNotice api={api} />}
              {/* SPEC §2: one item recommends by its product, several by the list. */}
              {ids.length === 1 ? (
                <Recommendations kind="product" type="related" productId={ids[0]!} title={cartText.recommendations} />
              ) : (
                <Recommendations kind="products" type="after_basket" productIds={ids} title={cartText.recommendations} />
              )}
            </>
          )}
        </div>
        {items.length > 0 && (
          <div className="cart-drawer-foot">
            <p className="cart-total">
              <span>{cartText.total}</span> <strong>{formatDkk(head?.cart.totalCost ?? 0)}</strong>
            </p>
            <a
              className="button cart-checkout"
              href="/checkout"
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                onCheckout();
              }}
            >
              {cartText.checkout}
            </a>
            <button type="button" className="link-button" data-focus-key="empty" disabled={busy} onClick={emptyCart}>
              {cartText.emptyCart}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function CartLine({ item, busy, onChange }: { item: CartItem; busy: boolean; onChange: (item: CartItem, quantity: number, focusKey: string) => void }) {
  const key = lineKey(item);
  const name = item.articleDescription;
  const eye = item.prescription && item.eye ? [{ label: LENS_EYE_LABEL, value: lensEyeText(item.eye) }] : [];
  const rx = [...eye, ...(item.prescription ? contactLensLines(item.prescription) : []), ...(item.prescriptionGlasses ? glassesLines(item.prescriptionGlasses) : [])];
  const campaign = item.price.isCampaign && item.price.ordinaryPrice > item.price.amount;
  return (
    <li className="cart-item">
      <img className="cart-item-image" src={item.media} alt="" width={96} height={96} loading="lazy" />
      <div className="cart-item-info">
        <p className="cart-item-name">
          {item.brand && <span className="cart-item-brand">{item.brand} </span>}
          {name}
        </p>
        <p className="cart-item-meta">{item.ref}</p>
        <p className="cart-item-meta">
          {cartText.ref} {item.skuId}
        </p>
        {item.subscriptionInterval && <p className="cart-item-meta">{subscriptionIntervalText(item.subscriptionInterval)}</p>}
        {rx.length > 0 && (
          <p className="cart-item-meta cart-item-rx">
            {rx.map((l) => (
              <span key={l.label}>
                {l.label}: {l.value}
              </span>
            ))}
          </p>
        )}
        <p className="cart-item-price">
          {campaign ? (
            <>
              <span className="sale">{formatDkk(item.price.amount * item.quantity)}</span>{' '}
              <s>
                <span className="visually-hidden">{cartText.priceBefore} </span>
                {formatDkk(item.price.ordinaryPrice * item.quantity)}
              </s>
            </>
          ) : (
            formatDkk(item.price.amount * item.quantity)
          )}
        </p>
        {item.isEditAble ? (
          <div className="cart-qty" role="group" aria-label={`${cartText.quantity}: ${name}`}>
            <button type="button" className="secondary" data-focus-key={`${key}:minus`} disabled={busy} aria-label={item.quantity === 1 ? cartText.remove(name) : cartText.decrease(name)} onClick={() => onChange(item, item.quantity - 1, `${key}:minus`)}>
              −
            </button>
            <span className="cart-qty-value">
              <span className="visually-hidden">{cartText.quantity} </span>
              {item.quantity}
            </span>
            {canIncreaseQuantity(item) && (
              <button type="button" className="secondary" data-focus-key={`${key}:plus`} disabled={busy} aria-label={cartText.increase(name)} onClick={() => onChange(item, item.quantity + 1, `${key}:plus`)}>
                +
              </button>
            )}
          </div>
        ) : (
          <p className="cart-item-meta">
            {cartText.quantity}: {item.quantity}
          </p>
        )}
        {item.isEditAble && !canIncreaseQuantity(item) && <p className="cart-item-meta">{cartText.maxReached}</p>}
      </div>
    </li>
  );
}
