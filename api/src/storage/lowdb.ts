import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { Engine, type Change, type Persistence, type Table } from './engine';
import { CorruptDataError, type CollectionDef, type Entity, type Storage } from './port';

type Rows = Record<string, Entity>;
type FileData = Record<string, Rows>;

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** Test hook: counts fsync calls so a test can prove what is synced. */
export const fsyncStats = { files: 0, dirs: 0, journal: 0 };

/**
 * lowdb adapter for one JSON file: reads and validates, and writes atomically (temp file,
 * rename, fsync of file and folder — lowdb's own JSONFile never fsyncs, TOOLCHAIN.md).
 * Only checkpoints write these files; commits go to the journal first.
 */
class JsonFileAdapter implements Adapter<FileData> {
  constructor(
    readonly file: string,
    private readonly validate: (data: unknown) => FileData,
  ) {}

  async read(): Promise<FileData | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      return this.validate(JSON.parse(text));
    } catch (err) {
      throw new CorruptDataError(this.file, await newestBackupOf(this.file), err);
    }
  }

  async write(data: FileData): Promise<void> {
    await writeDurably(this.file, JSON.stringify(data));
  }
}

/** Data files, journals, backups: read and written by the API's user only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * The newest backup copy of a data file that reads as JSON: from the newest snapshot holding it
 * (backup/<UTC time>/), else the single copy older versions kept (backup/<file>); null when none.
 */
async function newestBackupOf(file: string): Promise<string | null> {
  const dir = path.join(path.dirname(file), 'backup');
  const name = path.basename(file);
  const candidates = [...(await snapshotNames(dir)).reverse().map((s) => path.join(dir, s, name)), path.join(dir, name)];
  for (const c of candidates) {
    try {
      JSON.parse(await readFile(c, 'utf8'));
      return c;
    } catch {
      // missing or damaged: an older one
    }
  }
  return null;
}

async function syncDir(dir: string) {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
    fsyncStats.dirs += 1;
  } finally {
    await fh.close();
  }
}

async function writeDurably(file: string, text: string) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  const fh = await open(tmp, 'w', FILE_MODE);
  try {
    // The mode of open() applies only to a file it creates.
    await fh.chmod(FILE_MODE);
    await fh.writeFile(text, 'utf8');
    await fh.sync();
    fsyncStats.files += 1;
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
  await syncDir(path.dirname(file));
}

/** A snapshot folder's name: its UTC time, sortable (`2026-11-26T03-27-20.123Z`). */
const SNAPSHOT = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;
const snapshotName = (ms: number) => new Date(ms).toISOString().replace(/:/g, '-');

/** The snapshot folders in `dir`, oldest first. */
async function snapshotNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => SNAPSHOT.test(f)).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** One data file's name and contents at the snapshot's instant. */
interface FileText {
  name: string;
  text: string;
}

/**
 * Rotating snapshots of every data file in `dir` (DATA_DIR/backup): each one a folder named by
 * its UTC time, written as a temp folder that is renamed into place once every file in it is on
 * disk (a crash leaves no half snapshot under a snapshot's name), the newest `keep` kept. A
 * snapshot identical to the newest one is not written again (an idle store does not push its
 * older snapshots out). One at a time.
 */
class Snapshots {
  private last = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private newest: { name: string; texts: FileText[] } | null = null;

  constructor(
    private readonly dir: string,
    private readonly keep: number,
  ) {}

