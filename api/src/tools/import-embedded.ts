/**
 * Moves the embedded store's data (lowdb files + journal in DATA_DIR) into an empty PostgreSQL
 * database, once, when an installation leaves the embedded store for shared storage:
 *
 *   pnpm --filter @optik/api import-embedded --from <DATA_DIR> --to postgres://user:pass@host/db
 *
 * `--from` defaults to DATA_DIR (else the repository's `.data`, as the API does), `--to` to
 * STORAGE_URL. Relative paths are taken from the folder the command was run in.
 *
 * - Stop the embedded API first: the embedded store has one owner, and what it commits while
 *   the copy runs would not be copied. (Opening the store here replays its journal, as a start does.)
 * - The target is migrated (tables per collection) and must hold no record: a database that
 *   already holds data is refused, naming the collections that do — nothing is merged or
 *   overwritten. Every collection is copied with `putMany` in chunks inside ONE PostgreSQL
 *   transaction: all or nothing, and an API instance seeding the same empty database at the same
 *   moment either finds the imported data or makes the import refuse.
 * - It prints the records per collection and checks the committed counts; it never prints the
 *   database URL's password.
 * - Secrets: the embedded store signs with its app secret (`DATA_DIR/secret.key`, or APP_SECRET
 *   when that was set) and seals personal data with its data key (`DATA_DIR/data.key`, or
 *   DATA_ENCRYPTION_KEY); values sealed before data keys had ids (`v1`) open with the app secret,
 *   which also keys its CPR search index (crypto/keys.ts). The PostgreSQL instances therefore run
 *   with APP_SECRET = that secret, DATA_ENCRYPTION_KEY = that data key and
 *   DATA_ENCRYPTION_INDEX_KEY_ID=legacy — or, with a new key, the old one in
 *   DATA_ENCRYPTION_OLD_KEYS and `rotate-keys` run before they serve; otherwise CPR numbers and
 *   prescriptions cannot be read, staff cannot find customers by CPR, and sessions, gift-card PINs
 *   and links sent by mail stop working.
 * - Not moved: DATA_DIR/mail and DATA_DIR/sms (the local mail and SMS adapters' files stay files).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { pino, type Logger } from 'pino';
import { allCollections } from '../collections';
import { openLowdbStorage } from '../storage/lowdb';
import { DuplicateKeyError, type CollectionDef, type Entity, type Storage } from '../storage/port';
import { openPostgresStorage } from '../storage/postgres';

/** Records per `putMany` call (the adapter writes them 500 to a statement). */
const CHUNK = 1000;
/** Longest accepted path or URL argument. */
const MAX_ARG = 4096;

/** A refusal the operator can act on; the CLI prints its message and exits 1. */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}

export interface ImportResult {
  /** Records copied, per collection (every declared collection, 0 included), in declaration order. */
  counts: { collection: string; records: number }[];
  total: number;
}

/** The URL as it may be shown: the password replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(ugyldig adresse)';
  }
}

/** Removes the URL's password from a message, should a driver ever quote it. */
function scrub(text: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // not a URL: nothing to hide beyond the text itself
  }
  return password ? text.split(password).join('***') : text;
}

async function isEmbeddedStore(dir: string): Promise<boolean> {
  try {
    if (!(await stat(dir)).isDirectory()) return false;
  } catch {
    return false;
  }
  return (await readdir(dir)).some((f) => (f.endsWith('.json') && !f.startsWith('.')) || /^journal-\d+\.ndjson$/.test(f));
}

/**
 * Copies every collection of the embedded store in `from` into the empty PostgreSQL database at
 * `to`, in one transaction. Rejects with ImportRefused (nothing written) when `from` is no
 * embedded store or holds nothing, or when the database already holds data.
 */
