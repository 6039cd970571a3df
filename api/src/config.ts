import { isIP } from 'node:net';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AppConfig } from './deps';
import { DATA_KEY_HEX, KEY_ID, keyMessages, OLD_KEYS_MAX } from './crypto/keys';
import { resolveSecrets } from './crypto/secrets';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /** At least 32 characters when given; otherwise one is generated once and kept in DATA_DIR. */
  APP_SECRET: z.string().min(32).optional(),
  /** postgres://… — the shared database of several API instances; without it, the embedded store in DATA_DIR. */
  STORAGE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'skal være en postgres://-adresse').optional(),
  /** Connections per instance to PostgreSQL. */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** Key for personal data at rest: 32 random bytes as 64 hex characters (crypto/keys.ts); required in production and with STORAGE_URL, generated into DATA_DIR/data.key in demo mode. */
  DATA_ENCRYPTION_KEY: z.string().regex(DATA_KEY_HEX, keyMessages.hexKey).optional(),
  /** The current key's id in sealed values (default: first 8 hex of its SHA-256). */
  DATA_ENCRYPTION_KEY_ID: z.string().regex(KEY_ID, keyMessages.keyId).optional(),
  /** Former keys, `id:hex,id:hex`, that still open values until `rotate-keys` re-seals them. */
  DATA_ENCRYPTION_OLD_KEYS: z.string().max(OLD_KEYS_MAX).optional(),
  /** What sealed `v1` values (before key ids): a former DATA_ENCRYPTION_KEY; default the app secret. */
  DATA_ENCRYPTION_LEGACY_SECRET: z.string().min(32).max(1000).optional(),
  /** Which key keys the CPR search index: a key id, or `legacy` (default in demo mode; production: the current key's id). */
  DATA_ENCRYPTION_INDEX_KEY_ID: z.string().regex(/^(legacy|[A-Za-z0-9_-]{1,16})$/, keyMessages.keyId).optional(),
  /** Embedded store: a snapshot of every data file this often (minutes) into DATA_DIR/backup/<UTC time>/; 0: only at start. */
  BACKUP_INTERVAL_MIN: z.coerce.number().min(0).max(10_080).default(60),
  /** Embedded store: snapshots kept (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(24),
  SECURE_COOKIES: z.enum(['true', 'false']).default('false'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW_MIN: z.coerce.number().positive().default(15),
  /**
   * Which proxies in front of the API are trusted to name the client (X-Forwarded-For): a number
   * of hops, or a comma-separated list of addresses/CIDRs (or loopback, linklocal, uniquelocal),
   * as Express's 'trust proxy' takes it. Default: loopback — the apps' server on this host (one hop).
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) ctx.addIssue({ code: 'custom', message: 'et antal led (fx 1), false, eller en kommasepareret liste af adresser/CIDR (fx loopback, 10.0.0.0/8)' });
      return parsed ?? false;
    }),
  /** Public address of the shop: links sent by e-mail and SMS, the e-ID return address. Demo mode takes the host name the shop was opened on (http/public-url.ts). */
  PUBLIC_WEB_URL: z.url().max(500).default('http://localhost:5173'),
  /** Public address of the store app, for links that point there. */
  PUBLIC_STORE_URL: z.url().max(500).default('http://localhost:5174'),
  /** smtp(s)://user:pass@host:port — without it, mail goes to DATA_DIR/mail as JSON files. */
  SMTP_URL: z.string().startsWith('smtp').optional(),
  /** Extra origins (comma-separated) whose pages may call the widget's /v2 API; the shop's own is always allowed. */
  WIDGET_ALLOWED_ORIGINS: z.string().default(''),
  /** Bound of the raw widget event log (embedded store: DATA_DIR/widget-events; PostgreSQL: reckoned at 1 KB an event); the oldest go first. */
  WIDGET_EVENTS_MAX_MB: z.coerce.number().positive().max(100_000).default(16),
  /** Bound of the resized images' disk cache (DATA_DIR/image-cache); the least recently used go first. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().max(100_000).default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 1: demo mode (simulators for MitID, payments, SMS …); 0: production. Unset: demo unless NODE_ENV=production. */
  DEMO: z.enum(['1', '0']).optional(),
  NODE_ENV: z.string().max(40).optional(),
  /** The e-ID broker (MitID over OpenID Connect): issuer URL, client id and secret — all three or none. */
  EID_ISSUER: z.url().max(500).optional(),
  EID_CLIENT_ID: z.string().min(1).max(200).optional(),
  EID_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** The ID token / userinfo claim that holds the CPR number (brokers differ), and the scope that asks for it. */
  EID_CPR_CLAIM: z.string().regex(/^[\w.:-]{1,100}$/, 'et claim-navn (bogstaver, tal, . : - _)').default('dk.cpr'),
  EID_CPR_SCOPE: z.string().regex(/^[\w.:-]{1,100}$/, 'et scope-navn (bogstaver, tal, . : - _)').default('cpr'),
});

