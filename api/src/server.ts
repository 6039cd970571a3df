import path from 'node:path';
import { pino } from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { systemClock } from './deps';
import { startHourlyJob } from './hourly-job';
import { seedIfEmpty } from './seed/index';
import { createLocalMailer, createSmtpMailer } from './ports/mail';
import { createSimulatedPayments } from './ports/payments';
import { createLocalSms } from './ports/sms';
import { openLowdbStorage } from './storage/lowdb';
import type { Storage } from './storage/port';
import { allCollections } from './collections';
import { createMemoryCoordination } from './coordination/memory';
import type { Coordination } from './coordination/port';
import { createPostgresCoordination } from './coordination/postgres';
import { openPostgresStorage } from './storage/postgres';
import { createSimulatedExternalCalendar } from './modules/booking/external-calendar';
import { createLocalLifestylePlatform } from './modules/lifestyle/local-platform';
import { createSimulatedAgreements } from './modules/subscriptions/agreements';
import { createLocalCompanyRegistry } from './ports/company-registry';
import { lifestyleMaintenanceFromEnv } from './ports/lifestyle';

const config = await loadConfig();
const logger = pino({ level: config.logLevel, base: { service: 'optik-api' } });

let storage: Storage;
let coordination: Coordination & { close?: () => Promise<void> };
try {
  if (config.storageUrl) {
    // Several instances share one PostgreSQL: data, sessions, limits, locks and job leases live there.
    storage = await openPostgresStorage({ url: config.storageUrl, collections: allCollections, logger, poolSize: config.dbPoolSize });
    coordination = createPostgresCoordination({ url: config.storageUrl, logger, poolSize: config.dbPoolSize });
  } else {
    storage = await openLowdbStorage({ dir: config.dataDir, collections: allCollections, logger });
    coordination = createMemoryCoordination();
  }
} catch (err) {
  // A corrupt data file or an unreachable database stops the server loudly, naming what failed (never a password).
  logger.fatal({ err }, (err as Error).message);
  process.exit(1);
}

const seeded = await seedIfEmpty(storage, (msg) => logger.info(msg), { secret: config.app.secret });
const where = config.storageUrl ? 'PostgreSQL' : config.dataDir;
if (seeded.seeded) logger.info({ counts: seeded.counts }, `demodata lagt i ${where}`);

const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createLocalMailer(path.join(config.dataDir, 'mail'));
// SMS and payments have only their local adapters today: SMS land in DATA_DIR/sms, payments go to the simulator.
const sms = createLocalSms(path.join(config.dataDir, 'sms'));
// The Lifestyle platform, recurring payment agreements, stores' external booking systems and the
// CVR registry have only their local adapters today; LIFESTYLE_MAINTENANCE puts the local platform under maintenance.
const lifestyle = createLocalLifestylePlatform(storage, { secret: config.app.secret, maintenance: lifestyleMaintenanceFromEnv() });
const { app, services } = createApp({
  storage,
  coordination,
  clock: systemClock,
  config: config.app,
  logger,
  mailer,
  sms,
  payments: createSimulatedPayments(),
  paymentAgreements: createSimulatedAgreements(),
  bookingCalendar: createSimulatedExternalCalendar(),
  companyRegistry: createLocalCompanyRegistry(),
  lifestyle,
});
// Hourly jobs, each run once an hour by one of the instances sharing the storage (a lease in it), starting now.
const jobs = { storage, clock: systemClock, logger };
const stopJobs = [
  // Lens subscription deliveries (SPEC §3; the scheduler is idempotent).
  services.subscriptionScheduler.start(systemClock),
  // Lifestyle agreements: monthly invoices, activation and termination on their dates (idempotent).
  startHourlyJob(() => services.lifestyle.runDue(), { ...jobs, name: 'lifestyle-monthly', failure: 'lifestyle: månedskørsel mislykkedes' }),
  // Widget events and searches older than 90 days go; events from before the shared popularity counters are counted into them.
  startHourlyJob(() => services.widget.housekeeping(), { ...jobs, name: 'widget-housekeeping', failure: 'widget: oprydning mislykkedes' }),
  // Rate-limit counters whose window has ended.
  startHourlyJob(() => services.rateLimits.removeExpired(), { ...jobs, name: 'rate-limit-cleanup', failure: 'rate limits: oprydning mislykkedes' }),
];
// Warm the catalogue and search index before the first request.
await services.search.search('briller');

const server = app.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  logger.info(`API klar på http://localhost:${port} (data: ${where})`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(`${signal}: lukker ned`);
  for (const stop of stopJobs) stop();
  // Requests under way finish (a rolling restart behind the proxy loses none), idle keep-alive
  // connections close; after 10 s the rest are cut.
  await new Promise<void>((resolve) => {
    const cut = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, 10_000);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
  await storage.close();
  await coordination.close?.();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
