import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { ApiMeta } from '@optik/shared';
import type { AppDeps } from './deps';
import { errorHandler, notFoundHandler, optionsHandler } from './http/errors';
import { isAllowedDemoHost, publicUrls } from './http/public-url';
import { authRoutes } from './modules/auth/routes';
import { accountFeatureRoutes } from './modules/auth/account-routes';
import { AccountService } from './modules/auth/account-service';
import { EID_CALLBACK_PATH, EidService } from './modules/auth/eid-service';
import { AuthService } from './modules/auth/service';
import { createSimulatedEid } from './ports/eid';
import { cartRoutes } from './modules/cart/routes';
import { CartService } from './modules/cart/service';
import { catalogueRoutes } from './modules/catalogue/routes';
import { CatalogueService } from './modules/catalogue/service';
import { categoryTree } from './modules/catalogue/tree';
import { imageRoutes } from './modules/images/routes';
import { sitemapRoutes } from './modules/catalogue/sitemap';
import { imageResizeRoutes } from './modules/images/resize';
import { searchRoutes } from './modules/search/routes';
import { storeRoutes } from './modules/stores/routes';
import { StoreFinderService } from './modules/stores/service';
import { SearchService } from './modules/search/service';
import { shopperRoutes } from './modules/shopper/routes';
import { createFieldCrypto } from './crypto/field-crypto';
import { cprIndexSecret, fieldKeysOf } from './crypto/keys';
import { CustomerService } from './modules/customers/service';
import { staffRoutes } from './modules/staff/routes';
import { SyncService } from './modules/sync/service';
import { PrescriptionService } from './modules/prescriptions/service';
import { OrderService } from './modules/orders/service';
import { GiftCardService } from './modules/gift-cards/service';
import { paymentRoutes } from './modules/payments/routes';
import { PaymentService } from './modules/payments/service';
import { RequisitionService } from './modules/requisitions/service';
import { widgetEventRoutes, widgetRoutes } from './modules/widget/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { CheckoutService } from './modules/checkout/service';
import type { SubscriptionScheduler } from './modules/subscriptions/scheduler';
import { subscriptionsModule } from './modules/subscriptions/module';
import { createLocalCarrierDirectory } from './ports/carrier';
import { WidgetService } from './modules/widget/service';
import { myOrdersRoutes } from './modules/my-orders/routes';
import { MyOrdersService } from './modules/my-orders/service';
import { invoiceRoutes } from './modules/invoices/routes';
import { InvoiceService } from './modules/invoices/service';
import { lifestyleRoutes } from './modules/lifestyle/routes';
import { LifestyleService } from './modules/lifestyle/service';
import { createLocalLifestylePlatform } from './modules/lifestyle/local-platform';
import { createSimulatedAgreements } from './modules/subscriptions/agreements';
import { createSimulatedExternalCalendar } from './modules/booking/external-calendar';
import { friendsRoutes } from './modules/friends/routes';
import { FriendsService } from './modules/friends/service';
import { bookingRoutes } from './modules/booking/routes';
import { BookingService } from './modules/booking/service';
import { companyRoutes } from './modules/company/routes';
import { CompanyService } from './modules/company/service';
import { createLocalCompanyRegistry } from './ports/company-registry';
import { RateLimitService } from './modules/rate-limits/service';
import { accessLogRoutes } from './modules/access-log/routes';
import { AccessLogService } from './modules/access-log/service';
import { accountLinkRoutes } from './modules/account-links/routes';
import { AccountLinkService } from './modules/account-links/service';

