import { lazy, Suspense } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRouter } from '@tanstack/react-router';
import { api } from '../../api';
import { useSession } from '../account/session';
import { clearCartAtom } from '../cart';
import { CheckoutPage } from './checkout-page';
import { placedOrderAtom } from './checkout-state';

/** /checkout: on payment the cart badge is cleared and the confirmation route shows the order. */
export function CheckoutRoute() {
  const router = useRouter();
  const setPlaced = useSetAtom(placedOrderAtom);
  const clearCart = useSetAtom(clearCartAtom);
  // A customer's session fills the form from the account; a visitor's checkout never loads that code.
  const [session] = useSession(api);
  return (
    <CheckoutPage
      api={api}
      signedIn={session.state === 'signed-in' && session.user.role === 'customer'}
      onPaid={(placed) => {
        setPlaced(placed);
        clearCart();
        void router.navigate({ href: '/checkout/bekraeftelse', replace: true });
      }}
    />
  );
}

/** Its own chunk: the checkout's first load does not carry the confirmation (issue 5). */
const CheckoutConfirmation = lazy(() => import('./checkout-confirmation').then((m) => ({ default: m.CheckoutConfirmation })));

/** /checkout/bekraeftelse */
export function CheckoutConfirmationRoute() {
  const placed = useAtomValue(placedOrderAtom);
  return (
    <Suspense fallback={null}>
      <CheckoutConfirmation placed={placed} />
    </Suspense>
  );
}
