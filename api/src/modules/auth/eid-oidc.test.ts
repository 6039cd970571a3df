import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_TERMS_VERSION, eidStartResponseSchema, sessionResponseSchema } from '@optik/shared';
import { createFieldCrypto } from '../../crypto/field-crypto';
import { createSimulatedExternalCalendar } from '../booking/external-calendar';
import { createLocalLifestylePlatform } from '../lifestyle/local-platform';
import { createSimulatedAgreements } from '../subscriptions/agreements';
import { accountProfilesCollection, accountsCollection, eidLinksCollection } from './records';
import { customerAgent, makeTestApp, shopperAgent, testConfig, type TestApp } from '../../test/harness';
import { createLocalCarrierDirectory } from '../../ports/carrier';
import { createLocalCompanyRegistry } from '../../ports/company-registry';
import { createOidcEid } from '../../ports/eid-oidc';

/**
 * The real e-ID adapter against a real OpenID provider (`oidc-provider`, the certified
 * implementation) started in the test on a random port: discovery, the authorization request,
 * the provider's login interaction, the answer in the fragment, the code exchange with the
 * client secret and PKCE, the ID token and userinfo — nothing of the protocol is stubbed.
 */

const CLIENT = { id: 'optik-shop', secret: 'en-lang-hemmelig-klientnoegle-til-testen-1234' };
const REDIRECT = 'http://shop.test/min-konto/log-ind/mitid';

/** The broker's people: who logs in at the provider is chosen per login (`nextPerson`). */
const PEOPLE = {
  birgit: { given_name: 'Birgit', family_name: 'Holm', email: 'birgit.holm@example.dk', email_verified: true, 'dk.cpr': '0503854322' },
  // A broker that vouches for a known customer's e-mail (kunde@example.dk in the seed).
  kunde: { given_name: 'Mette', family_name: 'Jensen', email: 'kunde@example.dk', email_verified: true, 'dk.cpr': '0707614285' },
} as const;
type Person = keyof typeof PEOPLE;

let server: Server;
let issuer: string;
let nextPerson: Person | 'cancel' = 'birgit';

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uris: [REDIRECT], response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic' }],
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'name'], email: ['email', 'email_verified'], cpr: ['dk.cpr'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...PEOPLE[sub.replace(/^mitid-/, '') as Person] }),
    }),
    // A first-party client: no consent screen, the login grants the requested scopes.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(ctx.oidc.params!.scope as string);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // The login page: the person (or a cancel) is chosen by the test, as a user would at MitID.
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        await provider.interactionDetails(req, res);
        await provider.interactionFinished(
          req,
          res,
          nextPerson === 'cancel' ? { error: 'access_denied', error_description: 'Brugeren afbrød' } : { login: { accountId: `mitid-${nextPerson}` } },
          { mergeWithLastSubmission: false },
        );
      })().catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void callback(req, res);
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The shop as production runs it (no demo mode): the OIDC adapter for e-ID, the other ports given explicitly. */
async function productionApp(opts: { cprClaim?: string } = {}): Promise<TestApp> {
  return makeTestApp({
    config: { demo: false },
    ports: (storage) => ({
      eid: createOidcEid({ issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: REDIRECT, cprClaim: opts.cprClaim ?? 'dk.cpr', cprScope: 'cpr' }),
      paymentAgreements: createSimulatedAgreements(),
      bookingCalendar: createSimulatedExternalCalendar(),
      companyRegistry: createLocalCompanyRegistry(),
      lifestyle: createLocalLifestylePlatform(storage, { secret: testConfig.secret }),
      carriers: createLocalCarrierDirectory(),
    }),
  });
}

type Shopper = Awaited<ReturnType<typeof shopperAgent>>;

/** A browser at the provider: follows its redirects by hand, keeping its cookies, until it is sent back to the shop. */
async function atProvider(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next);
    if (next.href.startsWith(REDIRECT)) {
      // The answer travels in the fragment, never in the query (never in a server log).
      expect(next.search).toBe('');
      return Object.fromEntries(new URLSearchParams(next.hash.slice(1)));
    }
  }
  throw new Error('too many redirects at the provider');
}

/** start → the provider's login as `person` → what the callback page would post. */
async function loginAt(s: Shopper, person: Person | 'cancel', body: object = {}) {
  const started = await s.post('/api/eid/start', body).expect(200);
  const url = eidStartResponseSchema.parse(started.body).url;
  expect(url.startsWith(`${issuer}/`)).toBe(true);
  nextPerson = person;
  return { url, back: await atProvider(url) };
}

