import { describe, expect, it } from 'vitest';
import { da } from '@optik/shared';
import { makeTestApp, shopperAgent, TestClock } from '../../test/harness';
import { createMemoryStorage } from '../../storage/memory';
import { rateLimitsCollection } from './records';
import { LOGIN_MEMORY_MS } from './login-throttle';
import { RateLimitService } from './service';

const PASSWORD = 'Demo1234!';
const config = { loginRateLimit: { windowMs: 60_000, max: 10 } };

describe('rate limits in storage', () => {
  it('two instances on one storage share the failed-login pace, and a passed pause lets the customer in again', async () => {
    const a = await makeTestApp({ config });
    const b = await makeTestApp({ config, storage: a.storage });
    const onA = await shopperAgent(a);
    const onB = await shopperAgent(b);
    const wrong = { email: 'kunde@example.dk', password: 'forkert' };
    for (let i = 0; i < 3; i++) await onA.post('/api/auth/login', wrong).expect(401);
    for (let i = 0; i < 2; i++) await onB.post('/api/auth/login', wrong).expect(401);

    // The 6th attempt must wait its pause on either instance, even with the right password.
    const refusedA = await onA.post('/api/auth/login', { ...wrong, password: PASSWORD }).expect(429);
    expect(refusedA.body.error).toEqual({ code: 'rate_limited', message: da.errors.loginExpiredOrTooMany });
    expect(refusedA.headers['retry-after']).toBe('1');
    await onB.post('/api/auth/login', { ...wrong, password: PASSWORD }).expect(429);
    // Another account from the same address is not held up.
    await onB.post('/api/auth/login', { email: 'ubekraeftet@example.dk', password: 'forkert' }).expect(401);

    a.clock.advance(1_000);
    b.clock.advance(1_000);
    await onB.post('/api/auth/login', { ...wrong, password: PASSWORD }).expect(200);
  });

  it('counts only failed attempts where the limiter says so: successful logins on both instances never lock anyone out', async () => {
    const a = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const b = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 2 } }, storage: a.storage });
    const onA = await shopperAgent(a);
    const onB = await shopperAgent(b);
    for (let i = 0; i < 3; i++) {
      await onA.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
      await onB.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
    }
  });

  it('stores no address or e-mail in clear, and the hourly clean-up removes only ended windows', async () => {
    const a = await makeTestApp({ config });
    const s = await shopperAgent(a);
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: 'forkert' }).expect(401);
    a.clock.advance(30_000);
    await s.post('/api/auth/login', { email: 'anden@example.dk', password: 'forkert' }).expect(401);
    // Per account (2), per address and account (2), per address (1).
    const rows = await a.storage.collection(rateLimitsCollection).all();
    expect(rows).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toMatch(/example\.dk|127\.0\.0\.1|kunde|anden/);

    // The address's windows end a minute after they began; the accounts' counts are kept for LOGIN_MEMORY_MS after their last attempt.
    a.clock.advance(30_001);
    expect(await a.services.rateLimits.removeExpired()).toBe(2);
    expect(await a.storage.collection(rateLimitsCollection).count()).toBe(3);
    a.clock.advance(30_000);
    expect(await a.services.rateLimits.removeExpired()).toBe(1);
    expect(await a.storage.collection(rateLimitsCollection).count()).toBe(2);
    a.clock.advance(LOGIN_MEMORY_MS);
    expect(await a.services.rateLimits.removeExpired()).toBe(2);
    expect(await a.storage.collection(rateLimitsCollection).count()).toBe(0);
  });

  it('counts concurrent hits atomically and starts a new window once the old one ended', async () => {
    const storage = createMemoryStorage([rateLimitsCollection]);
    const clock = new TestClock();
    const one = new RateLimitService(storage, clock, 'hemmelig');
    const other = new RateLimitService(storage, clock, 'hemmelig');
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : other).hit('login', 'k', 60_000)));
    expect(hits.map((h) => h.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Limiters of another name count apart.
    expect((await one.hit('mail', 'k', 60_000)).totalHits).toBe(1);
    await one.unhit('login', 'k');
    expect((await other.current('login', 'k'))!.totalHits).toBe(19);

    clock.advance(60_000);
    expect(await other.current('login', 'k')).toBeUndefined();
    const fresh = await one.hit('login', 'k', 60_000);
    expect(fresh).toEqual({ totalHits: 1, resetTime: new Date(clock.now().getTime() + 60_000) });
    await other.reset('login', 'k');
    expect(await one.current('login', 'k')).toBeUndefined();
  });
});
