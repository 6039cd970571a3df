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
