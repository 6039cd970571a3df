import type { Logger } from 'pino';
import type { AppConfig, Clock } from '../../deps';
import type { Mailer } from '../../ports/mail';
import type { Storage } from '../../storage/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import { createSimulatedAgreements, type PaymentAgreements } from './agreements';
import { subscriptionRoutes } from './routes';
import { SubscriptionScheduler } from './scheduler';
import { SubscriptionService } from './service';

/** Lens subscriptions wired from the app's dependencies: the service, its routes and the delivery scheduler. */
export function subscriptionsModule(deps: { storage: Storage; clock: Clock; config: AppConfig; catalogue: CatalogueService; auth: AuthService; mailer: Mailer; logger: Logger; agreements?: PaymentAgreements }) {
  const agreements = deps.agreements ?? createSimulatedAgreements();
  const service = new SubscriptionService(deps.storage, deps.clock, deps.catalogue, agreements);
  const scheduler = new SubscriptionScheduler(deps.storage, deps.catalogue, agreements, deps.mailer, deps.logger);
  return { service, scheduler, routes: subscriptionRoutes({ config: deps.config, auth: deps.auth, subscriptions: service }) };
}
