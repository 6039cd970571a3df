import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config';
import { makeTestApp, shopperAgent } from '../../test/harness';

/**
 * Issue 15 finding 2: the API takes the client's address from X-Forwarded-For only as far as the
 * configured hops (TRUST_PROXY) vouch for it, so a client cannot choose the address its limits
 * count under. Observed through the login guard "one address may try at most `max` accounts".
 */
describe('TRUST_PROXY: whose X-Forwarded-For entry is the client', () => {
  it('reads TRUST_PROXY as Express takes it, and refuses "trust everyone" and malformed values', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,2001:db8::/32, 192.0.2.7')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.7']);
    for (const bad of ['true', '', '10.0.0.0/33', '300.1.1.1', 'proxy.example', '10.0.0.0/8/1', '1.5']) expect(parseTrustProxy(bad)).toBeNull();
  });

  it('with TRUST_PROXY=1 keys a request carrying "X-Forwarded-For: a, b" on b (written by the proxy), not the client-chosen a', async () => {
    const t = await makeTestApp({ config: { trustProxy: 1, loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const s = await shopperAgent(t);
    const viaProxy = (clientChosen: string, lastHop: string, email: string) => s.post('/api/auth/login', { email, password: 'forkert' }).set('X-Forwarded-For', `${clientChosen}, ${lastHop}`);
    // The last hop is loopback: with 'loopback' trusted it would be skipped and the client's entry believed.
    await viaProxy('203.0.113.1', '127.0.0.2', 'a@example.dk').expect(401);
    await viaProxy('203.0.113.2', '127.0.0.2', 'b@example.dk').expect(401);
    await viaProxy('203.0.113.3', '127.0.0.2', 'c@example.dk').expect(429);
    // Another last hop is another client.
    await viaProxy('203.0.113.3', '192.0.2.9', 'c@example.dk').expect(401);
  });

  it('with TRUST_PROXY=false ignores the header: every request counts under the connection’s address', async () => {
    const t = await makeTestApp({ config: { trustProxy: false, loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const s = await shopperAgent(t);
    await s.post('/api/auth/login', { email: 'a@example.dk', password: 'forkert' }).set('X-Forwarded-For', '203.0.113.1').expect(401);
    await s.post('/api/auth/login', { email: 'b@example.dk', password: 'forkert' }).set('X-Forwarded-For', '203.0.113.2').expect(401);
    await s.post('/api/auth/login', { email: 'c@example.dk', password: 'forkert' }).set('X-Forwarded-For', '203.0.113.3').expect(429);
  });
});
