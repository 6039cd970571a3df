import type { Logger } from 'pino';
import type { ExternalCalendar } from './modules/booking/external-calendar';
import type { PaymentAgreements } from './ports/payment-agreements';
import type { CarrierDirectory } from './ports/carrier';
import type { CompanyRegistry } from './ports/company-registry';
import type { LifestylePlatform } from './ports/lifestyle';
import type { EidProvider } from './ports/eid';
import type { Mailer } from './ports/mail';
import type { PaymentProvider } from './ports/payments';
import type { SmsSender } from './ports/sms';
import type { Storage } from './storage/port';
import type { Coordination } from './coordination/port';
import type { Clock } from './ports/clock';

// The clock lives with the other ports (ports/eid.ts needs it, and ports import nothing from here).
export { systemClock, type Clock } from './ports/clock';

export interface AppConfig {
  /** Secret for cookie signing, tokens and HMACs. */
  secret: string;
  /**
   * Key for personal data at rest: the encryption of CPR numbers and prescriptions and the CPR
   * blind index (keys derived per purpose). `DATA_ENCRYPTION_KEY`; the embedded store uses the
   * app secret, as it always has, so its stored data stays readable.
   */
  dataKey?: string;
  /** Cookies get `Secure` when the shop is served over https. */
  secureCookies: boolean;
  /** Session lifetime for customers and store staff, in ms. */
  sessionTtlMs: number;
  /** Login attempts per window per IP+account before 429. */
  loginRateLimit: { windowMs: number; max: number };
  /** Where the shop is reached, for links in e-mails. */
  publicWebUrl: string;
  /** Origins besides the shop's whose pages may call /v2 (CORS). */
  widgetOrigins?: string[];
}

export interface AppDeps {
  storage: Storage;
  /** Per-key locks and single flights (memory for the embedded store). */
  coordination: Coordination;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
  mailer: Mailer;
  sms: SmsSender;
  payments: PaymentProvider;
  /** Parcel-shop directory; the local one by default. */
  carriers?: CarrierDirectory;
  /** e-ID broker (OIDC); the local simulated provider when absent. */
  eid?: EidProvider;
  /** Recurring payment agreements of lens subscriptions; the local simulated provider when absent. */
  paymentAgreements?: PaymentAgreements;
  /** Stores' external booking systems; the local simulation when absent. */
  bookingCalendar?: ExternalCalendar;
  /** The company registry (CVR lookup); the seeded local registry when absent. */
  companyRegistry?: CompanyRegistry;
  /** The Lifestyle agreement platform; the local platform on this storage (never under maintenance) when absent. */
  lifestyle?: LifestylePlatform;
}