/** The e-ID broker's OpenID Connect client settings (EID_*). */
export interface EidOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  cprClaim: string;
  cprScope: string;
}

export interface ServerConfig {
  smtpUrl: string | null;
  /** PostgreSQL, shared by every instance; null: the embedded store in `dataDir`. */
  storageUrl: string | null;
  dbPoolSize: number;
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  /** The raw widget event log's and the image cache's size bounds, in bytes. */
  widgetEventsMaxBytes: number;
  imageCacheMaxBytes: number;
  /** Snapshots of the embedded store (lowdb.ts); PostgreSQL's backups are the database's own (pg_dump). */
  backups: { intervalMs: number | null; keep: number };
  /** The e-ID broker; null: none configured (the simulator serves in demo mode). */
  eid: EidOidcConfig | null;
  app: AppConfig;
}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<ServerConfig> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Ugyldig konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const eidKeys = ['EID_ISSUER', 'EID_CLIENT_ID', 'EID_CLIENT_SECRET'] as const;
  const eidMissing = eidKeys.filter((k) => !e[k]);
  if (eidMissing.length && eidMissing.length < eidKeys.length) {
    throw new Error(`Ugyldig konfiguration:\n${eidMissing.map((k) => `  ${k}: skal sættes sammen med ${eidKeys.filter((o) => o !== k).join(' og ')} (alle tre eller ingen)`).join('\n')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Data, backups, outboxes and (demo) secrets: readable by the API's user only. Secrets: in
  // production and with STORAGE_URL from the environment only (every instance signs and encrypts
  // alike, nothing on disk); in demo mode generated once into DATA_DIR (crypto/secrets.ts).
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const demo = isDemo(e.DEMO, e.NODE_ENV);
  const secrets = await resolveSecrets({ env: e, dataDir, demo, sharedStorage: Boolean(e.STORAGE_URL) });
  return {
    smtpUrl: e.SMTP_URL ?? null,
    storageUrl: e.STORAGE_URL ?? null,
    dbPoolSize: e.DB_POOL_SIZE,
    backups: { intervalMs: e.BACKUP_INTERVAL_MIN > 0 ? e.BACKUP_INTERVAL_MIN * 60_000 : null, keep: e.BACKUP_KEEP },
    port: e.PORT,
    host: e.HOST,
    dataDir,
    logLevel: e.LOG_LEVEL,
    widgetEventsMaxBytes: Math.floor(e.WIDGET_EVENTS_MAX_MB * 1024 * 1024),
    imageCacheMaxBytes: Math.floor(e.IMAGE_CACHE_MAX_MB * 1024 * 1024),
    eid: e.EID_ISSUER && e.EID_CLIENT_ID && e.EID_CLIENT_SECRET ? { issuer: e.EID_ISSUER, clientId: e.EID_CLIENT_ID, clientSecret: e.EID_CLIENT_SECRET, cprClaim: e.EID_CPR_CLAIM, cprScope: e.EID_CPR_SCOPE } : null,
    app: {
      demo: isDemo(e.DEMO, e.NODE_ENV),
      secret: secrets.secret,
      dataKey: secrets.legacyDataKey,
      dataKeys: secrets.dataKeys,
      secureCookies: e.SECURE_COOKIES === 'true',
      sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
      loginRateLimit: { windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MIN * 60_000, max: e.LOGIN_RATE_LIMIT_MAX },
      trustProxy: e.TRUST_PROXY,
      publicWebUrl: e.PUBLIC_WEB_URL.replace(/\/$/, ''),
      publicStoreUrl: e.PUBLIC_STORE_URL.replace(/\/$/, ''),
      widgetOrigins: e.WIDGET_ALLOWED_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    },
  };
}

/** Demo mode: DEMO=1, or DEMO unset outside NODE_ENV=production (the README's start command and the tests). */
export function isDemo(demo: '1' | '0' | undefined, nodeEnv: string | undefined): boolean {
  return demo === undefined ? nodeEnv !== 'production' : demo === '1';
}

/**
 * TRUST_PROXY as Express's 'trust proxy' setting takes it: a hop count, false, or a list of
 * addresses/CIDRs/named ranges; null when it is none of these. `true` (trust every hop, so any
 * client could name its own address) is refused.
 */
export function parseTrustProxy(value: string): number | false | string[] | null {
  const v = value.trim();
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (v === 'false') return false;
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const ok = (x: string) => {
    if (named.has(x)) return true;
    const [addr, bits, ...rest] = x.split('/');
    if (rest.length || !addr || !isIP(addr)) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(addr) === 4 ? 32 : 128));
  };
  return list.length > 0 && list.length <= 50 && list.every(ok) ? list : null;
}
