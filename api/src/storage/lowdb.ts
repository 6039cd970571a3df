import { copyFile, mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { collections, type CollectionName, type RecordOf } from './records';
import { CorruptDataError, DuplicateKeyError, type Collection, type Entity, type Storage } from './port';

type Rows = Record<string, Entity>;
type FileData = Record<string, Rows>;

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/** Test hook: counts fsync calls so a test can prove durable groups are synced. */
export const fsyncStats = { files: 0, dirs: 0 };

/**
 * lowdb adapter for one JSON file: reads and validates, and writes atomically (temp file,
 * rename). Durable files are also fsynced, file then folder, because a rename alone can be
 * lost on power failure — lowdb's own JSONFile (steno) never fsyncs (TOOLCHAIN.md).
 * Writes are coalesced: while one is in flight, later changes wait and go out together in
 * the next one (group commit); every caller resolves once a write holding its change is done.
 */
class JsonFileAdapter implements Adapter<FileData> {
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private latest: FileData | null = null;

  constructor(
    readonly file: string,
    private readonly durable: boolean,
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
      const backup = backupPath(this.file);
      const hasBackup = await readFile(backup).then(
        () => true,
        () => false,
      );
      throw new CorruptDataError(this.file, hasBackup ? backup : null, err);
    }
  }

  write(data: FileData): Promise<void> {
    this.latest = data;
    if (!this.inFlight) {
      this.inFlight = this.flushLatest().finally(() => {
        this.inFlight = null;
      });
      return this.inFlight;
    }
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.write(this.latest!);
      });
    return this.queued;
  }

  /** Resolves when every write asked for so far is on disk. */
  async pending(): Promise<void> {
    while (this.queued ?? this.inFlight) await (this.queued ?? this.inFlight);
  }

  private async flushLatest(): Promise<void> {
    // Serialised now, so the bytes hold every change applied before this point.
    const text = JSON.stringify(this.latest);
    const tmp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.tmp`);
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(text, 'utf8');
      if (this.durable) {
        await fh.sync();
        fsyncStats.files += 1;
      }
    } finally {
      await fh.close();
    }
    await rename(tmp, this.file);
    if (this.durable) {
      const dir = await open(path.dirname(this.file), 'r');
      try {
        await dir.sync();
        fsyncStats.dirs += 1;
      } finally {
        await dir.close();
      }
    }
  }
}

/** Keeps the last good copy for recovery: after a clean load and after a clean close. */
async function backup(file: string): Promise<void> {
  await copyFile(file, backupPath(file)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

function backupPath(file: string): string {
  return path.join(path.dirname(file), 'backup', path.basename(file));
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

/** One file on disk: its lowdb instance holding `{ collection: { id: record } }`. */
interface Unit {
  low: Low<FileData>;
  adapter: JsonFileAdapter;
}

class LowCollection<T extends Entity> implements Collection<T> {
  constructor(
    private readonly name: CollectionName,
    private readonly units: readonly Unit[],
    private readonly isClosed: () => boolean,
  ) {}

  private unitFor(id: string): Unit {
    return this.units.length === 1 ? this.units[0]! : this.units[shardOf(id, this.units.length)]!;
  }
  private rows(unit: Unit): Record<string, T> {
    return unit.low.data[this.name] as Record<string, T>;
  }
  private live() {
    if (this.isClosed()) throw new Error(`storage is closed (${this.name})`);
  }
  private *each(): Generator<T> {
    for (const u of this.units) yield* Object.values(this.rows(u));
  }

  async get(id: string) {
    this.live();
    const row = this.rows(this.unitFor(id))[id];
    return row === undefined ? undefined : structuredClone(row);
  }
  async all() {
    this.live();
    return [...this.each()].map((r) => structuredClone(r));
  }
  async find(predicate: (item: T) => boolean) {
    this.live();
    return [...this.each()].filter(predicate).map((r) => structuredClone(r));
  }
  async findOne(predicate: (item: T) => boolean) {
    this.live();
    for (const r of this.each()) if (predicate(r)) return structuredClone(r);
    return undefined;
  }
  async count() {
    this.live();
    let n = 0;
    for (const u of this.units) n += Object.keys(this.rows(u)).length;
    return n;
  }
  async insert(item: T) {
    this.live();
    const unit = this.unitFor(item.id);
    const rows = this.rows(unit);
    if (rows[item.id] !== undefined) throw new DuplicateKeyError(this.name, item.id);
    rows[item.id] = structuredClone(item);
    await unit.low.write();
    return structuredClone(item);
  }
  async put(item: T) {
    this.live();
    const unit = this.unitFor(item.id);
    this.rows(unit)[item.id] = structuredClone(item);
    await unit.low.write();
    return structuredClone(item);
  }
  async putMany(items: readonly T[]) {
    this.live();
    const touched = new Set<Unit>();
    for (const item of items) {
      const unit = this.unitFor(item.id);
      this.rows(unit)[item.id] = structuredClone(item);
      touched.add(unit);
    }
    await Promise.all([...touched].map((u) => u.low.write()));
  }
  /** Read, mutate and store happen in one synchronous step, so no concurrent update is lost. */
  async update(id: string, mutate: (current: T) => T) {
    this.live();
    const unit = this.unitFor(id);
    const rows = this.rows(unit);
    const current = rows[id];
    if (current === undefined) return undefined;
    const next = mutate(structuredClone(current));
    if (next.id !== id) throw new Error(`${this.name}: update may not change the id`);
    rows[id] = structuredClone(next);
    await unit.low.write();
    return structuredClone(next);
  }
  async remove(id: string) {
    this.live();
    const unit = this.unitFor(id);
    const rows = this.rows(unit);
    if (rows[id] === undefined) return false;
    delete rows[id];
    await unit.low.write();
    return true;
  }
}

/**
 * The embedded default store: one JSON file per file group under `dir` (see records.ts),
 * sharded groups as `<group>-NN.json`. Start-up validates every record against its schema;
 * a damaged file stops start-up with CorruptDataError and is left untouched. After a good
 * load each file is copied to `dir/backup/`, the last good copy the error points to.
 */
export async function openLowdbStorage(opts: { dir: string; logger?: Logger }): Promise<Storage> {
  const dir = path.resolve(opts.dir);
  await mkdir(path.join(dir, 'backup'), { recursive: true });
  // A crash mid-write leaves a temp file beside the intact original: drop it.
  for (const f of await readdir(dir)) {
    if (f.startsWith('.') && f.endsWith('.json.tmp')) {
      await unlink(path.join(dir, f));
      opts.logger?.warn({ file: f }, 'removed a temp file left by an interrupted write');
    }
  }

  const groups = new Map<string, CollectionName[]>();
  for (const [name, def] of Object.entries(collections) as [CollectionName, (typeof collections)[CollectionName]][]) {
    const list = groups.get(def.group) ?? [];
    list.push(name);
    groups.set(def.group, list);
  }

  const unitsByCollection = new Map<CollectionName, Unit[]>();
  const allUnits: Unit[] = [];
  for (const [group, names] of groups) {
    const defs = names.map((n) => collections[n]);
    const shards = Math.max(...defs.map((d) => ('shards' in d ? d.shards : 1)));
    if (shards > 1 && names.length > 1) throw new Error(`group ${group}: a sharded collection needs a group of its own`);
    const durable = defs.some((d) => d.durable);
    const units: Unit[] = [];
    for (let s = 0; s < shards; s++) {
      const file = path.join(dir, shards > 1 ? `${group}-${String(s).padStart(2, '0')}.json` : `${group}.json`);
      const validate = (raw: unknown): FileData => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not a JSON object');
        const out: FileData = {};
        for (const name of names) {
          const rows = (raw as Record<string, unknown>)[name] ?? {};
          if (typeof rows !== 'object' || rows === null || Array.isArray(rows)) throw new Error(`${name}: not an object of records`);
          const checked: Rows = Object.create(null) as Rows;
          for (const [id, rec] of Object.entries(rows)) {
            const parsed = collections[name].schema.safeParse(rec);
            if (!parsed.success) throw new Error(`${name}/${id}: ${parsed.error.issues[0]?.message ?? 'invalid record'}`);
            if (parsed.data.id !== id) throw new Error(`${name}/${id}: id does not match its key`);
            checked[id] = rec as Entity;
          }
          out[name] = checked;
        }
        return out;
      };
      const adapter = new JsonFileAdapter(file, durable, validate);
      const empty = (): FileData => Object.fromEntries(names.map((n) => [n, Object.create(null) as Rows]));
      const low = new Low<FileData>(adapter, empty());
      await low.read();
      low.data ??= empty();
      for (const n of names) low.data[n] ??= Object.create(null) as Rows;
      await backup(file);
      units.push({ low, adapter });
    }
    for (const n of names) unitsByCollection.set(n, units);
    allUnits.push(...units);
  }

  let closed = false;
  const isClosed = () => closed;
  const cols = new Map<CollectionName, LowCollection<Entity>>();
  for (const [name, units] of unitsByCollection) cols.set(name, new LowCollection(name, units, isClosed));

  const flush = async () => {
    await Promise.all(allUnits.map((u) => u.adapter.pending()));
  };

  return {
    collection<K extends CollectionName>(name: K) {
      return cols.get(name) as unknown as Collection<RecordOf<K>>;
    },
    async isEmpty() {
      return allUnits.every((u) => Object.values(u.low.data).every((rows) => Object.keys(rows).length === 0));
    },
    flush,
    async close() {
      if (closed) return;
      await flush();
      closed = true;
      await Promise.all(allUnits.map((u) => backup(u.adapter.file)));
    },
  };
}
