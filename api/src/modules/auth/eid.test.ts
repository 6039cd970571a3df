import { describe, expect, it } from 'vitest';
import { CURRENT_TERMS_VERSION, eidStartResponseSchema, sessionResponseSchema } from '@optik/shared';
import { createFieldCrypto } from '../../crypto/field-crypto';
import { hashToken } from '../../http/identity';
import { EidError, type EidProvider } from '../../ports/eid';
import { customerAgent, makeTestApp, shopperAgent, testConfig, type TestApp } from '../../test/harness';
import { EidService } from './eid-service';
import { TermsPendingError } from './service';
import { accountProfilesCollection, accountsCollection, eidLinksCollection, eidLoginsCollection } from './records';

type Shopper = Awaited<ReturnType<typeof shopperAgent>>;
type SimChoice = { action: 'login' | 'cancel' | 'error'; person?: string; givenName?: string; familyName?: string; email?: string; emailVerified?: string; failure?: string };

/** Starts an e-ID login as the shop does and returns the simulator's authorize URL. */
async function start(s: Shopper, body: object = {}) {
  const res = await s.post('/api/eid/start', body).expect(200);
  return eidStartResponseSchema.parse(res.body).url;
}

/** Submits the simulator's page; returns what it put in the fragment of the redirect back to the shop. */
async function atSimulator(s: Shopper, url: string, choice: SimChoice) {
  const page = await s.agent.get(url).expect(200);
  expect(page.text).toContain('MitID (simulator)');
  const query = Object.fromEntries(new URL(url, 'http://api.test').searchParams);
  const res = await s.agent.post('/api/eid/sim/authorize').type('form').send({ ...query, ...choice }).expect(303);
  const location = new URL(res.headers.location!);
  expect(`${location.origin}${location.pathname}`).toBe('http://shop.test/min-konto/log-ind/mitid');
  expect(location.search).toBe('');
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
}

/** A whole e-ID login: start, the simulator, and the callback, which must answer `status`. */
async function eidLogin(s: Shopper, choice: SimChoice, status: number) {
  const back = await atSimulator(s, await start(s), choice);
  return s.post('/api/eid/callback', back).expect(status);
}

const link = (text: string) => /#token=([\w-]+)/.exec(text)![1]!;