describe('e-ID over OpenID Connect against a real provider (oidc-provider)', () => {
  it('signs a new person in with the claims from the broker, and keeps the CPR sealed when asked for', async () => {
    const t = await productionApp();
    const s = await shopperAgent(t);
    const { url, back } = await loginAt(s, 'birgit', { requestCpr: true });
    const auth = new URL(url);
    expect(auth.searchParams.get('scope')).toBe('openid profile email cpr');
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('response_mode')).toBe('fragment');
    expect(auth.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(back).toMatchObject({ code: expect.any(String), state: expect.any(String), iss: issuer });

    // A new account accepts the terms first (SPEC §3), then the shopper is signed in as the broker's person.
    const res = await s.post('/api/eid/callback', back).expect(403);
    expect(res.body.error.code).toBe('terms_not_accepted');
    const accepted = await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200);
    const user = sessionResponseSchema.parse(accepted.body).user;
    expect(user).toMatchObject({ name: 'Birgit Holm', email: 'birgit.holm@example.dk', role: 'customer' });
    expect((await s.agent.get('/api/auth/me').expect(200)).body.user.id).toBe(user.id);
    const details = (await s.agent.get('/api/account/details').expect(200)).body.data;
    expect(details).toMatchObject({ firstName: 'Birgit', lastName: 'Holm', email: 'birgit.holm@example.dk', eidLinked: true, hasPassword: false });
    const account = (await t.storage.collection(accountsCollection).get(user.id))!;
    expect(account.emailVerified).toBe(true);
    const sealed = (await t.storage.collection(accountProfilesCollection).get(user.id))!.cprSealed!;
    expect(sealed).not.toContain('050385');
    expect(createFieldCrypto(testConfig.secret, 'cpr').decrypt(sealed, user.id)).toBe('050385-4322');

    // Next time: straight in by the broker's subject, same account.
    const again = await shopperAgent(t);
    const second = await again.post('/api/eid/callback', (await loginAt(again, 'birgit')).back).expect(200);
    expect(second.body.user.id).toBe(user.id);
    expect(await t.storage.collection(eidLinksCollection).count()).toBe(1);
  });

  it("does not give an e-ID the session of the account with its e-mail; the owner, signed in, links it", async () => {
    const t = await productionApp();
    const s = await shopperAgent(t);
    const refused = await s.post('/api/eid/callback', (await loginAt(s, 'kunde')).back).expect(409);
    expect(refused.body.error.message).toBe('Der findes allerede en konto med e-mailen fra MitID. Log ind med e-mail og adgangskode, og log derefter ind med MitID for at knytte det til kontoen.');
    await s.agent.get('/api/auth/me').expect(200, { user: null });
    expect(await t.storage.collection(eidLinksCollection).count()).toBe(0);

    const owner = await customerAgent(t);
    const linked = await owner.post('/api/eid/callback', (await loginAt(owner, 'kunde')).back).expect(200);
    expect(linked.body.user.id).toBe('u-kunde');
    const later = await shopperAgent(t);
    expect((await later.post('/api/eid/callback', (await loginAt(later, 'kunde')).back).expect(200)).body.user.id).toBe('u-kunde');
  });

  it('refuses a wrong state, a wrong issuer and a cancelled login with clear Danish messages', async () => {
    const t = await productionApp();
    const s = await shopperAgent(t);
    const { back } = await loginAt(s, 'birgit');
    const wrongState = await s.post('/api/eid/callback', { ...back, state: 'x'.repeat(32) }).expect(409);
    expect(wrongState.body.error).toEqual({ code: 'conflict', message: 'Login blev startet på en anden adresse eller i en anden browser. Start forfra.' });

    // An answer that claims another issuer (a mix-up attack) is not trusted.
    const mixUp = await s.post('/api/eid/callback', { ...back, iss: 'https://evil.example' }).expect(502);
    expect(mixUp.body.error.message).toBe('Der er problemer med login med MitID. Prøv igen senere.');
    await s.agent.get('/api/auth/me').expect(200, { user: null });

    const cancelled = await loginAt(s, 'cancel');
    expect(cancelled.back.error).toBe('access_denied');
    const res = await s.post('/api/eid/callback', cancelled.back).expect(401);
    expect(res.body.error.message).toBe('Login blev annulleret eller mislykkedes.');
  });

  it('reads the CPR from the configured claim only', async () => {
    const t = await productionApp({ cprClaim: 'cprNumberIdentifier' });
    const s = await shopperAgent(t);
    await s.post('/api/eid/callback', (await loginAt(s, 'birgit', { requestCpr: true })).back).expect(403);
    const user = (await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200)).body.user;
    expect((await t.storage.collection(accountProfilesCollection).get(user.id))?.cprSealed ?? null).toBeNull();
  });

  it('in production mode the simulators do not exist: /api/eid/sim/* is a JSON 404, and /api/meta says so', async () => {
    const t = await productionApp();
    const s = await shopperAgent(t);
    for (const path of ['/api/eid/sim/authorize', '/api/eid/sim/authorize?response_type=code&client_id=optik-shop']) {
      const res = await s.agent.get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error.code).toBe('not_found');
    }
    await s.agent.post('/api/eid/sim/authorize').type('form').send({ action: 'login', person: 'mette' }).expect(404);
    expect((await s.agent.get('/api/meta').expect(200)).body).toEqual({ demo: false });
  });
});
