import type { Logger } from 'pino';
import type { Coordination } from '../../coordination/port';
import type { AppConfig, Clock } from '../../deps';
import type { Mailer } from '../../ports/mail';
import type { PaymentAgreements } from '../../ports/payment-agreements';
import type { Storage } from '../../storage/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import type { OrderService } from '../orders/service';
import { createSimulatedAgreements } from './agreements';
import { subscriptionRoutes } from './routes';
import { SubscriptionScheduler, type SchedulerDeps } from './scheduler';
import { SubscriptionService } from './service';

/** Lens subscriptions wired from the app's dependencies: the service, its routes and the delivery scheduler. */
export function subscriptionsModule(deps: {
  storage: Storage;
  coordination: Coordination;
  clock: Clock;
  config: AppConfig;
  catalogue: CatalogueService;
  auth: AuthService;
  orders: Pick<OrderService, 'get' | 'insert'>;
  invoices: SchedulerDeps['invoices'];
  mailer: Mailer;
  logger: Logger;
  /** The recurring payment provider; the local simulated one when absent. */
  agreements?: PaymentAgreements;
}) {
  const agreements = deps.agreements ?? createSimulatedAgreements();
  const service = new SubscriptionService(deps.storage, deps.clock, deps.catalogue, agreements);
  const scheduler = new SubscriptionScheduler({ ...deps, agreements, accounts: deps.auth });
  return { service, scheduler, routes: subscriptionRoutes({ config: deps.config, auth: deps.auth, subscriptions: service }) };
}
