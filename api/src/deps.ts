import type { Logger } from 'pino';
import type { DataKeyRing } from './crypto/keys';
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
import type { WidgetEventLog } from './modules/widget/event-log';
import type { ImageResizer } from './modules/images/resizer';

// The clock lives with the other ports (ports/eid.ts needs it, and ports import nothing from here).
export { systemClock, type Clock } from './ports/clock';

export interface AppConfig {
  /**
   * Demo mode (`DEMO`): the simulators' own pages (the MitID simulator under /api/eid/sim) are
   * mounted, missing ports fall back to their simulators, and /api/meta tells the apps to show
   * their "Demo" marker. Off: no simulator route exists and every port must be given.
   */
  demo: boolean;
  /** Secret for cookie signing, tokens and HMACs. */
  secret: string;
  /**
   * The legacy data key: opens personal data sealed before the key ring (`v1` values) and keys
   * the legacy CPR blind index. `DATA_ENCRYPTION_LEGACY_SECRET` (a former DATA_ENCRYPTION_KEY),
   * else the app secret, as it always was.
   */
  dataKey?: string;
  /**
   * The data-key ring (`DATA_ENCRYPTION_KEY`, `_KEY_ID`, `_OLD_KEYS`, crypto/keys.ts): new CPR
   * numbers and prescriptions are sealed under its current key, with the key's id in the value.
   * Absent (tests): only the legacy key, as before the ring.
   */
  dataKeys?: DataKeyRing;
  /** Cookies get `Secure` when the shop is served over https. */
  secureCookies: boolean;
  /** Session lifetime for customers and store staff, in ms. */
  sessionTtlMs: number;
  /** Login attempts per window per IP+account before 429. */
  loginRateLimit: { windowMs: number; max: number };
  /** Express's 'trust proxy': the hops (count or addresses) trusted to name the client; default loopback (TRUST_PROXY). */
  trustProxy?: number | false | string[];
  /** Where the shop is reached, for links in e-mails and SMS (demo mode: see http/public-url.ts). */
  publicWebUrl: string;
  /** Where the store app is reached (default http://localhost:5174). */
  publicStoreUrl?: string;
  /** Origins besides the shop's whose pages may call /v2 (CORS). */
  widgetOrigins?: string[];
  /** Create-events calls per client address per window (default 30 a minute; modules/widget/routes.ts). */
  widgetEventRateLimit?: { windowMs: number; max: number };
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
  /** The raw widget events' bounded log (embedded store: JSONL files in DATA_DIR); the store's widgetEvents collection when absent. */
  widgetEventLog?: WidgetEventLog;
  /** The resized images' disk cache and resize queue (DATA_DIR/image-cache); a folder under the OS temp dir when absent. */
  imageResizer?: ImageResizer;
}