describe('e-ID login through the simulated provider', () => {
  it("never gives an e-ID the session of an account by its e-mail claim alone (issue 15), even a verified one, and makes no account or link", async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const accounts = await t.storage.collection(accountsCollection).count();
    // Typed into the simulator: a known customer's e-mail, "verified".
    for (const choice of [
      { action: 'login', person: 'mette' },
      { action: 'login', person: 'other', givenName: 'Ond', familyName: 'Angriber', email: 'KUNDE@example.dk', emailVerified: '1' },
    ] as SimChoice[]) {
      const res = await eidLogin(s, choice, 409);
      expect(res.body.error).toEqual({ code: 'conflict', message: 'Der findes allerede en konto med e-mailen fra MitID. Log ind med e-mail og adgangskode, og log derefter ind med MitID for at knytte det til kontoen.' });
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/optik_session=[^;]/);
      await s.agent.get('/api/auth/me').expect(200, { user: null });
    }
    expect(await t.storage.collection(eidLinksCollection).count()).toBe(0);
    expect(await t.storage.collection(accountsCollection).count()).toBe(accounts);
  });

  it('links an e-ID to the account its owner is signed in to, and finds it by subject next time', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const accounts = await t.storage.collection(accountsCollection).count();
    const res = await eidLogin(s, { action: 'login', person: 'mette' }, 200);
    expect(sessionResponseSchema.parse(res.body).user).toMatchObject({ id: 'u-kunde', role: 'customer', email: 'kunde@example.dk' });
    expect(String(res.headers['set-cookie'])).toMatch(/optik_session=.*HttpOnly/);
    const links = await t.storage.collection(eidLinksCollection).all();
    expect(links).toHaveLength(1);
    expect(links[0]!.accountId).toBe('u-kunde');
    expect(links[0]!.id).not.toContain('mette');
    expect((await s.agent.get('/api/account/details').expect(200)).body.data.eidLinked).toBe(true);

    // The e-mail on the account changes; the link by subject still finds it.
    await t.storage.collection(accountsCollection).update('u-kunde', (a) => ({ ...a, email: 'mette@example.dk' }));
    const again = await shopperAgent(t);
    const second = await eidLogin(again, { action: 'login', person: 'mette' }, 200);
    expect(second.body.user.id).toBe('u-kunde');
    expect(await t.storage.collection(accountsCollection).count()).toBe(accounts);
  });

  it('creates an account for a new person, who accepts the terms first and can then set a password', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const before = await t.storage.collection(accountsCollection).count();
    const res = await eidLogin(s, { action: 'login', person: 'lars' }, 403);
    expect(res.body.error.code).toBe('terms_not_accepted');
    expect(await t.storage.collection(accountsCollection).count()).toBe(before + 1);
    const accepted = await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200);
    expect(accepted.body.user).toMatchObject({ name: 'Lars Mikkelsen', email: null, role: 'customer' });
    const details = (await s.agent.get('/api/account/details').expect(200)).body.data;
    expect(details).toMatchObject({ email: null, phone: null, hasPassword: false, eidLinked: true });
    // No password yet: the first one needs no current password.
    await s.post('/api/account/password', { password: 'min-nye-kode', passwordRepeat: 'min-nye-kode' }).expect(200);
    expect((await s.agent.get('/api/account/details').expect(200)).body.data.hasPassword).toBe(true);

    // Next time: straight in, same account.
    const again = await shopperAgent(t);
    const second = await eidLogin(again, { action: 'login', person: 'lars' }, 200);
    expect(second.body.user.id).toBe(accepted.body.user.id);
  });

  it('does not link by an e-mail the broker has not verified (SPEC §3 e-ID e-mail not verified)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await eidLogin(s, { action: 'login', person: 'jonas' }, 403);
    expect(res.body.error).toEqual({ code: 'eid_email_not_verified', message: 'E-mailen på din MitID-konto skal bekræftes.' });
    expect(await t.storage.collection(eidLinksCollection).count()).toBe(0);
    await s.agent.get('/api/auth/me').expect(200, { user: null });
  });

  it('gives a typed new person with an unverified e-mail an account and a verification mail', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const choice: SimChoice = { action: 'login', person: 'other', givenName: 'Åse', familyName: 'Ørum', email: 'Aase@Example.dk' };
    const res = await eidLogin(s, choice, 403);
    expect(res.body.error.code).toBe('eid_email_not_verified');
    const account = (await t.storage.collection(accountsCollection).getBy('email', 'aase@example.dk'))!;
    expect(account).toMatchObject({ firstName: 'Åse', lastName: 'Ørum', emailVerified: false, passwordHash: '' });
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['aase@example.dk']);
    // The mailed link verifies the e-mail; the new account then accepts the terms and is signed in.
    const verified = await s.post('/api/auth/verify-email', { token: link(t.mailer.sent[0]!.text) }).expect(403);
    expect(verified.body.error.code).toBe('terms_not_accepted');
    await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200);
    // From now on MitID logs straight in.
    const again = await shopperAgent(t);
    expect((await eidLogin(again, choice, 200)).body.user.email).toBe('aase@example.dk');
  });

  it('asks for and keeps the CPR only when the login requests it, and then only sealed', async () => {
    const t = await makeTestApp();
    // The owner signs in and links MitID; later logins find the account by subject.
    const plain = await customerAgent(t);
    const url = await start(plain);
    expect(new URL(url, 'http://x').searchParams.get('scope')).toBe('openid profile email');
    expect((await plain.agent.get(url).expect(200)).text).not.toContain('CPR');
    await plain.post('/api/eid/callback', await atSimulator(plain, url, { action: 'login', person: 'mette' })).expect(200);
    expect((await t.storage.collection(accountProfilesCollection).get('u-kunde'))!.cprSealed).toBeNull();

    const s = await shopperAgent(t);
    const cprUrl = await start(s, { requestCpr: true });
    expect(new URL(cprUrl, 'http://x').searchParams.get('scope')).toBe('openid profile email cpr');
    expect((await s.agent.get(cprUrl).expect(200)).text).toContain('beder om dit CPR-nummer');
    const res = await s.post('/api/eid/callback', await atSimulator(s, cprUrl, { action: 'login', person: 'mette' })).expect(200);
    expect(JSON.stringify(res.body)).not.toMatch(/0707614285|070761-4285/);
    const sealed = (await t.storage.collection(accountProfilesCollection).get('u-kunde'))!.cprSealed!;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('070761');
    expect(createFieldCrypto(testConfig.secret, 'cpr').decrypt(sealed, 'u-kunde')).toBe('070761-4285');
    // The address is kept alongside.
    expect((await s.agent.get('/api/account/details').expect(200)).body.data.street).toBe('Søndergade 12, 2. tv.');
  });

  it('answers cancel, broker problems, unavailability and an expired login with the SPEC §8 messages', async () => {
    const t = await makeTestApp();
    const cases: [SimChoice, number, string][] = [
      [{ action: 'cancel' }, 401, 'Login blev annulleret eller mislykkedes.'],
      [{ action: 'error', failure: 'problems' }, 502, 'Der er problemer med login med MitID. Prøv igen senere.'],
      [{ action: 'error', failure: 'unavailable' }, 503, 'Login til kontoen er midlertidigt utilgængeligt.'],
      [{ action: 'error', failure: 'expired' }, 410, 'Login-tiden er udløbet, eller der har været for mange forsøg. Vent lidt og prøv igen.'],
    ];
    for (const [choice, status, message] of cases) {
      const s = await shopperAgent(t);
      const res = await eidLogin(s, choice, status);
      expect(res.body.error.message).toBe(message);
      await s.agent.get('/api/auth/me').expect(200, { user: null });
    }
  });

  it('refuses an unknown, reused, foreign or expired state', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 50 } } });
    // Signed in, so the e-ID of the test person links to this account when a login goes through.
    const s = await customerAgent(t);
    const back = await atSimulator(s, await start(s), { action: 'login', person: 'mette' });
    // Issue 16: not "Login-tiden er udløbet" for a login this browser did not start here.
    const elsewhere = { code: 'conflict', message: 'Login blev startet på en anden adresse eller i en anden browser. Start forfra.' };
    const unknown = await s.post('/api/eid/callback', { ...back, state: 'x'.repeat(32) }).expect(409);
    expect(unknown.body.error).toEqual(elsewhere);
    // Another browser cannot finish this login (and using the state uses it up).
    const other = await shopperAgent(t);
    expect((await other.post('/api/eid/callback', back).expect(409)).body.error).toEqual(elsewhere);
    await s.post('/api/eid/callback', back).expect(409);

    const late = await atSimulator(s, await start(s), { action: 'login', person: 'mette' });
    t.clock.advance(11 * 60 * 1000);
    const expired = await s.post('/api/eid/callback', late).expect(410);
    expect(expired.body.error.message).toBe('Login-tiden er udløbet, eller der har været for mange forsøg. Vent lidt og prøv igen.');

    const ok = await atSimulator(s, await start(s), { action: 'login', person: 'mette' });
    await s.post('/api/eid/callback', ok).expect(200);
    await s.post('/api/eid/callback', ok).expect(409);
    await s.post('/api/eid/callback', { state: ok.state }).expect(400);
    await s.post('/api/eid/callback', { state: ok.state, code: 'a', error: 'access_denied' }).expect(400);
  });

  it('refuses an ID token whose nonce does not match the login, and a wrong PKCE verifier', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const back = await atSimulator(s, await start(s), { action: 'login', person: 'mette' });
    await t.storage.collection(eidLoginsCollection).update(hashToken(back.state!), (l) => ({ ...l, nonce: 'en-anden-nonce-1234567890' }));
    const nonce = await s.post('/api/eid/callback', back).expect(502);
    expect(nonce.body.error.message).toBe('Der er problemer med login med MitID. Prøv igen senere.');

    const pkce = await atSimulator(s, await start(s), { action: 'login', person: 'mette' });
    await t.storage.collection(eidLoginsCollection).update(hashToken(pkce.state!), (l) => ({ ...l, codeVerifier: 'x'.repeat(64) }));
    await s.post('/api/eid/callback', pkce).expect(502);
    await s.agent.get('/api/auth/me').expect(200, { user: null });
  });

  it("the simulator refuses a request that is not the shop's own, and asks again for a missing name", async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const url = new URL(await start(s), 'http://api.test');
    const evil = new URL(url);
    evil.searchParams.set('redirect_uri', 'https://evil.example/cb');
    await s.agent.get(`${evil.pathname}${evil.search}`).expect(400);
    const client = new URL(url);
    client.searchParams.set('client_id', 'andet');
    await s.agent.get(`${client.pathname}${client.search}`).expect(400);

    const query = Object.fromEntries(url.searchParams);
    const res = await s.agent.post('/api/eid/sim/authorize').type('form').send({ ...query, action: 'login', person: 'other', givenName: 'Ib' }).expect(400);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('value="Ib"');
    expect(res.headers['content-security-policy']).toContain("form-action 'self' http://shop.test");
  });

  it('never lets cancelled or failed MitID logins hold up the next one (issue 15: no bucket shared by every visitor)', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const s = await shopperAgent(t);
    for (let i = 0; i < 5; i++) await eidLogin(s, { action: 'cancel' }, 401);
    for (let i = 0; i < 5; i++) await s.post('/api/eid/callback', { state: 'y'.repeat(32), code: 'kode' }).expect(409);
    const next = await shopperAgent(t);
    expect((await eidLogin(next, { action: 'login', person: 'lars' }, 403)).body.error.code).toBe('terms_not_accepted');
  });
});