  /** `take` gives the files' contents at one instant; resolves with the snapshot's folder. */
  snapshot(take: () => Promise<FileText[]> | FileText[]): Promise<string> {
    const run = this.chain.then(async () => this.write(await take()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Waits for the snapshot under way, if any. */
  async idle(): Promise<void> {
    await this.chain;
  }

  private async write(texts: FileText[]): Promise<string> {
    const existing = await snapshotNames(this.dir);
    const newestName = existing.at(-1);
    if (newestName && (await this.sameAsNewest(newestName, texts))) return path.join(this.dir, newestName);
    // Later than every snapshot there is, even when the clock stepped back or two come in one ms.
    const lastOnDisk = newestName ? Date.parse(newestName.replace(/T(\d{2})-(\d{2})-(\d{2})/, 'T$1:$2:$3')) : 0;
    this.last = Math.max(Date.now(), this.last + 1, lastOnDisk + 1);
    const name = snapshotName(this.last);
    const tmp = path.join(this.dir, `.tmp-${name}-${randomBytes(4).toString('hex')}`);
    await mkdir(tmp, { mode: DIR_MODE });
    try {
      for (const f of texts) {
        const fh = await open(path.join(tmp, f.name), 'wx', FILE_MODE);
        try {
          await fh.writeFile(f.text, 'utf8');
          await fh.sync();
        } finally {
          await fh.close();
        }
      }
      await syncDir(tmp);
      await rename(tmp, path.join(this.dir, name));
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      throw err;
    }
    await syncDir(this.dir);
    this.newest = { name, texts };
    for (const old of [...existing, name].slice(0, -this.keep)) await rm(path.join(this.dir, old), { recursive: true, force: true });
    return path.join(this.dir, name);
  }

  private async sameAsNewest(name: string, texts: FileText[]): Promise<boolean> {
    let prev = this.newest?.name === name ? this.newest.texts : null;
    if (!prev) {
      try {
        const files = (await readdir(path.join(this.dir, name))).sort();
        prev = await Promise.all(files.map(async (f) => ({ name: f, text: await readFile(path.join(this.dir, name, f), 'utf8') })));
      } catch {
        return false;
      }
      this.newest = { name, texts: prev };
    }
    const byName = new Map(prev.map((f) => [f.name, f.text]));
    return prev.length === texts.length && texts.every((f) => byName.get(f.name) === f.text);
  }
}

/** Restricts the store's folder, its files and older versions' backup copies to the API's user (they were 0644). */
async function restrictModes(dir: string, backupDir: string): Promise<void> {
  await chmod(dir, DIR_MODE);
  await chmod(backupDir, DIR_MODE);
  for (const [d, names] of [
    [dir, await readdir(dir)],
    [backupDir, await readdir(backupDir)],
  ] as const) {
    for (const f of names) {
      const p = path.join(d, f);
      // A file may go between the listing and here (a journal folded by a checkpoint still running).
      const gone = (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      };
      const st = await stat(p).catch(gone);
      if (!st) continue;
      if (st.isFile() && (st.mode & 0o077) !== 0) await chmod(p, FILE_MODE).catch(gone);
      else if (st.isDirectory() && d === backupDir && SNAPSHOT.test(f) && (st.mode & 0o077) !== 0) await chmod(p, DIR_MODE).catch(gone);
    }
  }
}

/** FNV-1a: a stable, fast string hash for choosing a shard. */
function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** One data file: the collections (or the one sharded collection's share) it holds. */
interface Unit {
  file: string;
  adapter: JsonFileAdapter;
  tables: Table[];
  shard: number;
  shards: number;
}

/** One journal line: a committed transaction's changes as [collection, id, record | null]. */
type JournalLine = [string, string, Entity | null][];

const JOURNAL = /^journal-(\d{6})\.ndjson$/;
const journalName = (n: number) => `journal-${String(n).padStart(6, '0')}.ndjson`;

/** A checkpoint folds the journal into the data files once it holds this many changes. */
const CHECKPOINT_CHANGES = 20_000;

/**
 * The write-ahead journal: each transaction is one line, appended and fsynced before the
 * commit resolves (group commit: commits arriving while a write is in flight share the next
 * write and fsync). A checkpoint writes the changed data files from memory and then drops the
 * journal files it covers; start-up replays what the data files do not hold yet.
 */
class Journal implements Persistence {
  private fh: FileHandle | null = null;
  private number: number;
  private buffer: string[] = [];
  private waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private writing: Promise<void> | null = null;
  private changesSinceCheckpoint = 0;
  private checkpointing: Promise<void> | null = null;
  private readonly dirty = new Set<Unit>();
  private failed: unknown = null;

  constructor(
    private readonly dir: string,
    private readonly unitsOf: (t: Table, id: string) => Unit,
    startNumber: number,
    private readonly logger?: Logger,
    private readonly checkpointChanges = CHECKPOINT_CHANGES,
  ) {
    this.number = startNumber;
  }

  commit(changes: readonly Change[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const line: JournalLine = changes.map((c) => [c.table.name, c.id, c.value]);
    for (const c of changes) this.dirty.add(this.unitsOf(c.table, c.id));
    this.changesSinceCheckpoint += changes.length;
    this.buffer.push(JSON.stringify(line));
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.kick();
    return done;
  }

  private kick() {
    if (this.writing || this.buffer.length === 0) return;
    const lines = this.buffer;
    const waiters = this.waiters;
    this.buffer = [];
    this.waiters = [];
    this.writing = this.append(lines.join('\n') + '\n')
      .then(
        () => waiters.forEach((w) => w.resolve()),
        (err: unknown) => {
          this.failed = err;
          waiters.forEach((w) => w.reject(err));
        },
      )
      .finally(() => {
        this.writing = null;
        if (this.changesSinceCheckpoint >= this.checkpointChanges && !this.checkpointing) void this.checkpoint().catch((err: unknown) => this.logger?.warn({ err }, 'checkpoint failed; the journal keeps every change'));
        this.kick();
      });
  }

  private async append(text: string) {
    if (!this.fh) {
      this.fh = await open(path.join(this.dir, journalName(this.number)), 'a', FILE_MODE);
      await syncDir(this.dir);
    }
    // The handle this append started on: a checkpoint switches files only between appends.
    const fh = this.fh;
    await fh.write(text);
    await fh.datasync();
    fsyncStats.journal += 1;
  }

  /** Resolves when every commit so far is in the journal on disk. */
  async flush(): Promise<void> {
    while (this.writing || this.buffer.length > 0) {
      this.kick();
      await this.writing;
    }
  }

  /**
   * Folds the journal into the data files: switch to a new journal file, take the changed
   * files' contents at that instant, write them durably, then delete the old journal files.
   */
  checkpoint(): Promise<void> {
    this.checkpointing ??= (async () => {
      // Commits may arrive while flush() returns: switch files only when no append is under way.
      do await this.flush();
      while (this.writing || this.buffer.length > 0);
      const covered = this.number;
      this.number += 1;
      const old = this.fh;
      this.fh = null;
      await old?.close();
      this.changesSinceCheckpoint = 0;
      const units = [...this.dirty];
      this.dirty.clear();
      // Serialised now, synchronously: the bytes hold exactly the commits of the covered journals.
      const texts = units.map((u) => JSON.stringify(snapshot(u)));
      try {
        await Promise.all(units.map((u, i) => writeDurably(u.file, texts[i]!)));
      } catch (err) {
        for (const u of units) this.dirty.add(u);
        throw err;
      }
      for (const f of await readdir(this.dir)) {
        const m = JOURNAL.exec(f);
        if (m && Number(m[1]) <= covered) await unlink(path.join(this.dir, f));
      }
      await syncDir(this.dir);
    })().finally(() => {
      this.checkpointing = null;
    });
    return this.checkpointing;
  }

  markDirty(units: Iterable<Unit>) {
    for (const u of units) this.dirty.add(u);
  }

  async close() {
    await this.checkpointing?.catch(() => undefined);
    await this.checkpoint();
    await this.fh?.close();
    this.fh = null;
  }
}

/** A data file's contents from the tables in memory. */
function snapshot(u: Unit): FileData {
  const out: FileData = Object.create(null) as FileData;
  for (const t of u.tables) {
    const rows: Rows = Object.create(null) as Rows;
    for (const [id, r] of t.rows) if (u.shards === 1 || shardOf(id, u.shards) === u.shard) rows[id] = r;
    out[t.name] = rows;
  }
  return out;
}

/**
 * The embedded default store: one JSON file per file group under `dir` (sharded groups as
 * `<group>-NN.json`) written through lowdb at checkpoints, and a write-ahead journal that makes
 * each transaction one durable commit. Start-up validates every record against its schema; a
 * damaged data file stops start-up with CorruptDataError and is left untouched.
 *
 * Backups: a snapshot of every data file into `dir/backup/<UTC time>/` after a good load, every
 * `backups.intervalMs` while running, on `snapshot()` (the server calls it after seeding) and
 * on a clean close; the newest `backups.keep` are kept (Snapshots). Each is taken inside the
 * write queue once the journal is on disk, so it holds whole committed transactions only and
 * opens on its own (no journal needed). The corrupt-file error points to the newest copy.
 * Every file and folder the store writes is 0600 / 0700.
 */
export interface LowdbStorage extends Storage {
  /** Takes a snapshot now (unless nothing changed since the newest); resolves with its folder. */
  snapshot(): Promise<string>;
}

export async function openLowdbStorage(opts: {
  dir: string;
  collections: readonly CollectionDef[];
  logger?: Logger;
  /** Journalled changes that start a checkpoint (default 20,000; tests set it low). */
  checkpointChanges?: number;
  /** Snapshots: every `intervalMs` (null: only at open, on `snapshot()` and at close), keeping the newest `keep` (default 24). */
  backups?: { intervalMs?: number | null; keep?: number };
}): Promise<LowdbStorage> {
  const dir = path.resolve(opts.dir);
  const backupDir = path.join(dir, 'backup');
  await mkdir(backupDir, { recursive: true, mode: DIR_MODE });
  await restrictModes(dir, backupDir);
  // A crash mid-write leaves a temp file beside the intact original (or a half snapshot): drop it.
  for (const f of await readdir(dir)) {
    if (f.startsWith('.') && f.endsWith('.json.tmp')) {
      await unlink(path.join(dir, f));
      opts.logger?.warn({ file: f }, 'removed a temp file left by an interrupted write');
    }
  }
  for (const f of await readdir(backupDir)) if (f.startsWith('.tmp-')) await rm(path.join(backupDir, f), { recursive: true, force: true });

  const engine = new Engine(opts.collections);
  const groups = new Map<string, Table[]>();
  for (const t of engine.tables.values()) {
    const list = groups.get(t.def.file.group) ?? [];
    list.push(t);
    groups.set(t.def.file.group, list);
  }

  const unitsByTable = new Map<Table, Unit[]>();
  const allUnits: Unit[] = [];
  for (const [group, tables] of groups) {
    const shards = Math.max(...tables.map((t) => t.def.file.shards ?? 1));
    if (shards > 1 && tables.length > 1) throw new Error(`group ${group}: a sharded collection needs a group of its own`);
    const units: Unit[] = [];
    for (let s = 0; s < shards; s++) {
      const file = path.join(dir, shards > 1 ? `${group}-${String(s).padStart(2, '0')}.json` : `${group}.json`);
      const validate = (raw: unknown): FileData => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not a JSON object');
        const out: FileData = Object.create(null) as FileData;
        for (const t of tables) {
          const rows = (raw as Record<string, unknown>)[t.name] ?? {};
          if (typeof rows !== 'object' || rows === null || Array.isArray(rows)) throw new Error(`${t.name}: not an object of records`);
          const checked: Rows = Object.create(null) as Rows;
          for (const [id, rec] of Object.entries(rows)) {
            const parsed = t.def.schema['~standard'].validate(rec);
            if (parsed instanceof Promise || parsed.issues) throw new Error(`${t.name}/${id}: ${(parsed as { issues?: { message: string }[] }).issues?.[0]?.message ?? 'invalid record'}`);
            if ((rec as Entity).id !== id) throw new Error(`${t.name}/${id}: id does not match its key`);
            checked[id] = rec as Entity;
          }
          out[t.name] = checked;
        }
        return out;
      };
      const adapter = new JsonFileAdapter(file, validate);
      const low = new Low<FileData>(adapter, {});
      await low.read();
      for (const t of tables) for (const rec of Object.values(low.data[t.name] ?? {})) t.apply(rec.id, rec, true);
      units.push({ file, adapter, tables, shard: s, shards });
    }
    for (const t of tables) unitsByTable.set(t, units);
    allUnits.push(...units);
  }
  const unitOf = (t: Table, id: string) => {
    const units = unitsByTable.get(t)!;
    return units.length === 1 ? units[0]! : units[shardOf(id, units.length)]!;
  };

  // Replay the journal: every line is a committed transaction; a torn last line was never acknowledged.
  const journals = (await readdir(dir))
    .map((f) => JOURNAL.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: path.join(dir, m[0]), n: Number(m[1]) }))
    .sort((a, b) => a.n - b.n);
  let replayed = 0;
  const touched = new Set<Unit>();
  for (const [j, { file }] of journals.entries()) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    for (const [i, text] of lines.entries()) {
      if (text === '') continue;
      let line: JournalLine;
      try {
        line = JSON.parse(text) as JournalLine;
      } catch (err) {
        const isTail = j === journals.length - 1 && lines.slice(i + 1).every((l) => l === '');
        if (isTail) {
          opts.logger?.warn({ file: path.basename(file) }, 'dropped a journal line cut off by a crash (never acknowledged)');
          break;
        }
        throw new CorruptDataError(file, null, err);
      }
      for (const [name, id, value] of line) {
        const t = engine.tables.get(name);
        if (!t) throw new CorruptDataError(file, null, new Error(`unknown collection ${name}`));
        if (value) {
          const parsed = t.def.schema['~standard'].validate(value);
          if (parsed instanceof Promise || parsed.issues) throw new CorruptDataError(file, null, new Error(`${name}/${id}: invalid record`));
        }
        t.apply(id, value);
        touched.add(unitOf(t, id));
      }
      replayed += 1;
    }
  }

  for (const t of engine.tables.values()) {
    for (const [key, count] of t.loadConflicts) {
      // Values are withheld (e-mails, CPR hashes); the count says how many records to look at.
      opts.logger?.warn({ collection: t.name, key, records: count }, 'records share a unique key (written before the key existed); the first keeps it');
    }
  }
  const journal = new Journal(dir, unitOf, (journals.at(-1)?.n ?? 0) + 1, opts.logger, opts.checkpointChanges);
  engine.setPersistence(journal);
  if (journals.length > 0) {
    opts.logger?.info({ transactions: replayed }, 'replayed the journal into the data files');
    journal.markDirty(touched);
    await journal.checkpoint();
  }

  const snapshots = new Snapshots(backupDir, opts.backups?.keep ?? 24);
  const texts = (): FileText[] => allUnits.map((u) => ({ name: path.basename(u.file), text: JSON.stringify(snapshot(u)) }));
  // Inside the write queue (a transaction of its own, outside any caller's), once every commit so
  // far is in the journal on disk: the tables then hold whole, durable transactions only.
  const takeLive = () =>
    engine.detached(() =>
      engine.transaction(async () => {
        await journal.flush();
        return texts();
      }),
    );
  const snapshotNow = () => snapshots.snapshot(takeLive);
  if (!engine.isEmpty()) await snapshotNow();
  const interval = opts.backups?.intervalMs;
  const timer =
    interval && interval > 0
      ? setInterval(() => {
          snapshotNow().catch((err: unknown) => opts.logger?.warn({ err }, 'backup: snapshot failed; the next one tries again'));
        }, interval)
      : null;
  timer?.unref();

  const storage = engine.storage({
    flush: () => journal.flush(),
    close: async () => {
      if (timer) clearInterval(timer);
      await snapshots.idle();
      await journal.close();
      // Closed: no write can come any more; the checkpoint wrote every file.
      if (!engine.isEmpty()) await snapshots.snapshot(texts).catch((err: unknown) => opts.logger?.warn({ err }, 'backup: snapshot at close failed'));
    },
  });
  return { ...storage, snapshot: snapshotNow };
}
