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
import { createSimulatedExternalCalendar } from './modules/booking/external-calendar';
import { createLocalLifestylePlatform } from './modules/lifestyle/local-platform';
import { createSimulatedAgreements } from './modules/subscriptions/agreements';
import { createLocalCompanyRegistry } from './ports/company-registry';
import { lifestyleMaintenanceFromEnv } from './ports/lifestyle';

const config = await loadConfig();
const logger = pino({ level: config.logLevel, base: { service: 'optik-api' } });

let storage: Storage;
try {
  storage = await openLowdbStorage({ dir: config.dataDir, collections: allCollections, logger });
} catch (err) {
  // A corrupt data file must stop the server loudly, naming the file and its backup.
  logger.fatal({ err }, (err as Error).message);
  process.exit(1);
}

const seeded = await seedIfEmpty(storage, (msg) => logger.info(msg), { secret: config.app.secret });
if (seeded.seeded) logger.info({ counts: seeded.counts }, `demodata lagt i ${config.dataDir}`);

const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createLocalMailer(path.join(config.dataDir, 'mail'));
// SMS and payments have only their local adapters today: SMS land in DATA_DIR/sms, payments go to the simulator.
const sms = createLocalSms(path.join(config.dataDir, 'sms'));
// The Lifestyle platform, recurring payment agreements, stores' external booking systems and the
// CVR registry have only their local adapters today; LIFESTYLE_MAINTENANCE puts the local platform under maintenance.
const lifestyle = createLocalLifestylePlatform(storage, { secret: config.app.secret, maintenance: lifestyleMaintenanceFromEnv() });
const { app, services } = createApp({
  storage,
  coordination: createMemoryCoordination(),
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
// Lens subscription deliveries: due ones now, then every hour (SPEC §3; the scheduler is idempotent).
const stopSubscriptionScheduler = services.subscriptionScheduler.start(systemClock);
// Lifestyle agreements: monthly invoices, activation and termination on their dates — now, then every hour (idempotent).
const stopLifestyle = startHourlyJob(() => services.lifestyle.runDue(), { logger, failure: 'lifestyle: månedskørsel mislykkedes' });
// Warm the catalogue and search index before the first request.
await services.search.search('briller');

const server = app.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  logger.info(`API klar på http://localhost:${port} (data: ${config.dataDir})`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(`${signal}: lukker ned`);
  stopSubscriptionScheduler();
  stopLifestyle();
  server.close();
  await storage.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