describe('EidService with another broker behind the port', () => {
  function service(t: TestApp, provider: EidProvider) {
    return new EidService(t.storage, t.clock, testConfig, provider, t.services.auth, createFieldCrypto(testConfig.secret, 'cpr'));
  }
  const claims = { sub: 'broker-sub-1', givenName: 'Mette', familyName: 'Jensen', email: 'kunde@example.dk', emailVerified: true, cpr: null };

  it('makes one account and one link when the same new person finishes two logins at once', async () => {
    const t = await makeTestApp();
    const logins: { state: string; nonce: string }[] = [];
    // Both callbacks wait at the broker until the other has arrived, so they look for the person at the same moment.
    let arrived = 0;
    let release!: () => void;
    const bothAtBroker = new Promise<void>((resolve) => (release = resolve));
    const eid = service(t, {
      authorizationUrl: (r) => {
        logins.push({ state: r.state, nonce: r.nonce });
        return 'https://broker.example/authorize';
      },
      exchangeCode: async ({ code }) => {
        if (++arrived === 2) release();
        await bothAtBroker;
        return { ...claims, sub: 'broker-new-person', email: null, emailVerified: false, nonce: logins[Number(code)]!.nonce };
      },
    });
    const accounts = await t.storage.collection(accountsCollection).count();
    await eid.start('shopper-1', false);
    await eid.start('shopper-2', false);
    const answers = await Promise.allSettled([
      eid.callback('shopper-1', { state: logins[0]!.state, code: '0' }),
      eid.callback('shopper-2', { state: logins[1]!.state, code: '1' }),
    ]);
    // A new account accepts the terms first: both logins reach that step, for one account.
    for (const a of answers) expect(a).toMatchObject({ status: 'rejected', reason: expect.any(TermsPendingError) });
    expect(await t.storage.collection(accountsCollection).count()).toBe(accounts + 1);
    expect(await t.storage.collection(eidLinksCollection).count()).toBe(1);
  });

  it('maps an unreachable broker to "temporarily unavailable" and its own errors to their kind', async () => {
    const t = await makeTestApp();
    // The state and nonce reach only the broker (and through it the browser): the stub keeps them.
    let seen: { state: string; nonce: string } | null = null;
    const capture = (exchange: EidProvider['exchangeCode']): EidProvider => ({
      authorizationUrl: (r) => {
        seen = { state: r.state, nonce: r.nonce };
        return 'https://broker.example/authorize';
      },
      exchangeCode: exchange,
    });
    const unreachable = service(t, capture(async () => Promise.reject(new Error('ECONNREFUSED'))));
    expect(await unreachable.start('shopper-1', false)).toEqual({ url: 'https://broker.example/authorize' });
    await expect(unreachable.callback('shopper-1', { state: seen!.state, code: 'c' })).rejects.toMatchObject({ status: 503 });

    const expired = service(t, capture(async () => Promise.reject(new EidError('expired'))));
    await expired.start('shopper-1', false);
    await expect(expired.callback('shopper-1', { state: seen!.state, code: 'c' })).rejects.toMatchObject({ status: 410 });

    const replay = service(t, capture(async () => ({ ...claims, nonce: 'et-gammelt-id-token-nonce' })));
    await replay.start('shopper-1', false);
    await expect(replay.callback('shopper-1', { state: seen!.state, code: 'c' })).rejects.toMatchObject({ status: 502 });

    const good = service(t, capture(async () => ({ ...claims, nonce: seen!.nonce })));
    await good.start('shopper-1', false);
    const ok = await good.callback('shopper-1', { state: seen!.state, code: 'c' }, { id: 'u-kunde' });
    expect(ok.session.user.id).toBe('u-kunde');
  });
});
