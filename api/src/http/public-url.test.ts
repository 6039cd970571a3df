import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { eidStartResponseSchema } from '@optik/shared';
import { makeTestApp, shopperAgent, testConfig, type TestApp } from '../test/harness';
import type { AppConfig } from '../deps';
import { isAllowedDemoHost, publicUrlsFor } from './public-url';

/**
 * Issue 16 item 2: MitID and mailed links work on whatever host name the demo was opened on
 * (127.0.0.1, localhost, a LAN name), as the apps' proxy forwards it — and only from configured
 * addresses in production.
 */
const LOCALHOST_SHOP: Partial<AppConfig> = { publicWebUrl: 'http://localhost:5173', publicStoreUrl: 'http://localhost:5174', loginRateLimit: { windowMs: 60_000, max: 50 } };
const CALLBACK = '/min-konto/log-ind/mitid';
const PASSWORD = 'En-lang-kode-2026';

type Shopper = Awaited<ReturnType<typeof shopperAgent>>;

/** A request as it comes through the apps' proxy of a shop opened on `host`. */
const via = (s: Shopper, host: string) => ({
  post: (path: string, body: object) => s.post(path, body).set('X-Forwarded-Host', host),
  get: (path: string) => s.agent.get(path).set('X-Forwarded-Host', host),
});

async function eidRoundTrip(t: TestApp, s: Shopper, host: string) {
  const started = await via(s, host).post('/api/eid/start', {}).expect(200);
  const url = eidStartResponseSchema.parse(started.body).url;
  const query = Object.fromEntries(new URL(url, 'http://api.test').searchParams);
  await via(s, host).get(url).expect(200);
  const back = await s.agent.post('/api/eid/sim/authorize').type('form').send({ ...query, action: 'login', person: 'lars' }).expect(303);
  const location = new URL(back.headers.location!);
  return { query, location, answer: Object.fromEntries(new URLSearchParams(location.hash.slice(1))) };
}

describe('public addresses of the shop (issue 16)', () => {
  it('sends MitID back to the host the shop was opened on (127.0.0.1), and the login succeeds there', async () => {
    const t = await makeTestApp({ config: LOCALHOST_SHOP });
    const s = await shopperAgent(t);
    const { query, location, answer } = await eidRoundTrip(t, s, '127.0.0.1:5173');
    expect(query.redirect_uri).toBe(`http://127.0.0.1:5173${CALLBACK}`);
    expect(`${location.origin}${location.pathname}`).toBe(`http://127.0.0.1:5173${CALLBACK}`);
    // Through: a new person is asked to accept the terms (the state, nonce and PKCE checks passed).
    const done = await via(s, '127.0.0.1:5173').post('/api/eid/callback', answer).expect(403);
    expect(done.body.error.code).toBe('terms_not_accepted');
  });

  it('says the login was started elsewhere when the answer arrives on another host name', async () => {
    const t = await makeTestApp({ config: LOCALHOST_SHOP });
    const s = await shopperAgent(t);
    const { answer } = await eidRoundTrip(t, s, '127.0.0.1:5173');
    const res = await via(s, 'localhost:5173').post('/api/eid/callback', answer).expect(409);
    expect(res.body.error.message).toBe('Login blev startet på en anden adresse eller i en anden browser. Start forfra.');
  });

  it('keeps the configured address for a host name that is not on the allow-list, and the simulator refuses such a return address', async () => {
    const t = await makeTestApp({ config: LOCALHOST_SHOP });
    const s = await shopperAgent(t);
    const { query } = await eidRoundTrip(t, s, 'evil.example:5173');
    expect(query.redirect_uri).toBe(`http://localhost:5173${CALLBACK}`);
    const forged = new URLSearchParams({ ...query, redirect_uri: `http://evil.example:5173${CALLBACK}` });
    await s.agent.get(`/api/eid/sim/authorize?${forged.toString()}`).expect(400);
  });

  it('mails the verification link on the host the shop was opened on', async () => {
    const t = await makeTestApp({ config: LOCALHOST_SHOP });
    const s = await shopperAgent(t);
    await via(s, '127.0.0.1:5173').post('/api/auth/register', { firstName: 'Ida', lastName: 'Holm', email: 'ida.holm@example.dk', phone: '20304050', password: PASSWORD, passwordRepeat: PASSWORD, acceptTerms: true }).expect(201);
    const mail = t.mailer.sent.find((m) => m.to === 'ida.holm@example.dk');
    expect(mail?.text).toContain('http://127.0.0.1:5173/min-konto/bekraeft-email#token=');
  });

  it('trusts X-Forwarded-Host only from a trusted proxy', async () => {
    const t = await makeTestApp({ config: { ...LOCALHOST_SHOP, trustProxy: false } });
    const s = await shopperAgent(t);
    const { query } = await eidRoundTrip(t, s, '127.0.0.1:5173');
    expect(query.redirect_uri).toBe(`http://localhost:5173${CALLBACK}`);
  });

  it('uses only the configured addresses in production', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    const production: AppConfig = { ...testConfig, demo: false, publicWebUrl: 'https://www.profiloptik.dk', publicStoreUrl: 'https://butik.profiloptik.dk' };
    app.get('/', (req, res) => {
      res.json({ demo: publicUrlsFor(req, { ...production, demo: true }), production: publicUrlsFor(req, production) });
    });
    const res = await request(app).get('/').set('X-Forwarded-Host', '127.0.0.1:5173').expect(200);
    expect(res.body.production).toEqual({ shop: 'https://www.profiloptik.dk', store: 'https://butik.profiloptik.dk' });
    // Demo mode keeps the configured scheme and port, with the host name the app was opened on.
    expect(res.body.demo).toEqual({ shop: 'https://127.0.0.1', store: 'https://127.0.0.1' });
  });

  it('allows loopback, private LAN and configured host names, nothing else', () => {
    const config = { publicWebUrl: 'http://shop.example:5173', publicStoreUrl: 'http://localhost:5174' };
    for (const ok of ['localhost', '127.0.0.1', '[::1]', 'shop.example', '192.168.1.20', '10.0.0.5', '172.20.1.1', 'app.localhost']) expect(isAllowedDemoHost(ok, config), ok).toBe(true);
    for (const bad of ['evil.example', '8.8.8.8', '172.32.0.1', 'localhost.evil.example']) expect(isAllowedDemoHost(bad, config), bad).toBe(false);
  });
});
