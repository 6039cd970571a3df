/** The cart feature's public surface: other features and the layout import from here only. */
export { SiteCart, CartHeader, isCheckoutPath } from './cart-header';
export { cartHeadAtom, cartOpenAtom, cartCountAtom, clearCartAtom, CART_UPDATED_EVENT, type CartApi } from './cart-state';
