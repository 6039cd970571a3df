import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// libvips keeps no cache of decoded images or operations between requests, and each resize uses
// one thread: memory and CPU are bounded by the queue below, not by how many requests come. (On
// glibc, MALLOC_TRIM_THRESHOLD_ lets the freed rasters go back to the system: README.)
sharp.cache(false);
sharp.concurrency(1);

/**
 * The widths pictures are made in (SPEC §7 allows 64–4096): an asked width is rounded up to the
 * next one, so a picture has at most this many variants per format, and a client asking every
 * width in between gets the few that exist.
 */
export const WIDTH_LADDER = [64, 128, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096] as const;

/** The ladder width an asked width is made in: the smallest one at least as wide. */
export function ladderWidth(width: number): number {
  return WIDTH_LADDER.find((w) => w >= width) ?? WIDTH_LADDER.at(-1)!;
}

/** A resize did not get a place in the queue: the caller answers 503 with Retry-After. */
export class ResizeQueueFullError extends Error {
  constructor() {
    super('resize queue full');
    this.name = 'ResizeQueueFullError';
  }
}

/** At most `concurrency` tasks run at once and at most `maxWaiting` wait; one more is refused at once. */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ResizeQueueFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface CachedImage {
  file: string;
  bytes: number;
  /** From the cache key (the article's version is in it), so a 304 needs neither a render nor a read. */
  etag: string;
}

export interface ImageResizerOptions {
  /** The disk cache's folder (DATA_DIR/image-cache). */
  dir: string;
  /** Bound of the disk cache; past it the least recently used files go (IMAGE_CACHE_MAX_MB). */
  maxBytes?: number;
  /** Resizes at once (default: half the cores, at least 1). */
  concurrency?: number;
  /** Resizes waiting for a place (default 2 × concurrency); one more answers 503. */
  maxWaiting?: number;
}

export const IMAGE_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Resized pictures, made at most `concurrency` at a time through a bounded queue and kept on
 * disk (written to a temp file and renamed: a crash never leaves half a picture under its name).
 * The cache is per instance — a file another instance made is made again there, which is fine
 * for a cache. Concurrent requests for one picture share one resize.
 */
export class ImageResizer {
  /** Resizes made (a cache hit makes none), for tests and the bench. */
  resizes = 0;
  readonly queue: BoundedQueue;
  private readonly maxBytes: number;
  /** The cache's files by key hash, least recently used first (Map order), and their total size. */
  private readonly index = new Map<string, { file: string; bytes: number }>();
  private total = 0;
  private readonly making = new Map<string, Promise<CachedImage>>();
  private ready: Promise<void> | null = null;

  constructor(private readonly opts: ImageResizerOptions) {
    const concurrency = opts.concurrency ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
    this.queue = new BoundedQueue(concurrency, opts.maxWaiting ?? 2 * concurrency);
    this.maxBytes = opts.maxBytes ?? IMAGE_CACHE_MAX_BYTES;
  }

  /** Reads what the folder holds from an earlier run (and drops temp files a crash left). */
  private load(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.opts.dir, { recursive: true, mode: 0o700 });
      const found: { hash: string; file: string; bytes: number; at: number }[] = [];
      for (const sub of await readdir(this.opts.dir)) {
        const subDir = path.join(this.opts.dir, sub);
        if (!/^[0-9a-f]{2}$/.test(sub)) continue;
        for (const name of await readdir(subDir)) {
          const file = path.join(subDir, name);
          if (name.startsWith('.')) {
            await rm(file, { force: true });
            continue;
          }
          const s = await stat(file);
          found.push({ hash: name.split('.')[0]!, file, bytes: s.size, at: s.atimeMs });
        }
      }
      for (const f of found.sort((a, b) => a.at - b.at)) {
        this.index.set(f.hash, { file: f.file, bytes: f.bytes });
        this.total += f.bytes;
      }
      await this.evict();
    })();
    return this.ready;
  }

  /**
   * The picture cached under `key` (file extension `ext`), made with `render` when not cached.
   * Throws ResizeQueueFullError when it would have to be made and the queue is full.
   */
  async get(key: string, ext: string, render: () => Promise<Buffer>): Promise<CachedImage> {
    await this.load();
    const hash = createHash('sha256').update(key).digest('hex');
    const etag = `"${hash.slice(0, 32)}"`;
    const hit = this.index.get(hash);
    if (hit) {
      this.index.delete(hash);
      this.index.set(hash, hit); // most recently used last
      return { ...hit, etag };
    }
    let made = this.making.get(hash);
    if (!made) {
      made = this.queue
        .run(async () => {
          const body = await render();
          this.resizes += 1;
          const dir = path.join(this.opts.dir, hash.slice(0, 2));
          await mkdir(dir, { recursive: true, mode: 0o700 });
          const file = path.join(dir, `${hash}.${ext}`);
          const tmp = path.join(dir, `.${hash}.${randomUUID()}.tmp`);
          await writeFile(tmp, body, { mode: 0o600 });
          await rename(tmp, file);
          this.index.set(hash, { file, bytes: body.length });
          this.total += body.length;
          await this.evict(hash);
          return { file, bytes: body.length, etag };
        })
        .finally(() => this.making.delete(hash));
      this.making.set(hash, made);
    }
    return made;
  }

  /** The cached picture's bytes; null when it went meanwhile (evicted), so the caller asks again. */
  async read(image: CachedImage): Promise<Buffer | null> {
    try {
      return await readFile(image.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      for (const [hash, e] of this.index) {
        if (e.file !== image.file) continue;
        this.index.delete(hash);
        this.total -= e.bytes;
      }
      return null;
    }
  }

  /** Deletes the least recently used files until the cache is within its bound (never `keep`, the one just made). */
  private async evict(keep?: string): Promise<void> {
    for (const [hash, e] of this.index) {
      if (this.total <= this.maxBytes) return;
      if (hash === keep) continue;
      this.index.delete(hash);
      this.total -= e.bytes;
      await unlink(e.file).catch(() => undefined);
    }
  }
}

/** Renders an SVG at `width` (px) in `format`: rasterised at a density that gives at least that width, then scaled exactly. */
export function renderSvg(svg: string, svgWidth: number, width: number, format: 'webp' | 'jpeg' | 'png'): Promise<Buffer> {
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * width) / svgWidth)));
  return sharp(Buffer.from(svg), { density }).resize({ width }).toFormat(format, { quality: 82 }).toBuffer();
}
