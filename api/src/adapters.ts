import path from 'node:path';
import type { ServerConfig } from './config';
import type { AppDeps } from './deps';
import { createSimulatedExternalCalendar } from './modules/booking/external-calendar';
import { EID_CALLBACK_PATH } from './modules/auth/eid-service';
import { isAllowedDemoHost } from './http/public-url';
import { createLocalLifestylePlatform } from './modules/lifestyle/local-platform';
import { createSimulatedAgreements } from './modules/subscriptions/agreements';
import { createLocalCarrierDirectory } from './ports/carrier';
import type { Clock } from './ports/clock';
import { createLocalCompanyRegistry } from './ports/company-registry';
import { createSimulatedEid } from './ports/eid';
import { createOidcEid } from './ports/eid-oidc';
import { lifestyleMaintenanceFromEnv } from './ports/lifestyle';
import { createLocalMailer, createSmtpMailer } from './ports/mail';
import { createSimulatedPayments } from './ports/payments';
import { createLocalSms } from './ports/sms';
import type { Storage } from './storage/port';

/** The adapters of every outside service the app talks to. */
export type PortAdapters = Required<Pick<AppDeps, 'mailer' | 'sms' | 'payments' | 'eid' | 'paymentAgreements' | 'bookingCalendar' | 'companyRegistry' | 'lifestyle' | 'carriers'>>;

const NO_REAL_ADAPTER = 'ingen rigtig adapter endnu';

/**
 * Each outside service: its Danish name, what its real adapter needs (null: none exists yet),
 * and whether the configuration gives one. In production every one must be real.
 */
function ports(config: ServerConfig): { name: string; needs: string; real: boolean }[] {
  return [
    { name: 'e-ID', needs: 'EID_ISSUER, EID_CLIENT_ID og EID_CLIENT_SECRET', real: config.eid !== null },
    { name: 'e-mail', needs: 'SMTP_URL', real: config.smtpUrl !== null },
    { name: 'betalinger', needs: NO_REAL_ADAPTER, real: false },
    { name: 'SMS', needs: NO_REAL_ADAPTER, real: false },
    { name: 'betalingsaftaler for abonnementer', needs: NO_REAL_ADAPTER, real: false },
    { name: 'pakkeshop-registret', needs: NO_REAL_ADAPTER, real: false },
    { name: 'CVR-registret', needs: NO_REAL_ADAPTER, real: false },
    { name: 'Lifestyle-platformen', needs: NO_REAL_ADAPTER, real: false },
    { name: 'butikkernes eksterne bookingsystemer', needs: NO_REAL_ADAPTER, real: false },
  ];
}

/** Production started without a real adapter for some outside service; the message names every one. */
export class MissingAdaptersError extends Error {
  constructor(readonly missing: string[]) {
    super(`Produktion kræver rigtige adaptere, men disse mangler: ${missing.join('; ')}. Konfigurér dem, eller start i demotilstand med DEMO=1.`);
    this.name = 'MissingAdaptersError';
  }
}

/** Production mode: throws MissingAdaptersError naming each service without a real adapter. Demo mode: never. */
export function checkAdapters(config: ServerConfig): void {
  if (config.app.demo) return;
  const missing = ports(config)
    .filter((p) => !p.real)
    .map((p) => `${p.name} (${p.needs})`);
  if (missing.length) throw new MissingAdaptersError(missing);
}

/**
 * The port adapters from the configuration: the real one where it is configured; in demo mode
 * the simulators and local outboxes stand in for the rest (SMS and mail to DATA_DIR, the MitID
 * simulator, simulated payments …). In production a missing real adapter stops the start
 * (checkAdapters) before any simulator is built.
 */
export function buildAdapters(config: ServerConfig, storage: Storage, clock: Clock): PortAdapters {
  checkAdapters(config);
  const redirectUri = `${config.app.publicWebUrl}${EID_CALLBACK_PATH}`;
  return {
    eid: config.eid ? createOidcEid({ ...config.eid, redirectUri }) : createSimulatedEid({ clock, redirectUri, allowHost: (hostname) => isAllowedDemoHost(hostname, config.app) }),
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createLocalMailer(path.join(config.dataDir, 'mail')),
    sms: createLocalSms(path.join(config.dataDir, 'sms')),
    payments: createSimulatedPayments(),
    paymentAgreements: createSimulatedAgreements(),
    bookingCalendar: createSimulatedExternalCalendar(),
    companyRegistry: createLocalCompanyRegistry(),
    carriers: createLocalCarrierDirectory(),
    // LIFESTYLE_MAINTENANCE puts the local platform under maintenance.
    lifestyle: createLocalLifestylePlatform(storage, { secret: config.app.secret, maintenance: lifestyleMaintenanceFromEnv() }),
  };
}
