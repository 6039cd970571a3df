import { describe, expect, it } from 'vitest';
import { apiErrorSchema, getUserResponseSchema, sessionResponseSchema } from '@optik/shared';
import { makeTestApp, shopperAgent } from '../../test/harness';
import { HashingLimiter, hashPassword, passwordHashing, verifyPassword } from './password';
import { accountsCollection, sessionsCollection, verificationsCollection } from './records';

const PASSWORD = 'Demo1234!';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('hemmelig-kode');
    const b = await hashPassword('hemmelig-kode');
    expect(a).not.toBe(b);
    expect(await verifyPassword('hemmelig-kode', a)).toBe(true);
    expect(await verifyPassword('Hemmelig-kode', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('bounded password hashing (issue 15)', () => {
  it('runs at most 2 of 10 parallel verifications at once, queues the rest and refuses an overflow', async () => {
    const limits = { max: passwordHashing.maxConcurrent, queued: passwordHashing.maxQueued };
    const stored = await hashPassword('hemmelig-kode');
    // Instrumented: the real scrypt calls, counted as they run.
    let running = 0;
    let most = 0;
    const instrumented = new HashingLimiter(2, 8);
    const verify = (pw: string) =>
      instrumented.run(async () => {
        running += 1;
        most = Math.max(most, running);
        try {
          return await verifyPassword(pw, stored);
        } finally {
          running -= 1;
        }
      });
    const ten = Array.from({ length: 10 }, (_, i) => verify(i % 2 ? 'hemmelig-kode' : 'forkert'));
    // 2 run and 8 wait: the 11th is refused at once with the one error shape's 503.
    await expect(verify('hemmelig-kode')).rejects.toMatchObject({ status: 503, code: 'unavailable', headers: { 'Retry-After': '1' } });
    expect(await Promise.all(ten)).toEqual(Array.from({ length: 10 }, (_, i) => i % 2 === 1));
    expect(most).toBe(2);
    expect(instrumented.peak).toBe(2);

    // The module's own scrypt calls go through the process's limiter.
    passwordHashing.maxConcurrent = 2;
    passwordHashing.peak = 0;
    try {
      expect(await Promise.all(Array.from({ length: 10 }, () => verifyPassword('hemmelig-kode', stored)))).toEqual(Array<boolean>(10).fill(true));
      expect(passwordHashing.peak).toBe(2);
    } finally {
      passwordHashing.maxConcurrent = limits.max;
    }
  });

  it('answers a login 503 JSON with Retry-After when the hashing queue is full, and serves it again once there is room', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const limits = { max: passwordHashing.maxConcurrent, queued: passwordHashing.maxQueued };
    passwordHashing.maxConcurrent = 1;
    passwordHashing.maxQueued = 0;
    await passwordHashing.acquire();
    try {
      const busy = await s.post('/api/auth/login', { email: 'ingen@example.dk', password: PASSWORD }).expect(503);
      expect(apiErrorSchema.parse(busy.body).error).toEqual({ code: 'unavailable', message: 'Der er travlt lige nu. Prøv igen om lidt.' });
      expect(busy.headers['retry-after']).toBe('1');
    } finally {
      passwordHashing.release();
      Object.assign(passwordHashing, { maxConcurrent: limits.max, maxQueued: limits.queued });
    }
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
  });
});

describe('customer register / login / logout', () => {
  it('registers, mails a verification link, signs in from the link, and can log out', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s
      .post('/api/auth/register', {
        firstName: 'Søren',
        lastName: 'Ågård',
        email: 'Soren@Example.dk',
        phone: '+45 20 30 40 50',
        password: 'langkode123',
        passwordRepeat: 'langkode123',
        acceptTerms: true,
      })
      .expect(201);
    expect(res.body).toEqual({ verificationSent: true, email: 'soren@example.dk' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const stored = await t.storage.collection(accountsCollection).getBy('email', 'soren@example.dk');
    expect(stored!.passwordHash).not.toContain('langkode123');
    expect(stored!.phone).toBe('20304050');
    // SPEC §6: not verified yet, so no login
    const early = await s.post('/api/auth/login', { email: 'soren@example.dk', password: 'langkode123' }).expect(403);
    expect(early.body.error.code).toBe('email_not_verified');

    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('soren@example.dk');
    const token = /#token=([\w-]+)/.exec(t.mailer.sent[0]!.text)![1]!;
    expect(t.mailer.sent[0]!.text).toContain('http://shop.test/min-konto/bekraeft-email#token=');
    const verified = await s.post('/api/auth/verify-email', { token }).expect(200);
    expect(sessionResponseSchema.parse(verified.body).user).toMatchObject({ role: 'customer', name: 'Søren Ågård', email: 'soren@example.dk' });
    expect(String(verified.headers['set-cookie'])).toMatch(/optik_session=.*HttpOnly/);
    await s.agent.get('/api/auth/me').expect(200);
    // a link works once
    await s.post('/api/auth/verify-email', { token }).expect(422);
    await s.post('/api/auth/logout').expect(200);
    await s.agent.get('/api/auth/me').expect(200, { user: null });
    await s.post('/api/auth/login', { email: 'soren@example.dk', password: 'langkode123' }).expect(200);
  });

  it('refuses an expired verification link and sends a new one on request, without revealing accounts', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/resend-verification', { email: 'ubekraeftet@example.dk' }).expect(200);
    await s.post('/api/auth/resend-verification', { email: 'ingen@example.dk' }).expect(200);
    await s.post('/api/auth/resend-verification', { email: 'kunde@example.dk' }).expect(200);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['ubekraeftet@example.dk']);
    const token = /#token=([\w-]+)/.exec(t.mailer.sent[0]!.text)![1]!;
    t.clock.advance(49 * 60 * 60 * 1000);
    const res = await s.post('/api/auth/verify-email', { token }).expect(422);
    expect(res.body.error.message).toMatch(/udløbet/);
    await s.post('/api/auth/verify-email', { token: 'x' }).expect(400);
  });

  it('refuses a bad registration with Danish field messages', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s
      .post('/api/auth/register', { firstName: 'A$', lastName: '', email: 'nope', phone: 'abc', password: 'kort', passwordRepeat: 'andet', acceptTerms: false })
      .expect(400);
    const f = apiErrorSchema.parse(res.body).error.fields!;
    expect(Object.keys(f).sort()).toEqual(['acceptTerms', 'email', 'firstName', 'lastName', 'password', 'phone'].sort());
    expect(f.password).toBe('Adgangskoden skal være mindst 8 tegn.');
  });

  it('answers a registration of a taken e-mail exactly like a new one and mails the owner instead (issue 15)', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const accounts = t.storage.collection(accountsCollection);
    const before = await accounts.count();
    const kunde = (await accounts.getBy('email', 'kunde@example.dk'))!;
    const fresh = await s.post('/api/auth/register', { firstName: 'Ida', lastName: 'Holm', email: 'ida.holm@example.dk', phone: '20304050', password: PASSWORD, passwordRepeat: PASSWORD, acceptTerms: true });
    const taken = await s.post('/api/auth/register', { firstName: 'Eve', lastName: 'Jensen', email: 'KUNDE@example.dk', phone: '20304050', password: PASSWORD, passwordRepeat: PASSWORD, acceptTerms: true });

    // Same status, same shape, no cookie: the client cannot tell the two apart.
    expect([fresh.status, taken.status]).toEqual([201, 201]);
    expect(fresh.body).toEqual({ verificationSent: true, email: 'ida.holm@example.dk' });
    expect(taken.body).toEqual({ verificationSent: true, email: 'kunde@example.dk' });
    expect(taken.headers['set-cookie']).toBeUndefined();
    // The existing account is untouched and no second one was made.
    expect(await accounts.count()).toBe(before + 1);
    expect(await accounts.getBy('email', 'kunde@example.dk')).toEqual(kunde);
    expect(await t.storage.collection(verificationsCollection).countBy('byAccount', kunde.id)).toBe(0);
    // The owner is told, with the way to log in or reset the password; no verification link for the stranger.
    const notice = t.mailer.sent.find((m) => m.to === 'kunde@example.dk')!;
    expect(notice.subject).toBe('Nogen forsøgte at oprette en konto med din e-mail');
    expect(notice.text).toContain('http://shop.test/min-konto/log-ind');
    expect(notice.text).toContain(encodeURI('http://shop.test/min-konto/glemt-løsen'));
    expect(notice.text).not.toMatch(/#token=/);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['ida.holm@example.dk', 'kunde@example.dk']);
    // The stranger's password does not open the account.
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
  });

  it('logs the demo customer in and reports the user through getUser', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const anon = getUserResponseSchema.parse((await s.post('/api/auth/user/getUser').expect(200)).body);
    expect(anon.user).toBeNull();
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
    const me = getUserResponseSchema.parse((await s.post('/api/auth/user/getUser').expect(200)).body);
    expect(me.user).toEqual({ isStore: false, name: 'Mette Jensen' });
    await s.agent.post('/api/auth/user/getUser').expect(403);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const a = await s.post('/api/auth/login', { email: 'kunde@example.dk', password: 'forkert-kode' }).expect(401);
    const b = await s.post('/api/auth/login', { email: 'ingen@example.dk', password: 'forkert-kode' }).expect(401);
    expect(a.body).toEqual(b.body);
    expect(a.body.error.code).toBe('login_failed');
  });

  it('reports the SPEC §3 login problems as distinct codes', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const unverified = await s.post('/api/auth/login', { email: 'ubekraeftet@example.dk', password: PASSWORD }).expect(403);
    expect(unverified.body.error.code).toBe('email_not_verified');
    const terms = await s.post('/api/auth/login', { email: 'gamle-vilkaar@example.dk', password: PASSWORD }).expect(403);
    expect(terms.body.error.code).toBe('terms_not_accepted');
  });

  it('slows failed logins down per account (rate-limits/login-throttle.test.ts has the rest)', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 3 } } });
    const s = await shopperAgent(t);
    for (let i = 0; i < 5; i++) await s.post('/api/auth/login', { email: 'kunde@example.dk', password: 'forkert' }).expect(401);
    const limited = await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe('1');
    // another account from the same IP is not held up
    await s.post('/api/auth/login', { email: 'ubekraeftet@example.dk', password: 'forkert' }).expect(401);
  });

  it('expires sessions after their lifetime', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(200);
    t.clock.advance(60 * 60 * 1000 + 1);
    await s.agent.get('/api/auth/me').expect(200, { user: null });
    expect(await t.storage.collection(sessionsCollection).count()).toBe(0);
  });
});

