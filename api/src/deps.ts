import type { Logger } from 'pino';
import type { CarrierDirectory } from './ports/carrier';
import type { EidProvider } from './ports/eid';
import type { Mailer } from './ports/mail';
import type { PaymentProvider } from './ports/payments';
import type { SmsSender } from './ports/sms';
import type { Storage } from './storage/port';
import type { Coordination } from './coordination/port';

/** Wall clock as a port so tests can move time (session expiry, rate-limit windows). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppConfig {
  /** Secret for cookie signing and at-rest encryption keys (derived per purpose). */
  secret: string;
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
}
