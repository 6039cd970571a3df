import { lazy, Suspense, useRef } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { badgeLabel } from '@optik/shared';
import { useLocation, useRouter } from '@tanstack/react-router';
import { api } from '../../api';
import type { CartDrawerProps } from './cart-drawer';
import { cartCountAtom, cartOpenAtom, useCartSync, type CartApi } from './cart-state';
import { cartText } from './messages';

// The drawer's code loads when it first opens (first-load budget).
const CartDrawer = lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer })));

/** SPEC §2: the cart toggle is hidden on /checkout and /checkout/*. */
export function isCheckoutPath(pathname: string): boolean {
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}

export interface CartHeaderProps {
  api: CartApi;
  /** Checkout routes show neither the toggle nor the drawer, but the cart state is still kept. */
  hidden: boolean;
  onCheckout: () => void;
  Recommendations?: CartDrawerProps['Recommendations'];
}

/** Header cart toggle with the item-count badge (SPEC §9 cap 9) and the drawer it opens. */
export function CartHeader({ api, hidden, onCheckout, Recommendations }: CartHeaderProps) {
  useCartSync(api, { allowOpen: !hidden });
  const [open, setOpen] = useAtom(cartOpenAtom);
  const count = useAtomValue(cartCountAtom);
  const toggleRef = useRef<HTMLButtonElement>(null);
  if (hidden) return null;
  const badge = badgeLabel(count);
  return (
    <>
      <button ref={toggleRef} type="button" className="cart-toggle" aria-haspopup="dialog" aria-expanded={open} aria-label={cartText.toggleLabel(badge, count)} onClick={() => setOpen(!open)}>
        {cartText.toggle}
        {badge && ' '}
        {badge && (
          <span className="cart-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
        <CartDrawer
          api={api}
          returnFocusRef={toggleRef}
          onClose={() => setOpen(false)}
          onCheckout={() => {
            setOpen(false);
            onCheckout();
          }}
          Recommendations={Recommendations}
        />
        </Suspense>
      )}
    </>
  );
}

/** The header's cart, wired to the app's client and router (layout.tsx). */
export function SiteCart() {
  const { pathname } = useLocation();
  const router = useRouter();
  return <CartHeader api={api} hidden={isCheckoutPath(pathname)} onCheckout={() => void router.navigate({ href: '/checkout' })} />;
}