describe('one account per e-mail', () => {
  const registration = (email: string) => ({ firstName: 'Mette', lastName: 'Berg', email, phone: '20304050', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true });

  it('stores one account for 20 registrations of one e-mail at once and answers all 20 alike', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const accounts = t.storage.collection(accountsCollection);
    const before = await accounts.count();
    const spellings = ['mette.berg@example.dk', 'Mette.Berg@Example.dk', 'METTE.BERG@EXAMPLE.DK', 'mette.berg@EXAMPLE.dk'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.post('/api/auth/register', registration(spellings[i % spellings.length]!))));

    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(201));
    for (const r of answers) expect(r.body).toEqual({ verificationSent: true, email: 'mette.berg@example.dk' });
    expect(await accounts.count()).toBe(before + 1);
    const stored = (await accounts.getBy('email', 'mette.berg@example.dk'))!;
    expect(stored.email).toBe('mette.berg@example.dk');
    expect(await t.storage.collection(verificationsCollection).countBy('byAccount', stored.id)).toBe(1);
    // One verification link; the 19 others became notices to the same owner.
    expect(t.mailer.sent.filter((m) => /#token=/.test(m.text))).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.subject === 'Nogen forsøgte at oprette en konto med din e-mail')).toHaveLength(19);
    expect(new Set(t.mailer.sent.map((m) => m.to))).toEqual(new Set(['mette.berg@example.dk']));
  });

  it('finds an account stored with capitals by its e-mail in any letter case, and keeps it as stored', async () => {
    const t = await makeTestApp();
    const accounts = t.storage.collection(accountsCollection);
    const kunde = (await accounts.get('u-kunde'))!;
    await accounts.put({ ...kunde, id: 'u-store-bogstaver', email: 'Mette.Store@Example.DK' });
    const s = await shopperAgent(t);

    const res = await s.post('/api/auth/login', { email: 'mette.store@example.dk', password: PASSWORD }).expect(200);
    expect(sessionResponseSchema.parse(res.body).user).toMatchObject({ id: 'u-store-bogstaver', email: 'Mette.Store@Example.DK' });
    await s.post('/api/auth/register', registration('METTE.STORE@example.dk')).expect(201);
    await s.post('/api/auth/password-reset/request', { email: 'mette.store@example.dk' }).expect(200);
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['Mette.Store@Example.DK', 'Mette.Store@Example.DK']);
    expect((await accounts.get('u-store-bogstaver'))!.email).toBe('Mette.Store@Example.DK');
  });
});

