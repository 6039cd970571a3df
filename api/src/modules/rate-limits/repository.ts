import type { Storage } from '../../storage/port';
import { rateLimitsCollection, type RateLimitRecord } from './records';

/** Expired counters are removed this many per transaction. */
const REMOVE_PAGE = 200;

/** The rate limiters' counters. */
export class RateLimitRepository {
  constructor(private readonly storage: Storage) {}

  private get rows() {
    return this.storage.collection(rateLimitsCollection);
  }

  /** The counter, while its window lasts. */
  async current(id: string, now: Date): Promise<RateLimitRecord | undefined> {
    const row = await this.rows.get(id);
    return row && row.resetAt > now.toISOString() ? row : undefined;
  }

  /**
   * Counts one hit, atomically (a row-locked upsert: concurrent hits from several instances queue
   * on the counter, none is lost): in the window under way, or as the first of a new one when
   * there is none or it has ended.
   */
  hit(id: string, now: Date, windowMs: number): Promise<RateLimitRecord> {
    const at = now.toISOString();
    const fresh = (): RateLimitRecord => ({ id, hits: 1, resetAt: new Date(now.getTime() + windowMs).toISOString() });
    return this.rows.upsert(id, (r) => (r.resetAt <= at ? fresh() : { ...r, hits: r.hits + 1 }), fresh);
  }

  /**
   * Counts an attempt unless the counter is full (`limit` reached): each counted attempt starts the
   * window anew from `now`, an attempt refused while full changes nothing — so the counter stays
   * full for `windowMs` after the attempt that filled it. Atomic (row-locked upsert): of any number
   * of concurrent attempts, at most `limit` are counted. `counted` says whether this one was.
   */
  async attempt(id: string, now: Date, limit: number, windowMs: number): Promise<{ row: RateLimitRecord; counted: boolean }> {
    const at = now.toISOString();
    const resetAt = new Date(now.getTime() + windowMs).toISOString();
    let counted = true;
    const row = await this.rows.upsert(
      id,
      (r) => {
        counted = r.resetAt <= at || r.hits < limit;
        return !counted ? r : { id, hits: r.resetAt <= at ? 1 : r.hits + 1, resetAt, lastAt: at };
      },
      () => ((counted = true), { id, hits: 1, resetAt, lastAt: at }),
    );
    return { row, counted };
  }

  /**
   * Counts an attempt when `pause(hits)` has passed since the last counted one, atomically;
   * otherwise changes nothing and answers how long is left. The counter lasts `windowMs` after
   * the last counted attempt.
   */
  async paced(id: string, now: Date, pause: (hits: number) => number, windowMs: number): Promise<{ row: RateLimitRecord; waitMs: number }> {
    const at = now.toISOString();
    const resetAt = new Date(now.getTime() + windowMs).toISOString();
    let waitMs = 0;
    const row = await this.rows.upsert(
      id,
      (r) => {
        const live = r.resetAt > at;
        const last = live && r.lastAt ? Date.parse(r.lastAt) : -Infinity;
        waitMs = live ? Math.max(0, last + pause(r.hits) - now.getTime()) : 0;
        return waitMs > 0 ? r : { id, hits: live ? r.hits + 1 : 1, resetAt, lastAt: at };
      },
      () => ((waitMs = 0), { id, hits: 1, resetAt, lastAt: at }),
    );
    return { row, waitMs };
  }

  /** Takes one hit back (a request that is not to count after all), in the window under way only. */
  async unhit(id: string, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.rows.update(id, (r) => (r.resetAt <= at ? r : { ...r, hits: Math.max(0, r.hits - 1) }));
  }

  async remove(id: string): Promise<void> {
    await this.rows.remove(id);
  }

  /**
   * Removes the counters whose window ended before `now`, a page per transaction (oldest first,
   * by the `byReset` index). A counter hit again meanwhile has a new window and stays.
   */
  async removeExpired(now: Date): Promise<number> {
    const at = now.toISOString();
    let removed = 0;
    for (;;) {
      const page = await this.rows.list('byReset', 'all', { to: at, limit: REMOVE_PAGE });
      if (page.length === 0) return removed;
      const gone = await this.storage.transaction(async () => {
        let n = 0;
        for (const { id } of page) {
          const cur = await this.rows.get(id);
          if (cur && cur.resetAt < at && (await this.rows.remove(id))) n += 1;
        }
        return n;
      });
      removed += gone;
      // A page that removed nothing (hit again, or removed by another instance meanwhile) ends this run; the next takes the rest.
      if (gone === 0) return removed;
    }
  }
}
