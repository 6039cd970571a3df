import { useAtomValue, useSetAtom } from 'jotai';
import { useRouter } from '@tanstack/react-router';
import { api } from '../../api';
import { clearCartAtom } from '../cart';
import { CheckoutConfirmation } from './checkout-confirmation';
import { CheckoutPage } from './checkout-page';
import { placedOrderAtom } from './checkout-state';

/** /checkout: on payment the cart badge is cleared and the confirmation route shows the order. */
export function CheckoutRoute() {
  const router = useRouter();
  const setPlaced = useSetAtom(placedOrderAtom);
  const clearCart = useSetAtom(clearCartAtom);
  return (
    <CheckoutPage
      api={api}
      onPaid={(placed) => {
        setPlaced(placed);
        clearCart();
        void router.navigate({ href: '/checkout/bekraeftelse', replace: true });
      }}
    />
  );
}

/** /checkout/bekraeftelse */
export function CheckoutConfirmationRoute() {
  return <CheckoutConfirmation placed={useAtomValue(placedOrderAtom)} />;
}
