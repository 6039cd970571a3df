import { describe, expect, it } from 'vitest';
import { eidStartResponseSchema } from '@optik/shared';
import { customerAgent, makeTestApp, shopperAgent, type TestApp } from '../../test/harness';
import { LOGIN_FREE_ATTEMPTS, LOGIN_MAX_PAUSE_MS, loginPause } from './login-throttle';

/**
 * Issue 15 finding 2: wrong passwords slow an account down (whatever the address), never lock its
 * owner out; one address may not try many accounts; e-ID and password reset always work.
 */
const PASSWORD = 'Demo1234!';
const KUNDE = 'kunde@example.dk';
type Shopper = Awaited<ReturnType<typeof shopperAgent>>;
let nextAddress = 1;
/** A new client address per request, as a rotating X-Forwarded-For header gives. */
const address = () => `198.51.100.${nextAddress++ % 250}`;
const retryAfter = (res: { headers: Record<string, string> }) => Number(res.headers['retry-after']);

/** A whole MitID login through the simulator (the shop's start, the simulator's page, the callback). */
async function eidLogin(s: Shopper, person: string) {
  const url = eidStartResponseSchema.parse((await s.post('/api/eid/start', {}).expect(200)).body).url;
  const query = Object.fromEntries(new URL(url, 'http://api.test').searchParams);
  const res = await s.agent.post('/api/eid/sim/authorize').type('form').send({ ...query, action: 'login', person }).expect(303);
  return s.post('/api/eid/callback', Object.fromEntries(new URLSearchParams(new URL(res.headers.location!).hash.slice(1))));
}

/** `n` wrong passwords counted on the account: attempts answered 429 wait their Retry-After on the test clock. Returns the pauses asked for. */
async function wrongPasswords(t: TestApp, s: Shopper, n: number, from: () => string | undefined = address) {
  const pauses: number[] = [];
  for (let failed = 0; failed < n; ) {
    const req = s.post('/api/auth/login', { email: KUNDE, password: `forkert-${failed}` });
    const ip = from();
    const res = await (ip ? req.set('X-Forwarded-For', ip) : req);
    if (res.status === 401) {
      failed += 1;
      continue;
    }
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    pauses.push(retryAfter(res));
    t.clock.advance(retryAfter(res) * 1000);
  }
  return pauses;
}

describe('failed logins slow the account down instead of locking the owner out', () => {
  it('paces wrong passwords 1 s, 2 s, 4 s … at most a minute after the free ones', () => {
    expect(Array.from({ length: 14 }, (_, i) => loginPause(i))).toEqual([0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(LOGIN_FREE_ATTEMPTS).toBe(5);
    expect(LOGIN_MAX_PAUSE_MS).toBe(60_000);
  });

  it('after 20 wrong passwords from ever new addresses: the owner waits at most a minute, and the reset mail and MitID work at once', async () => {
    const t = await makeTestApp();
    // The owner has linked MitID earlier.
    const owner = await customerAgent(t);
    expect((await eidLogin(owner, 'mette')).status).toBe(200);

    const attacker = await shopperAgent(t);
    const pauses = await wrongPasswords(t, attacker, 20);
    // Rotating the address did not help: the account was paced, growing to the cap.
    expect(pauses.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(Math.max(...pauses)).toBe(60);

    const browser = await shopperAgent(t);
    const refused = await browser.post('/api/auth/login', { email: KUNDE, password: PASSWORD }).set('X-Forwarded-For', address()).expect(429);
    expect(retryAfter(refused)).toBe(60);

    // Password reset and MitID are not held up at all.
    await browser.post('/api/auth/password-reset/request', { email: KUNDE }).expect(200);
    expect(t.mailer.sent.filter((m) => m.to === KUNDE)).toHaveLength(1);
    const eid = await eidLogin(await shopperAgent(t), 'mette');
    expect(eid.status).toBe(200);
    expect(eid.body.user).toMatchObject({ id: 'u-kunde' });

    // The right password once the pause is over; it clears the count.
    t.clock.advance(retryAfter(refused) * 1000);
    await browser.post('/api/auth/login', { email: KUNDE, password: PASSWORD }).expect(200);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) await browser.post('/api/auth/login', { email: KUNDE, password: 'forkert' }).expect(401);
  });

  it('never locks the owner out for the window: 10 wrong passwords from the owner’s own address cost at most a minute', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 15 * 60_000, max: 10 } } });
    const s = await shopperAgent(t);
    await wrongPasswords(t, s, 10, () => undefined);
    const refused = await s.post('/api/auth/login', { email: KUNDE, password: PASSWORD }).expect(429);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    t.clock.advance(retryAfter(refused) * 1000);
    await s.post('/api/auth/login', { email: KUNDE, password: PASSWORD }).expect(200);
  });

  it('lets no more than the free attempts through at once, whatever the addresses', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => s.post('/api/auth/login', { email: KUNDE, password: `gæt-${i}` }).set('X-Forwarded-For', address())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 401)).toHaveLength(LOGIN_FREE_ATTEMPTS);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15 - LOGIN_FREE_ATTEMPTS);
  });

  it('stops one address trying many accounts, without touching other addresses or accounts it already tried', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 3 } } });
    const s = await shopperAgent(t);
    const from = (ip: string, email: string, password = 'forkert') => s.post('/api/auth/login', { email, password }).set('X-Forwarded-For', ip);
    for (const email of ['a@example.dk', 'b@example.dk', 'c@example.dk']) await from('203.0.113.50', email).expect(401);
    const refused = await from('203.0.113.50', 'd@example.dk').expect(429);
    expect(retryAfter(refused)).toBe(60);
    // A mistyped password on an account already tried from here is paced per account only.
    await from('203.0.113.50', 'a@example.dk').expect(401);
    // Other addresses are not affected.
    await from('203.0.113.51', 'd@example.dk').expect(401);
    await from('203.0.113.51', KUNDE, PASSWORD).expect(200);
    // Right passwords do not use up an address's places.
    const office = await shopperAgent(t);
    for (let i = 0; i < 5; i++) await office.post('/api/auth/login', { email: KUNDE, password: PASSWORD }).set('X-Forwarded-For', '203.0.113.52').expect(200);
    await office.post('/api/auth/login', { email: 'anden@example.dk', password: 'forkert' }).set('X-Forwarded-For', '203.0.113.52').expect(401);
  });

  it('paces store logins per user name in the same way, apart from the shop’s', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: 'forkert' }).set('X-Forwarded-For', address()).expect(401);
    const refused = await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: PASSWORD }).set('X-Forwarded-For', address()).expect(429);
    expect(retryAfter(refused)).toBe(1);
    await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'leder1', password: PASSWORD }).expect(200);
    t.clock.advance(1_000);
    await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: PASSWORD }).expect(200);
  });
});
