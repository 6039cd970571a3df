import path from 'node:path';
import { pino } from 'pino';
import { buildAdapters, checkAdapters } from './adapters';
import { createApp } from './app';
import { loadConfig } from './config';
import { systemClock } from './deps';
import { startHourlyJob } from './hourly-job';
import { seedIfEmpty } from './seed/index';
import { openLowdbStorage } from './storage/lowdb';
import type { Storage } from './storage/port';
import { allCollections } from './collections';
import { createMemoryCoordination } from './coordination/memory';
import type { Coordination } from './coordination/port';
import { createPostgresCoordination } from './coordination/postgres';
import { openPostgresStorage } from './storage/postgres';
import { openFileEventLog, storageEventLog } from './modules/widget/event-log';
import { ImageResizer } from './modules/images/resizer';

const config = await loadConfig();
const logger = pino({ level: config.logLevel, base: { service: 'optik-api' } });
try {
  // Production (DEMO=0, or NODE_ENV=production without DEMO=1) starts only with a real adapter for every outside service.
  checkAdapters(config);
} catch (err) {
  logger.fatal((err as Error).message);
  process.exit(1);
}
if (config.app.demo) logger.info('demotilstand (DEMO=1): MitID, betalinger, SMS og de andre eksterne tjenester er simulerede');

let storage: Storage;
let snapshotAfterSeed: (() => Promise<string>) | null = null;
let coordination: Coordination & { close?: () => Promise<void> };
try {
  if (config.storageUrl) {
    // Several instances share one PostgreSQL: data, sessions, limits, locks and job leases live there.
    storage = await openPostgresStorage({ url: config.storageUrl, collections: allCollections, logger, poolSize: config.dbPoolSize });
    coordination = createPostgresCoordination({ url: config.storageUrl, logger, poolSize: config.dbPoolSize });
  } else {
    // Rotating snapshots in DATA_DIR/backup (PostgreSQL's backups are the database's own: pg_dump).
    const embedded = await openLowdbStorage({ dir: config.dataDir, collections: allCollections, logger, backups: config.backups });
    storage = embedded;
    snapshotAfterSeed = () => embedded.snapshot();
    coordination = createMemoryCoordination();
  }
} catch (err) {
  // A corrupt data file or an unreachable database stops the server loudly, naming what failed (never a password).
  logger.fatal({ err }, (err as Error).message);
  process.exit(1);
}

// Demo data (known demo passwords among it) only ever goes into a demo store; a production store
// starts from what the chain imports.
const seeded = config.app.demo ? await seedIfEmpty(storage, (msg) => logger.info(msg), { secret: config.app.secret }) : { seeded: false, counts: {} };
if (!config.app.demo && (await storage.isEmpty())) logger.warn('lageret er tomt: der lægges ingen demodata i et produktionslager – importér katalog, butikker og medarbejdere');
// The first start's backup holds the seeded data (a later start took one when it opened).
if (seeded.seeded) await snapshotAfterSeed?.();
const where = config.storageUrl ? 'PostgreSQL' : config.dataDir;
if (seeded.seeded) logger.info({ counts: seeded.counts }, `demodata lagt i ${where}`);

// Real adapters where configured; in demo mode the simulators and local outboxes (DATA_DIR/mail, DATA_DIR/sms) for the rest.
// Raw widget events: on PostgreSQL its append-only table, on the embedded store JSONL files beside
// the data (never the journalled store); both bounded by WIDGET_EVENTS_MAX_MB and the 90 days.
const widgetEventLog = config.storageUrl
  ? storageEventLog(storage, { maxBytes: config.widgetEventsMaxBytes })
  : await openFileEventLog({ dir: path.join(config.dataDir, 'widget-events'), maxBytes: config.widgetEventsMaxBytes });
// Resized images: a bounded queue and a disk cache per instance (IMAGE_CACHE_MAX_MB).
const imageResizer = new ImageResizer({ dir: path.join(config.dataDir, 'image-cache'), maxBytes: config.imageCacheMaxBytes });
const { app, services } = createApp({ storage, coordination, clock: systemClock, config: config.app, logger, widgetEventLog, imageResizer, ...buildAdapters(config, storage, systemClock) });
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
