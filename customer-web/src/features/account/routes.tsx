import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/**
 * My Pages and the account screens (SPEC §2 /min-konto/*, /abonnement/*, /gavekort,
 * /fortrodmig). Each screen's code loads when it is first visited. A feature adds its routes
 * here, one line each.
 */
export function accountRoutes(root: AnyRoute) {
  const page = (path: string, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
    createRoute({ getParentRoute: () => root, path, component: lazyRouteComponent(load, name) });
  return [
    page('/min-konto', () => import('./overview'), 'AccountOverview'),
    page('/min-konto/abonnement', () => import('./subscriptions/subscription-list'), 'SubscriptionListPage'),
    page('/min-konto/abonnement/linse/$subscriptionId', () => import('./subscriptions/lens-subscription'), 'LensSubscriptionPage'),
    page('/min-konto/abonnement/linse/$subscriptionId/nyt-produkt', () => import('./subscriptions/add-product'), 'AddProductListPage'),
    page('/min-konto/abonnement/linse/$subscriptionId/nyt-produkt/$articleId', () => import('./subscriptions/add-product'), 'AddProductPage'),
    page('/min-konto/abonnement/linse/$subscriptionId/opdater-betaling', () => import('./subscriptions/update-payment'), 'UpdatePaymentPage'),
    page('/min-konto/abonnement/briller/$subscriptionId', () => import('./lifestyle/agreement-page'), 'AgreementPage'),
    page('/min-konto/abonnement/briller/$subscriptionId/aftale', () => import('./lifestyle/documents-page'), 'DocumentsPage'),
    page('/min-konto/abonnement/briller/$subscriptionId/aftale/$documentId', () => import('./lifestyle/documents-page'), 'DocumentPage'),
    page('/min-konto/abonnement/briller/$subscriptionId/fordele', () => import('./lifestyle/perks-page'), 'PerksPage'),
    page('/min-konto/abonnement/forbind-til-lifestyle', () => import('./lifestyle/connect-page'), 'ConnectPage'),
    page('/fortrodmig', () => import('./lifestyle/cancel-page'), 'CancelPage'),
    page('/fortrodmig/bekræftelse', () => import('./lifestyle/cancel-page'), 'CancelConfirmationPage'),
    page('/min-konto/friends', () => import('./friends/friends-page'), 'FriendsPage'),
    page('/gavekort', () => import('./gift-card/gift-card-page'), 'GiftCardPage'),
    page('/min-konto/ordrer', () => import('./orders/orders-page'), 'OrdersPage'),
    page('/min-konto/ordrer/$orderId', () => import('./orders/order-page'), 'OrderPage'),
    page('/min-konto/ordrer/$orderId/returnering', () => import('./orders/return-page'), 'ReturnPage'),
    page('/min-konto/betaling-fakturaer', () => import('./invoices/invoices-page'), 'InvoicesPage'),
    page('/min-konto/betaling-fakturaer/$id/$subId', () => import('./invoices/invoice-page'), 'InvoicePage'),
    page('/min-konto/betaling-fakturaer/$financeTypeId/inv/$id/$subscriptionId', () => import('./invoices/invoice-document'), 'InvoiceDocumentPage'),
    page('/min-konto/log-ind', () => import('./auth/login-page'), 'LoginRoute'),
    page('/min-konto/log-ind/mitid', () => import('./auth/eid-callback'), 'EidCallbackRoute'),
    page('/min-konto/log-ud', () => import('./auth/logout-page'), 'LogoutRoute'),
    page('/min-konto/registrere', () => import('./auth/register-page'), 'RegisterRoute'),
    page('/min-konto/glemt-løsen', () => import('./auth/forgot-password-page'), 'ForgotPasswordRoute'),
    page('/min-konto/opgaver', () => import('./auth/details-page'), 'AccountDetailsRoute'),
    page('/min-konto/butiksprofil', () => import('./store-link/confirm-page'), 'StoreLinkConfirmRoute'),
    page('/min-konto/bestil-tid-til-synstest', () => import('./bookings/bookings-page'), 'AccountBookingsPage'),
  ];
}
