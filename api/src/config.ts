import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AppConfig } from './deps';

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
  /** Key for personal data at rest (≥ 32 chars); required with STORAGE_URL, else the app secret serves. */
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  SECURE_COOKIES: z.enum(['true', 'false']).default('false'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_WINDOW_MIN: z.coerce.number().positive().default(15),
  /** Public address of the shop, used in links sent by e-mail. */
  PUBLIC_WEB_URL: z.url().default('http://localhost:5173'),
  /** smtp(s)://user:pass@host:port — without it, mail goes to DATA_DIR/mail as JSON files. */
  SMTP_URL: z.string().startsWith('smtp').optional(),
  /** Extra origins (comma-separated) whose pages may call the widget's /v2 API; the shop's own is always allowed. */
  WIDGET_ALLOWED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ServerConfig {
  smtpUrl: string | null;
  /** PostgreSQL, shared by every instance; null: the embedded store in `dataDir`. */
  storageUrl: string | null;
  dbPoolSize: number;
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
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
  if (e.STORAGE_URL) {
    // Every instance on the database must sign and encrypt alike: no secret made up per machine.
    const missing = (['APP_SECRET', 'DATA_ENCRYPTION_KEY'] as const).filter((k) => !e[k]);
    if (missing.length) throw new Error(`Ugyldig konfiguration:\n${missing.map((k) => `  ${k}: skal sættes, når STORAGE_URL er sat (alle instanser deler den; mindst 32 tegn)`).join('\n')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  return {
    smtpUrl: e.SMTP_URL ?? null,
    storageUrl: e.STORAGE_URL ?? null,
    dbPoolSize: e.DB_POOL_SIZE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    logLevel: e.LOG_LEVEL,
    app: {
      secret: e.APP_SECRET ?? (await localSecret(dataDir)),
      ...(e.DATA_ENCRYPTION_KEY ? { dataKey: e.DATA_ENCRYPTION_KEY } : {}),
      secureCookies: e.SECURE_COOKIES === 'true',
      sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
      loginRateLimit: { windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MIN * 60_000, max: e.LOGIN_RATE_LIMIT_MAX },
      publicWebUrl: e.PUBLIC_WEB_URL.replace(/\/$/, ''),
      widgetOrigins: e.WIDGET_ALLOWED_ORIGINS.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
    },
  };
}

/** A per-installation secret so a fresh demo needs no setup; kept beside the data it protects. */
async function localSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secret.key');
  try {
    const s = (await readFile(file, 'utf8')).trim();
    if (s.length >= 32) return s;
  } catch {
    // first start: create it below
  }
  const s = randomBytes(32).toString('base64url');
  await writeFile(file, s, { mode: 0o600 });
  return s;
}
