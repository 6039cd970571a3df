import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '../../storage/postgres';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { rateLimitsCollection } from './records';
import { RateLimitService } from './service';

afterAll(() => stopTestPostgres());

describe('rate-limit counters on PostgreSQL, two instances', () => {
  it('counts every hit from both at once, the racing first ones included', async () => {
    const db = await freshDatabase();
    const open = () => openPostgresStorage({ url: db.url, collections: [rateLimitsCollection], poolSize: 6 });
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const clock = { now: () => new Date('2026-11-26T10:00:00Z') };
      const limits = [new RateLimitService(a, clock, 's'), new RateLimitService(b, clock, 's')];
      const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => limits[i % 2]!.hit('login', 'k', 60_000)));
      expect(hits.map((h) => h.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect((await limits[1]!.current('login', 'k'))!.totalHits).toBe(30);
      // A full counter (gift-card PINs, login pace) lets no more through, however many race for it.
      const attempts = await Promise.all(Array.from({ length: 30 }, (_, i) => limits[i % 2]!.attempt('pin', 'card', { limit: 5, windowMs: 3_600_000 })));
      expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
      const paced = await Promise.all(Array.from({ length: 30 }, (_, i) => limits[i % 2]!.paced('pace', 'account', { pause: (n) => (n < 5 ? 0 : 1_000), windowMs: 60_000 })));
      expect(paced.filter((a) => a.allowed)).toHaveLength(5);
      expect(paced.filter((a) => !a.allowed).every((a) => a.retryAfterMs === 1_000)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