export async function importEmbedded(opts: {
  from: string;
  to: string;
  collections?: readonly CollectionDef[];
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
  logger?: Logger;
}): Promise<ImportResult> {
  const collections = opts.collections ?? allCollections;
  const log = opts.log ?? (() => {});
  const from = path.resolve(opts.from);
  if (!/^postgres(ql)?:\/\//.test(opts.to)) throw new ImportRefused('--to skal være en postgres://-adresse.');
  if (!(await isEmbeddedStore(from))) throw new ImportRefused(`${from} er ikke et indlejret lager (ingen datafiler eller journal). Angiv API'ets DATA_DIR med --from.`);

  // The target first: an unreachable or non-empty database is refused before the embedded store is opened.
  const target = await openPostgresStorage({ url: opts.to, collections, poolSize: 2, ...(opts.logger ? { logger: opts.logger } : {}) });
  try {
    const refuseHeld = async () => {
      if (!(await target.isEmpty())) throw new ImportRefused(`Databasen ${redactUrl(opts.to)} indeholder allerede data (${(await held(target, collections)).join(', ')}). Importen flytter kun til en tom database; intet er ændret.`);
    };
    await refuseHeld();

    const source = await openLowdbStorage({ dir: from, collections, ...(opts.logger ? { logger: opts.logger } : {}) });
    const data: { def: CollectionDef; rows: Entity[] }[] = [];
    try {
      if (await source.isEmpty()) throw new ImportRefused(`Det indlejrede lager i ${from} er tomt: der er intet at flytte.`);
      for (const def of collections) data.push({ def, rows: await source.collection(def).all() });
    } finally {
      await source.close();
    }
    const total = data.reduce((n, d) => n + d.rows.length, 0);
    log(`Læst fra ${from}: ${total} poster i ${data.filter((d) => d.rows.length > 0).length} samlinger.`);

    await target
      .transaction(async () => {
        // Again inside the transaction: an instance seeding (or another import) at the same moment is serialised against it.
        await refuseHeld();
        for (const { def, rows } of data) {
          const c = target.collection<Entity, string, string>(def);
          for (let i = 0; i < rows.length; i += CHUNK) {
            try {
              await c.putMany(rows.slice(i, i + CHUNK));
            } catch (err) {
              // Records written before a unique key was declared may share its value (the embedded store warns at start): PostgreSQL refuses them.
              if (err instanceof DuplicateKeyError) throw new ImportRefused(`${def.name}: flere poster deler nøglen ${err.key}; ret dem i det indlejrede lager (API'et advarer om dem ved start) og importér igen. Intet er flyttet.`);
              throw err;
            }
          }
        }
      })
      .catch((err: unknown) => {
        if (err instanceof ImportRefused) throw err;
        throw new Error(`${err instanceof Error ? err.message : String(err)} (transaktionen er rullet tilbage: intet er flyttet)`, { cause: err });
      });
    // What committed is what was read, collection by collection.
    const counts: ImportResult['counts'] = [];
    for (const { def, rows } of data) {
      const stored = await target.collection(def).count();
      if (stored !== rows.length) throw new Error(`${def.name}: ${rows.length} poster læst, men ${stored} i databasen efter importen`);
      counts.push({ collection: def.name, records: stored });
    }
    return { counts, total };
  } finally {
    await target.close();
  }
}

/** The collections that hold records, with their counts ("orders: 12"). */
async function held(storage: Storage, collections: readonly CollectionDef[]): Promise<string[]> {
  const out: string[] = [];
  for (const def of collections) {
    const n = await storage.collection(def).count();
    if (n > 0) out.push(`${def.name}: ${n}`);
  }
  return out;
}

const USAGE = `Brug: pnpm --filter @optik/api import-embedded --from <DATA_DIR> --to <postgres://…>
  --from  mappen med det indlejrede lager (standard: DATA_DIR, ellers .data i repoet)
  --to    den tomme PostgreSQL-database (standard: STORAGE_URL)`;

async function main(argv: string[]): Promise<number> {
  let values: { from?: string | undefined; to?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // pnpm runs the script in api/; paths are meant from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const fromArg = values.from ?? process.env.DATA_DIR;
  const from = fromArg ? path.resolve(cwd, fromArg) : path.join(repoRoot, '.data');
  const to = values.to ?? process.env.STORAGE_URL;
  if (!to) {
    console.error(`Angiv databasen med --to eller STORAGE_URL.\n${USAGE}`);
    return 1;
  }
  if (from.length > MAX_ARG || to.length > MAX_ARG) {
    console.error('--from og --to må højst være 4096 tegn.');
    return 1;
  }
  console.log(`Flytter ${from} → ${redactUrl(to)}`);
  const logger = pino({ level: 'warn', base: null }, pino.destination(2));
  try {
    const result = await importEmbedded({ from, to, logger, log: (line) => console.log(line) });
    const width = Math.max(...result.counts.map((c) => c.collection.length));
    for (const c of result.counts) console.log(`  ${c.collection.padEnd(width)}  ${String(c.records).padStart(7)}`);
    console.log(`Importeret: ${result.total} poster i én transaktion.`);
    const keyFile = path.join(from, 'secret.key');
    const dataKeyFile = path.join(from, 'data.key');
    const has = (file: string) =>
      readFile(file, 'utf8').then(
        (s) => s.trim().length >= 32,
        () => false,
      );
    const secret = (await has(keyFile)) ? `indholdet af ${keyFile}` : 'den APP_SECRET, det indlejrede API kørte med';
    const dataKey = (await has(dataKeyFile)) ? `indholdet af ${dataKeyFile}` : 'den DATA_ENCRYPTION_KEY, det indlejrede API kørte med (var ingen sat: en ny, `openssl rand -hex 32`)';
    console.log(
      `Start alle instanser med APP_SECRET = ${secret}, DATA_ENCRYPTION_KEY = ${dataKey} og DATA_ENCRYPTION_INDEX_KEY_ID=legacy (CPR-søgeindekset er nøglet med app-hemmeligheden); ellers kan CPR-numre og recepter ikke læses. Vil du flytte indekset og gamle værdier til den nye nøgle: kør \`pnpm --filter @optik/api rotate-keys\`, før instanserne tager imod trafik, og fjern så DATA_ENCRYPTION_INDEX_KEY_ID.`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof ImportRefused ? err.message : `Importen mislykkedes: ${scrub(err instanceof Error ? err.message : String(err), to)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
