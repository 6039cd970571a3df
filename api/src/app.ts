import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './deps';
import { errorHandler, notFoundHandler } from './http/errors';
import { authRoutes } from './modules/auth/routes';
import { accountFeatureRoutes } from './modules/auth/account-routes';
import { AuthService } from './modules/auth/service';
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
import { CustomerService } from './modules/customers/service';
import { staffRoutes } from './modules/staff/routes';
import { SyncService } from './modules/sync/service';
import { PrescriptionService } from './modules/prescriptions/service';
import { OrderService } from './modules/orders/service';
import { paymentRoutes } from './modules/payments/routes';
import { PaymentService } from './modules/payments/service';
import { RequisitionService } from './modules/requisitions/service';
import { widgetRoutes } from './modules/widget/routes';
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
import { createLocalLifestylePlatform, lifestyleMaintenanceFromEnv } from './ports/lifestyle';
import { friendsRoutes } from './modules/friends/routes';
import { FriendsService } from './modules/friends/service';
import { bookingRoutes } from './modules/booking/routes';
import { BookingService } from './modules/booking/service';
import { companyRoutes } from './modules/company/routes';
import { CompanyService } from './modules/company/service';
import { createLocalCompanyRegistry } from './ports/company-registry';

export interface App {
  app: Express;
  services: { catalogue: CatalogueService; search: SearchService; cart: CartService; auth: AuthService; customers: CustomerService; sync: SyncService; payments: PaymentService; widget: WidgetService; subscriptionScheduler: SubscriptionScheduler; lifestyle: LifestyleService };
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Builds the Express app from its dependencies without listening (tests call it directly). */
export function createApp(deps: AppDeps): App {
  const { storage, clock, config, logger, mailer, sms } = deps;
  const catalogue = new CatalogueService(storage);
  const search = new SearchService(catalogue, categoryTree);
  const cart = new CartService(storage, catalogue, clock);
  const auth = new AuthService(storage, clock, config, mailer);
  const customers = new CustomerService(storage, clock, createFieldCrypto(config.secret, 'cpr'), config.secret);
  const prescriptions = new PrescriptionService(storage, clock, createFieldCrypto(config.secret, 'prescription'));
  const orders = new OrderService(storage, clock, catalogue);
  const payments = new PaymentService(storage, clock, config, mailer, sms, deps.payments);
  const company = new CompanyService(storage, clock, config, mailer, createLocalCompanyRegistry(), logger);
  const requisitions = new RequisitionService(storage, clock, (decided) => company.requisitionDecided(decided));
  const subscriptions = subscriptionsModule({ storage, clock, config, catalogue, auth, mailer, logger });
  const checkout = new CheckoutService(storage, clock, config, catalogue, deps.payments, deps.carriers ?? createLocalCarrierDirectory(), mailer, subscriptions.service);
  const widget = new WidgetService(storage, clock, catalogue, categoryTree);
  const sync = new SyncService(storage, clock, { customers, prescriptions, orders, payments, requisitions });
  const lifestyle = new LifestyleService(storage, clock, createLocalLifestylePlatform(storage, { secret: config.secret, maintenance: lifestyleMaintenanceFromEnv() }), mailer, catalogue);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');

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
  app.use(express.json({ limit: '256kb' }));
  app.use(widgetRoutes({ config, widget }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.use(catalogueRoutes(catalogue, categoryTree));
  app.use(searchRoutes(search));
  app.use(storeRoutes(new StoreFinderService(catalogue, clock)));
  app.use(shopperRoutes({ config, auth, cart }));
  app.use(cartRoutes({ config, auth, cart }));
  app.use(authRoutes({ config, auth }));
  app.use(accountFeatureRoutes({ storage, clock, config, mailer, auth, eid: deps.eid }));
  app.use(staffRoutes({ config, auth, sync, customers, prescriptions, requisitions, storage, payments }));
  app.use(paymentRoutes({ config, payments }));
  app.use(checkoutRoutes({ config, auth, checkout, storage }));
  app.use(subscriptions.routes);
  app.use(myOrdersRoutes({ config, auth, myOrders: new MyOrdersService(storage, clock, catalogue, deps.payments, mailer) }));
  app.use(invoiceRoutes({ config, auth, invoices: new InvoiceService(storage, clock, deps.payments) }));
  app.use(lifestyleRoutes({ config, auth, lifestyle }));
  app.use(friendsRoutes({ config, auth, friends: new FriendsService(storage, clock, mailer, catalogue) }));
  app.use(bookingRoutes({ config, auth, bookings: new BookingService(storage, clock, config, mailer, { friends: new FriendsService(storage, clock, mailer, catalogue) }) }));
  app.use(companyRoutes({ config, company }));
  app.use(imageRoutes(catalogue));
  app.use(sitemapRoutes({ config, catalogue, tree: categoryTree }));
  app.use(imageResizeRoutes({ config, catalogue }));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return { app, services: { catalogue, search, cart, auth, customers, sync, payments, widget, subscriptionScheduler: subscriptions.scheduler, lifestyle } };
}
