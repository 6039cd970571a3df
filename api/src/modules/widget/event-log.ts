import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderEvent } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { WidgetRepository } from './repository';

/** One raw tracking event as logged: when it came, for which shop, and the event as received (no address, no personal data). */
export interface LoggedEvent {
  at: string;
  market: string;
  tenant: string;
  event: ProviderEvent;
}

/**
 * The raw widget events, append-only and bounded (issue 15 finding 4): kept for analysis only —
 * popularity reads the aggregated counters (widgetPopularity), never this log. Retention is by
 * age (EVENT_RETENTION_MS) and by size (`maxBytes`): the oldest go first.
 */
export interface WidgetEventLog {
  /** Whether the log is the store's widgetEvents collection itself (else events found there are older ones, to be moved into the log). */
  readonly inStore: boolean;
  /** Appends events; the log's size bound holds when it resolves. */
  append(events: readonly LoggedEvent[]): Promise<void>;
  /** Drops events that came before `before` and enforces the size bound; returns how many events (file log: segments) went. */
  prune(before: Date): Promise<number>;
  /** Bytes (file log) or events (storage log) held, for tests and the bench. */
  size(): Promise<number>;
}

/** Default size bound of the raw event log (WIDGET_EVENTS_MAX_MB). */
export const EVENT_LOG_MAX_BYTES = 16 * 1024 * 1024;
/** A segment file is closed and a new one begun past this share of the bound (so dropping one frees at most this much). */
const SEGMENTS_PER_BOUND = 8;
const SEGMENT = /^(\d{4}-\d{2}-\d{2})-(\d{6})\.jsonl$/;

/**
 * The embedded store's event log: JSON lines appended to segment files under `dir`
 * (`YYYY-MM-DD-NNNNNN.jsonl`, one day's events or less each, a new one past maxBytes/8), never
 * rewritten. Past `maxBytes` the oldest segments are deleted at once; the hourly housekeeping
 * deletes days older than the retention. Not fsynced (raw events are not worth a sync per call;
 * the counters are in the store). One process writes it (the embedded store is single-instance);
 * appends queue in this process.
 */
export async function openFileEventLog(opts: { dir: string; maxBytes?: number }): Promise<WidgetEventLog & { close(): Promise<void> }> {
  const maxBytes = opts.maxBytes ?? EVENT_LOG_MAX_BYTES;
  const segmentBytes = Math.max(64 * 1024, Math.floor(maxBytes / SEGMENTS_PER_BOUND));
  await mkdir(opts.dir, { recursive: true, mode: 0o700 });
  /** Segments oldest first (names sort by day, then number) and their sizes. */
  const segments: { name: string; day: string; bytes: number }[] = [];
  for (const name of (await readdir(opts.dir)).sort()) {
    const m = SEGMENT.exec(name);
    if (m) segments.push({ name, day: m[1]!, bytes: (await stat(path.join(opts.dir, name))).size });
  }
  // Numbers never repeat: a new segment takes the next after the highest on disk.
  let seq = Math.max(0, ...segments.map((s) => Number(SEGMENT.exec(s.name)![2])));
  let fh: FileHandle | null = null;
  let current: (typeof segments)[number] | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every earlier one: appends and prunes never interleave. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };

  const remove = async (seg: (typeof segments)[number]) => {
    if (seg === current) {
      await fh?.close();
      fh = null;
      current = null;
    }
    await unlink(path.join(opts.dir, seg.name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    segments.splice(segments.indexOf(seg), 1);
  };

  const enforceSize = async () => {
    let total = segments.reduce((n, s) => n + s.bytes, 0);
    let dropped = 0;
    while (total > maxBytes && segments.length > 0) {
      const oldest = segments[0]!;
      total -= oldest.bytes;
      await remove(oldest);
      dropped += 1;
    }
    return dropped;
  };

  return {
    inStore: false,
    append: (events) =>
      serial(async () => {
        // A segment holds one day at most (age is dropped by whole segments): a call is written per day it spans.
        for (let from = 0; from < events.length; ) {
          const day = events[from]!.at.slice(0, 10);
          let to = from + 1;
          while (to < events.length && events[to]!.at.slice(0, 10) === day) to += 1;
          const text = events.slice(from, to).map((e) => JSON.stringify(e)).join('\n') + '\n';
          const bytes = Buffer.byteLength(text);
          if (!current || current.day !== day || current.bytes + bytes > segmentBytes) {
            await fh?.close();
            seq += 1;
            const next = { name: `${day}-${String(seq).padStart(6, '0')}.jsonl`, day, bytes: 0 };
            fh = await open(path.join(opts.dir, next.name), 'a', 0o600);
            // Kept in name order (day, then number): older days moved in from the store are the oldest.
            const at = segments.findIndex((s) => s.name > next.name);
            segments.splice(at < 0 ? segments.length : at, 0, next);
            current = next;
          }
          await fh!.write(text);
          current.bytes += bytes;
          from = to;
        }
        await enforceSize();
      }),
    prune: (before) =>
      serial(async () => {
        const day = before.toISOString().slice(0, 10);
        let dropped = 0;
        // A segment holds one day at most: a day before the cut-off's day is wholly older.
        for (const seg of segments.filter((s) => s.day < day)) {
          await remove(seg);
          dropped += 1;
        }
        return dropped + (await enforceSize());
      }),
    size: () => serial(async () => segments.reduce((n, s) => n + s.bytes, 0)),
    close: () =>
      serial(async () => {
        await fh?.close();
        fh = null;
        current = null;
      }),
  };
}

/** Bytes one stored event is reckoned at when the storage log turns the size bound into a count. */
const EVENT_BYTES_ESTIMATE = 1024;

/**
 * The event log in the store's widgetEvents collection: on PostgreSQL an append-only table
 * (inserts only; the hourly housekeeping deletes the old ones and the oldest beyond
 * maxBytes / 1 KB events). Used by tests on the memory store too.
 */
export function storageEventLog(storage: Storage, opts: { maxBytes?: number } = {}): WidgetEventLog {
  const repo = new WidgetRepository(storage);
  const maxEvents = Math.max(1, Math.floor((opts.maxBytes ?? EVENT_LOG_MAX_BYTES) / EVENT_BYTES_ESTIMATE));
  return {
    inStore: true,
    append: (events) => repo.appendEvents(events.map((e) => ({ id: randomUUID(), ...e, counted: true }))),
    prune: async (before) => (await repo.removeEventsBefore(before.toISOString())) + (await repo.removeOldestEventsBeyond(maxEvents)),
    size: () => repo.eventCount(),
  };
}