describe('store login', () => {
  it('logs staff in at their own store only and marks the shopper as a store user', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/store/login', { storeId: 'st-002', username: 'medarbejder1', password: PASSWORD }).expect(401);
    const res = await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'medarbejder1', password: PASSWORD }).expect(200);
    const session = sessionResponseSchema.parse(res.body);
    expect(session.user.role).toBe('store-staff');
    expect(session.user.storeId).toBe('st-001');
    expect(session.user.storeName).toMatch(/Profil Optik/);
    const user = (await s.post('/api/auth/user/getUser').expect(200)).body;
    expect(user.user.isStore).toBe(true);
    expect((await s.agent.get('/api/site/shopper').expect(200)).body.isStore).toBe(true);
  });

  it('lets a manager log in and refuses customers at the store login', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'leder1', password: PASSWORD }).expect(200);
    expect(res.body.user.role).toBe('manager');
    await s.post('/api/auth/store/login', { storeId: 'st-001', username: 'kunde@example.dk', password: PASSWORD }).expect(401);
  });

  it('requires all fields with Danish messages', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s.post('/api/auth/store/login', { storeId: '', username: ' ', password: '' }).expect(400);
    expect(res.body.error.fields).toEqual({ storeId: 'Skal udfyldes.', username: 'Skal udfyldes.', password: 'Skal udfyldes.' });
  });
});
