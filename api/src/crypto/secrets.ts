import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDataKeyRing, DATA_KEY_HEX, type DataKeyRing, type KeyIssue } from './keys';

export interface SecretsEnv {
  APP_SECRET?: string | undefined;
  DATA_ENCRYPTION_KEY?: string | undefined;
  DATA_ENCRYPTION_KEY_ID?: string | undefined;
  DATA_ENCRYPTION_OLD_KEYS?: string | undefined;
  DATA_ENCRYPTION_LEGACY_SECRET?: string | undefined;
  DATA_ENCRYPTION_INDEX_KEY_ID?: string | undefined;
}

export interface Secrets {
  /** Signs cookies, CSRF tokens and links (APP_SECRET). */
  secret: string;
  /** Opens v1 values (sealed before the ring) and keys the legacy CPR index: DATA_ENCRYPTION_LEGACY_SECRET, else the app secret. */
  legacyDataKey: string;
  dataKeys: DataKeyRing;
}

/** Stops start-up: every issue names its variable. */
export class SecretsConfigError extends Error {
  constructor(readonly issues: KeyIssue[]) {
    super(`Ugyldig konfiguration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'SecretsConfigError';
  }
}

/**
 * The app secret and the data-key ring.
 *
 * - Production (not demo) and shared storage (`STORAGE_URL`): both come from the environment;
 *   nothing is generated or written to disk, and a missing one stops start-up by name.
 * - Demo mode on the embedded store: a missing one is generated once into DATA_DIR
 *   (`secret.key`, `data.key`, mode 0600), so the README's start works from a clean checkout.
 *   A demo data folder from before the ring (only `secret.key`) keeps opening its CPR numbers:
 *   its values are v1 (legacy = the app secret) and its CPR index stays keyed by the app secret.
 */
export async function resolveSecrets(opts: { env: SecretsEnv; dataDir: string; demo: boolean; sharedStorage: boolean }): Promise<Secrets> {
  const { env, dataDir, demo, sharedStorage } = opts;
  const generate = demo && !sharedStorage;
  if (!generate) {
    const why = sharedStorage ? 'skal sættes, når STORAGE_URL er sat (alle instanser deler den)' : 'skal sættes i produktion (NODE_ENV=production uden DEMO=1): hemmeligheder skrives aldrig på disken';
    const missing = (['APP_SECRET', 'DATA_ENCRYPTION_KEY'] as const).filter((k) => !env[k]);
    if (missing.length) {
      const hint = { APP_SECRET: 'mindst 32 tegn, fx `openssl rand -base64 32`', DATA_ENCRYPTION_KEY: '64 hex-tegn, fx `openssl rand -hex 32`' };
      throw new SecretsConfigError(missing.map((k) => ({ variable: k, message: `${why}; ${hint[k]}` })));
    }
  }
  const secret = env.APP_SECRET ?? (await localFile(path.join(dataDir, 'secret.key'), (s) => s.length >= 32, () => randomBytes(32).toString('base64url')));
  const dataKeyHex = env.DATA_ENCRYPTION_KEY ?? (await localFile(path.join(dataDir, 'data.key'), (s) => DATA_KEY_HEX.test(s), () => randomBytes(32).toString('hex')));
  const parsed = parseDataKeyRing({
    key: dataKeyHex,
    id: env.DATA_ENCRYPTION_KEY_ID,
    oldKeys: env.DATA_ENCRYPTION_OLD_KEYS,
    indexKeyId: env.DATA_ENCRYPTION_INDEX_KEY_ID,
    // A demo's CPR index has always been keyed by its app secret; a production installation's by its data key.
    defaultIndex: generate ? 'legacy' : 'current',
  });
  if ('issues' in parsed) throw new SecretsConfigError(parsed.issues);
  return { secret, legacyDataKey: env.DATA_ENCRYPTION_LEGACY_SECRET ?? secret, dataKeys: parsed.ring };
}

/**
 * A secret kept in DATA_DIR for the demo: read when present and valid, else created once
 * (exclusively: a second process starting at the same moment reads the first one's). Mode 0600,
 * also for a file an older version created with looser permissions.
 */
async function localFile(file: string, valid: (s: string) => boolean, make: () => string): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const s = (await readFile(file, 'utf8')).trim();
      if (valid(s)) {
        if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
        return s;
      }
      // Empty: a crash between creating and writing it; nothing can have been sealed with it.
      if (s === '') await unlink(file);
      else throw new SecretsConfigError([{ variable: path.basename(file), message: `${file} har ikke det forventede indhold; ret eller fjern filen (data krypteret med den kan ellers ikke læses)` }]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const s = make();
    try {
      await writeFile(file, s, { mode: 0o600, flag: 'wx' });
      return s;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`${file}: kunne ikke læses eller oprettes`);
}
