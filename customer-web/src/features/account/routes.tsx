import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root-route';

/**
 * My Pages and the account screens (SPEC §2 /min-konto/*, /abonnement/*, /gavekort,
 * /fortrodmig), as a tree with real parents: a path's pages hang under a parent route that only
 * renders them (no component: an outlet), so a page reads its parameters typed with
 * `useParams({ from: '<the parent's path>' })`. Each screen's code loads when it is first
 * visited. Routes are module constants: the route tree's types need them declared apart from
 * the tree (declared inline, the tree's ids widen to any and `from` is no longer checked).
 */

const account = createRoute({ getParentRoute: () => rootRoute, path: '/min-konto' });
const overview = createRoute({ getParentRoute: () => account, path: '/', component: lazyRouteComponent(() => import('./overview'), 'AccountOverview') });
const subscriptions = createRoute({ getParentRoute: () => account, path: 'abonnement' });
const subscriptionList = createRoute({ getParentRoute: () => subscriptions, path: '/', component: lazyRouteComponent(() => import('./subscriptions/subscription-list'), 'SubscriptionListPage') });
const lens = createRoute({ getParentRoute: () => subscriptions, path: 'linse/$subscriptionId' });
const lensPage = createRoute({ getParentRoute: () => lens, path: '/', component: lazyRouteComponent(() => import('./subscriptions/lens-subscription'), 'LensSubscriptionPage') });
const lensAddProduct = createRoute({ getParentRoute: () => lens, path: 'nyt-produkt' });
const lensAddProductList = createRoute({ getParentRoute: () => lensAddProduct, path: '/', component: lazyRouteComponent(() => import('./subscriptions/add-product'), 'AddProductListPage') });
const lensAddProductArticle = createRoute({ getParentRoute: () => lensAddProduct, path: '$articleId', component: lazyRouteComponent(() => import('./subscriptions/add-product'), 'AddProductPage') });
const lensPayment = createRoute({ getParentRoute: () => lens, path: 'opdater-betaling', component: lazyRouteComponent(() => import('./subscriptions/update-payment'), 'UpdatePaymentPage') });
const glasses = createRoute({ getParentRoute: () => subscriptions, path: 'briller/$subscriptionId' });
const glassesPage = createRoute({ getParentRoute: () => glasses, path: '/', component: lazyRouteComponent(() => import('./lifestyle/agreement-page'), 'AgreementPage') });
const glassesAgreement = createRoute({ getParentRoute: () => glasses, path: 'aftale' });
const glassesDocuments = createRoute({ getParentRoute: () => glassesAgreement, path: '/', component: lazyRouteComponent(() => import('./lifestyle/documents-page'), 'DocumentsPage') });
const glassesDocument = createRoute({ getParentRoute: () => glassesAgreement, path: '$documentId', component: lazyRouteComponent(() => import('./lifestyle/documents-page'), 'DocumentPage') });
const glassesPerks = createRoute({ getParentRoute: () => glasses, path: 'fordele', component: lazyRouteComponent(() => import('./lifestyle/perks-page'), 'PerksPage') });
const connect = createRoute({ getParentRoute: () => subscriptions, path: 'forbind-til-lifestyle', component: lazyRouteComponent(() => import('./lifestyle/connect-page'), 'ConnectPage') });
const friends = createRoute({ getParentRoute: () => account, path: 'friends', component: lazyRouteComponent(() => import('./friends/friends-page'), 'FriendsPage') });
const orders = createRoute({ getParentRoute: () => account, path: 'ordrer' });
const ordersPage = createRoute({ getParentRoute: () => orders, path: '/', component: lazyRouteComponent(() => import('./orders/orders-page'), 'OrdersPage') });
const order = createRoute({ getParentRoute: () => orders, path: '$orderId' });
const orderPage = createRoute({ getParentRoute: () => order, path: '/', component: lazyRouteComponent(() => import('./orders/order-page'), 'OrderPage') });
const orderReturn = createRoute({ getParentRoute: () => order, path: 'returnering', component: lazyRouteComponent(() => import('./orders/return-page'), 'ReturnPage') });
const invoices = createRoute({ getParentRoute: () => account, path: 'betaling-fakturaer' });
const invoicesPage = createRoute({ getParentRoute: () => invoices, path: '/', component: lazyRouteComponent(() => import('./invoices/invoices-page'), 'InvoicesPage') });
const invoicePage = createRoute({ getParentRoute: () => invoices, path: '$id/$subId', component: lazyRouteComponent(() => import('./invoices/invoice-page'), 'InvoicePage') });
const invoiceDocument = createRoute({ getParentRoute: () => invoices, path: '$financeTypeId/inv/$id/$subscriptionId', component: lazyRouteComponent(() => import('./invoices/invoice-document'), 'InvoiceDocumentPage') });
const login = createRoute({ getParentRoute: () => account, path: 'log-ind' });
const loginPage = createRoute({ getParentRoute: () => login, path: '/', component: lazyRouteComponent(() => import('./auth/login-page'), 'LoginRoute') });
const eidCallback = createRoute({ getParentRoute: () => login, path: 'mitid', component: lazyRouteComponent(() => import('./auth/eid-callback'), 'EidCallbackRoute') });
const logout = createRoute({ getParentRoute: () => account, path: 'log-ud', component: lazyRouteComponent(() => import('./auth/logout-page'), 'LogoutRoute') });
const register = createRoute({ getParentRoute: () => account, path: 'registrere', component: lazyRouteComponent(() => import('./auth/register-page'), 'RegisterRoute') });
const forgotPassword = createRoute({ getParentRoute: () => account, path: 'glemt-løsen', component: lazyRouteComponent(() => import('./auth/forgot-password-page'), 'ForgotPasswordRoute') });
const details = createRoute({ getParentRoute: () => account, path: 'opgaver', component: lazyRouteComponent(() => import('./auth/details-page'), 'AccountDetailsRoute') });
const storeLink = createRoute({ getParentRoute: () => account, path: 'butiksprofil', component: lazyRouteComponent(() => import('./store-link/confirm-page'), 'StoreLinkConfirmRoute') });
const bookings = createRoute({ getParentRoute: () => account, path: 'bestil-tid-til-synstest', component: lazyRouteComponent(() => import('./bookings/bookings-page'), 'AccountBookingsPage') });
const cancel = createRoute({ getParentRoute: () => rootRoute, path: '/fortrodmig' });
const cancelPage = createRoute({ getParentRoute: () => cancel, path: '/', component: lazyRouteComponent(() => import('./lifestyle/cancel-page'), 'CancelPage') });
const cancelConfirmation = createRoute({ getParentRoute: () => cancel, path: 'bekræftelse', component: lazyRouteComponent(() => import('./lifestyle/cancel-page'), 'CancelConfirmationPage') });
const giftCard = createRoute({ getParentRoute: () => rootRoute, path: '/gavekort', component: lazyRouteComponent(() => import('./gift-card/gift-card-page'), 'GiftCardPage') });

export const accountRoutes = [
  account.addChildren([
    overview,
    subscriptions.addChildren([
      subscriptionList,
      lens.addChildren([lensPage, lensAddProduct.addChildren([lensAddProductList, lensAddProductArticle]), lensPayment]),
      glasses.addChildren([glassesPage, glassesAgreement.addChildren([glassesDocuments, glassesDocument]), glassesPerks]),
      connect,
    ]),
    friends,
    orders.addChildren([ordersPage, order.addChildren([orderPage, orderReturn])]),
    invoices.addChildren([invoicesPage, invoicePage, invoiceDocument]),
    login.addChildren([loginPage, eidCallback]),
    logout,
    register,
    forgotPassword,
    details,
    bookings,
    storeLink,
  ]),
  cancel.addChildren([cancelPage, cancelConfirmation]),
  giftCard,
] as const;