export interface App {
  app: Express;
  services: { rateLimits: RateLimitService; catalogue: CatalogueService; search: SearchService; cart: CartService; auth: AuthService; customers: CustomerService; sync: SyncService; payments: PaymentService; orders: OrderService; giftCards: GiftCardService; checkout: CheckoutService; myOrders: MyOrdersService; invoices: InvoiceService; widget: WidgetService; subscriptionScheduler: SubscriptionScheduler; lifestyle: LifestyleService; friends: FriendsService };
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Builds the Express app from its dependencies without listening (tests call it directly). */
export function createApp(deps: AppDeps): App {
  const { storage, clock, config, logger, mailer, sms } = deps;
  // Rate-limit counters live in storage, shared by every instance on it.
  const rateLimits = new RateLimitService(storage, clock, config.secret);
  const catalogue = new CatalogueService(storage);
  const search = new SearchService(catalogue, categoryTree);
  const cart = new CartService(storage, catalogue, clock);
  const auth = new AuthService(storage, clock, config, mailer, catalogue);
  const account = new AccountService(storage, clock, config, mailer, auth);
  // An outside service's adapter as given; its simulator only in demo mode (production names it missing).
  const port = <T>(given: T | undefined, name: string, simulator: () => T): T => {
    if (given) return given;
    if (config.demo) return simulator();
    throw new Error(`createApp: ${name} mangler en rigtig adapter (simulatorer kun med DEMO=1)`);
  };
  // The e-ID broker; the local simulator when none is configured.
  const eidProvider = port(deps.eid, 'e-ID', () => createSimulatedEid({ clock, redirectUri: `${config.publicWebUrl}${EID_CALLBACK_PATH}`, allowHost: (hostname) => isAllowedDemoHost(hostname, config) }));
  // Personal data at rest: sealed under the data-key ring's current key; v1 values open with the legacy key.
  const dataKeys = fieldKeysOf(config);
  // After an e-ID login the account is linked to the store customer with its CPR (account-links, built below).
  const eid = new EidService(storage, clock, config, eidProvider, auth, createFieldCrypto(dataKeys, 'cpr'), (accountId) => accountLinks.afterEidLogin(accountId));
  const customers = new CustomerService(storage, clock, createFieldCrypto(dataKeys, 'cpr'), cprIndexSecret(dataKeys), createFieldCrypto(dataKeys, 'customer-personal'));
  const prescriptions = new PrescriptionService(storage, clock, createFieldCrypto(dataKeys, 'prescription'), customers);
  const orders = new OrderService(storage, clock, catalogue, customers, prescriptions);
  const accountLinks = new AccountLinkService({ storage, clock, config, mailer, customers, orders, prescriptions, accounts: account, stores: catalogue });
  const giftCards = new GiftCardService(storage, clock, config.secret);
  const payments = new PaymentService({ storage, coordination: deps.coordination, clock, config, mailer, sms, provider: deps.payments, orders, giftCards, customers, stores: catalogue });
  const requisitions = new RequisitionService(storage, clock, (decided) => company.requisitionDecided(decided));
  const company: CompanyService = new CompanyService({ storage, clock, config, mailer, registry: port(deps.companyRegistry, 'CVR-registret', createLocalCompanyRegistry), logger, catalogue, requisitions });
  // Built before the subscriptions and Lifestyle modules, which issue invoices through it.
  const invoices = new InvoiceService(storage, deps.coordination, clock, deps.payments);
  const subscriptions = subscriptionsModule({ storage, coordination: deps.coordination, clock, config, catalogue, auth, orders, invoices, mailer, logger, agreements: port(deps.paymentAgreements, 'betalingsaftaler', createSimulatedAgreements) });
  // Bookings ask Friends for the free visit; Friends asks bookings for the frame discount's eye tests.
  const bookings: BookingService = new BookingService(storage, clock, config, mailer, catalogue, { external: port(deps.bookingCalendar, 'eksterne bookingsystemer', createSimulatedExternalCalendar), friends: { membership: (customerId) => friends.visitStatus(customerId) } });
  const friends = new FriendsService({ storage, clock, mailer, catalogue, orders, bookings, accounts: auth });
  const checkout = new CheckoutService({
    storage,
    coordination: deps.coordination,
    clock,
    catalogue,
    provider: deps.payments,
    carriers: port(deps.carriers, 'pakkeshop-registret', createLocalCarrierDirectory),
    mailer,
    cart,
    orders,
    giftCards,
    frameDiscount: friends.frameDiscount,
    subscriptions: subscriptions.service,
  });
  const widget = new WidgetService(storage, clock, catalogue, categoryTree, orders, deps.widgetEventLog);
  const myOrders = new MyOrdersService({ storage, coordination: deps.coordination, clock, catalogue, provider: deps.payments, mailer, sms, orders, giftCards, subscriptions: subscriptions.service, accounts: auth, customers, linkedStoreOrders: accountLinks });
  const sync = new SyncService(storage, clock, { customers, prescriptions, orders, payments, requisitions, bookings, myOrders, accountLinks });
  const lifestyle = new LifestyleService({
    clock,
    platform: port(deps.lifestyle, 'Lifestyle-platformen', () => createLocalLifestylePlatform(storage, { secret: config.secret })),
    mailer,
    catalogue,
    subscriptions: subscriptions.service,
    invoices,
    accounts: auth,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Only the configured hops may name the client (TRUST_PROXY); the apps' server sets the address itself.
  app.set('trust proxy', config.trustProxy ?? 'loopback');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Personal data never reaches the logs: no headers, cookies, bodies or query strings.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));
  app.use(cookieParser(config.secret));
  // Before the JSON parser: create-events reads its body with its own, smaller limit, after its rate limit.
  app.use(widgetEventRoutes({ config, widget, rateLimits }));
  app.use(express.json({ limit: '256kb' }));
  // After the body parser (its stream callbacks would leave the request's context): the public
  // addresses links and e-ID return addresses are built from.
  app.use(publicUrls(config));
  app.use(widgetRoutes({ config, widget }));
  // OPTIONS answered in JSON's terms (204 + Allow, or the JSON 404), never Express's text/plain —
  // after the widget's routers, which answer their own CORS preflights.
  app.use(optionsHandler);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Demo mode or not: the apps show their "Demo" marker by it.
  app.get('/api/meta', (_req, res) => {
    const meta: ApiMeta = { demo: config.demo };
    res.json(meta);
  });

  app.use(catalogueRoutes(catalogue, categoryTree));
  app.use(searchRoutes(search));
  app.use(storeRoutes(new StoreFinderService(catalogue, clock)));
  app.use(shopperRoutes({ config, auth, cart }));
  app.use(cartRoutes({ config, auth, cart }));
  app.use(authRoutes({ config, auth, rateLimits }));
  app.use(accountFeatureRoutes({ config, auth, account, eid, rateLimits }));
  app.use(staffRoutes({ config, auth, sync, customers, prescriptions, requisitions, orders, payments, bookings, myOrders, giftCards, rateLimits, accountLinks }));
  app.use(accessLogRoutes({ auth, accessLog: new AccessLogService(storage, clock), accounts: account, customers, stores: catalogue }));
  app.use(paymentRoutes({ config, payments, giftCards, rateLimits }));
  app.use(checkoutRoutes({ config, auth, checkout, giftCards, rateLimits }));
  app.use(subscriptions.routes);
  app.use(myOrdersRoutes({ config, auth, myOrders }));
  app.use(accountLinkRoutes({ config, auth, links: accountLinks }));
  app.use(invoiceRoutes({ config, auth, invoices }));
  app.use(lifestyleRoutes({ config, auth, lifestyle, rateLimits }));
  app.use(friendsRoutes({ config, auth, friends }));
  app.use(bookingRoutes({ config, auth, bookings }));
  app.use(companyRoutes({ config, company, rateLimits }));
  app.use(imageRoutes(catalogue));
  app.use(sitemapRoutes({ config, catalogue, tree: categoryTree }));
  app.use(imageResizeRoutes({ config, catalogue, resizer: deps.imageResizer }));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return { app, services: { rateLimits, catalogue, search, cart, auth, customers, sync, payments, orders, giftCards, checkout, myOrders, invoices, widget, subscriptionScheduler: subscriptions.scheduler, lifestyle, friends } };
}
