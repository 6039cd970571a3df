import { createHash } from 'node:crypto';
import type { Collection, Entity, Storage } from '../../storage/port';
import { widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection, type WidgetEventRecord, type WidgetPopularityRecord, type WidgetQueryRecord } from './records';

/** Events and queries are removed (or counted) this many per transaction. */
const WRITE_PAGE = 200;

/** The widget's tracking events, the popularity counters they feed, and the counted searches. */
export class WidgetRepository {
  constructor(private readonly storage: Storage) {}

  private get events() {
    return this.storage.collection(widgetEventsCollection);
  }
  private get popularity() {
    return this.storage.collection(widgetPopularityCollection);
  }
  private get queries() {
    return this.storage.collection(widgetQueriesCollection);
  }

  /** Adds `delta` to each article's counter (in id order, so concurrent transactions lock rows alike). */
  private async addScores(deltas: ReadonlyMap<string, number>): Promise<void> {
    for (const id of [...deltas.keys()].sort()) {
      const delta = deltas.get(id)!;
      await this.popularity.upsert(id, (cur) => ({ ...cur, score: cur.score + delta }), () => ({ id, score: delta }));
    }
  }

  /** Stores events (marked counted) and adds their weights to the popularity counters, in one transaction. */
  async addEvents(events: readonly WidgetEventRecord[], deltas: ReadonlyMap<string, number>): Promise<void> {
    await this.storage.transaction(async () => {
      await this.events.putMany(events.map((e) => ({ ...e, counted: true })));
      await this.addScores(deltas);
    });
  }

  /** Adds event weights to the popularity counters, in one transaction (the aggregate popularity reads). */
  async addCounts(deltas: ReadonlyMap<string, number>): Promise<void> {
    if (deltas.size === 0) return;
    await this.storage.transaction(() => this.addScores(deltas));
  }

  /** Appends raw events (already counted) to the event collection: inserts only. */
  async appendEvents(events: readonly WidgetEventRecord[]): Promise<void> {
    await this.events.putMany(events);
  }

  /** How many raw events the collection holds. */
  eventCount(): Promise<number> {
    return this.events.count();
  }

  /** Removes the oldest events beyond `max` (the storage log's size bound), a page per transaction. Returns how many. */
  async removeOldestEventsBeyond(max: number): Promise<number> {
    let total = 0;
    for (;;) {
      const excess = (await this.events.count()) - max;
      if (excess <= 0) return total;
      const page = await this.events.list('byTime', 'all', { limit: Math.min(excess, WRITE_PAGE) });
      const removed = await this.removeEvents(page);
      total += removed;
      if (removed === 0) return total;
    }
  }

  /**
   * Moves the oldest stored events into `log`, a page at a time (each page appended, then removed
   * in one transaction): the embedded store's events from before the file log. Only counted events
   * move (countUncounted runs first). Returns how many.
   */
  async moveEventsTo(log: { append(events: readonly Omit<WidgetEventRecord, 'id' | 'counted'>[]): Promise<void> }): Promise<number> {
    let total = 0;
    for (;;) {
      const page = (await this.events.list('byTime', 'all', { limit: WRITE_PAGE })).filter((e) => e.counted);
      if (page.length === 0) return total;
      await log.append(page.map(({ at, market, tenant, event }) => ({ at, market, tenant, event })));
      const removed = await this.removeEvents(page);
      total += removed;
      if (removed === 0) return total;
    }
  }

  /** Removes these stored events in one transaction; how many were still there. */
  private removeEvents(page: readonly { id: string }[]): Promise<number> {
    return this.storage.transaction(async () => {
      let n = 0;
      for (const { id } of page) if (await this.events.remove(id)) n += 1;
      return n;
    });
  }

  /** Every article's counter from events (the collection is read whole on purpose: one row per article shoppers touched). */
  scores(): Promise<WidgetPopularityRecord[]> {
    return this.popularity.all();
  }

  /**
   * Adds the events stored before the counters existed to them, a page per transaction: each is
   * marked counted in the same transaction that adds its weight, so none counts twice. Returns how many.
   */
  async countUncounted(weigh: (e: WidgetEventRecord) => ReadonlyMap<string, number>): Promise<number> {
    let total = 0;
    for (;;) {
      const page = await this.events.list('uncounted', 'all', { limit: WRITE_PAGE });
      if (page.length === 0) return total;
      const counted = await this.storage.transaction(async () => {
        const deltas = new Map<string, number>();
        let n = 0;
        for (const { id } of page) {
          // Set by the update: the event as it was, when not yet counted.
          let fresh = null as WidgetEventRecord | null;
          await this.events.update(id, (e) => {
            fresh = e.counted ? null : e;
            return fresh ? { ...e, counted: true } : e;
          });
          if (!fresh) continue;
          n += 1;
          for (const [article, w] of weigh(fresh)) deltas.set(article, (deltas.get(article) ?? 0) + w);
        }
        await this.addScores(deltas);
        return n;
      });
      total += counted;
      // A page all counted meanwhile (by another instance) ends this run; a later run takes any rest.
      if (counted === 0) return total;
    }
  }

  /** Removes the events that came before `before` (ISO), oldest first, a page per transaction. Returns how many. */
  removeEventsBefore(before: string): Promise<number> {
    return this.removeRange(this.events, 'byTime', before, (e) => e.at < before);
  }

  /** Removes the searches nobody made since `before` (ISO). Returns how many. */
  removeQueriesBefore(before: string): Promise<number> {
    return this.removeRange(this.queries, 'byLast', before, (q) => q.lastAt < before);
  }

  /** Removes the records of `index` ordered before `before`, rechecked with `old` inside the transaction (a query searched again meanwhile stays). */
  private async removeRange<T extends Entity, I extends string>(rows: Collection<T, string, I>, index: I, before: string, old: (r: T) => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      const page = await rows.list(index, 'all', { to: before, limit: WRITE_PAGE });
      if (page.length === 0) return total;
      const removed = await this.storage.transaction(async () => {
        let n = 0;
        for (const { id } of page) {
          const cur = await rows.get(id);
          if (cur && old(cur) && (await rows.remove(id))) n += 1;
        }
        return n;
      });
      total += removed;
      if (removed === 0) return total;
    }
  }

  /** Counts one search of `query` (folded, at most QUERY_MAX_LENGTH long), atomically. */
  async countQuery(query: string, at: string): Promise<void> {
    const id = createHash('sha256').update(query).digest('hex');
    await this.queries.upsert(id, (cur) => ({ ...cur, count: cur.count + 1, lastAt: at }), () => ({ id, query, count: 1, lastAt: at }));
  }

  /** The most searched queries, most first. */
  topQueries(limit: number): Promise<WidgetQueryRecord[]> {
    return this.queries.list('byCount', 'all', { desc: true, limit });
  }

  /** The most searched queries starting with these two characters, most first. */
  topQueriesStarting(start: string, limit: number): Promise<WidgetQueryRecord[]> {
    return this.queries.list('byStart', start, { desc: true, limit });
  }
}
