import { describe, expect, it } from 'vitest';
import { accountDetailsResponseSchema, CURRENT_TERMS_VERSION, sessionResponseSchema, termsResponseSchema } from '@optik/shared';
import { makeTestApp, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { hashToken } from '../../http/identity';
import { verifyPassword } from './password';
import { accountsCollection, passwordResetsCollection } from './records';

const PASSWORD = 'Demo1234!';

async function customer(t: TestApp, email = 'kunde@example.dk', password = PASSWORD) {
  const s = await shopperAgent(t);
  await s.post('/api/auth/login', { email, password }).expect(200);
  return s;
}

const resetLink = (text: string) => /#token=([\w-]+)/.exec(text)![1]!;

describe('terms not accepted (SPEC §3)', () => {
  it('shows the latest terms and signs the customer in after accepting them', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const terms = termsResponseSchema.parse((await s.agent.get('/api/auth/terms').expect(200)).body);
    expect(terms).toMatchObject({ version: CURRENT_TERMS_VERSION, title: 'Vilkår for Min konto', url: '/kontovilkaar' });
    expect(terms.body.length).toBeGreaterThan(0);

    const login = await s.post('/api/auth/login', { email: 'gamle-vilkaar@example.dk', password: PASSWORD }).expect(403);
    expect(login.body.error).toEqual({ code: 'terms_not_accepted', message: 'Du skal acceptere de nyeste vilkår for at logge ind.' });
    expect(String(login.headers['set-cookie'])).toMatch(/optik_login_pending=.*HttpOnly/);
    await s.agent.get('/api/auth/me').expect(200, { user: null });

    const accepted = await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200);
    expect(sessionResponseSchema.parse(accepted.body).user.email).toBe('gamle-vilkaar@example.dk');
    expect((await t.storage.collection(accountsCollection).get('u-gamle-vilkaar'))!.termsVersion).toBe(CURRENT_TERMS_VERSION);
    await s.agent.get('/api/auth/me').expect(200);
    // The step is used up.
    await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(410);
    // From now on the password alone logs in.
    await s.post('/api/auth/logout').expect(200);
    await s.post('/api/auth/login', { email: 'gamle-vilkaar@example.dk', password: PASSWORD }).expect(200);
  });

  it('refuses an older version, a browser without the login step, and a step that ran out', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/login', { email: 'gamle-vilkaar@example.dk', password: PASSWORD }).expect(403);
    const old = await s.post('/api/auth/accept-terms', { version: 1 }).expect(409);
    expect(old.body.error.message).toMatch(/opdateret/);
    await s.post('/api/auth/accept-terms', {}).expect(400);

    // Another browser (no pending cookie) cannot accept on the customer's behalf.
    const other = await shopperAgent(t);
    const refused = await other.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(410);
    expect(refused.body.error.message).toBe('Login-tiden er udløbet. Log ind igen.');

    t.clock.advance(16 * 60 * 1000);
    await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(410);
    expect((await t.storage.collection(accountsCollection).get('u-gamle-vilkaar'))!.termsVersion).toBe(1);
  });

  it('keeps "e-mail not verified" ahead of the terms and gives no terms step for a wrong password', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const wrong = await s.post('/api/auth/login', { email: 'gamle-vilkaar@example.dk', password: 'forkert-kode' }).expect(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(410);
    const unverified = await s.post('/api/auth/login', { email: 'ubekraeftet@example.dk', password: PASSWORD }).expect(403);
    expect(unverified.body.error).toEqual({ code: 'email_not_verified', message: 'Din e-mail skal bekræftes. Bestil et nyt link.' });
  });
});

describe('password reset by a mailed one-time link', () => {
  it('mails a link, sets the new password from it once, ends old sessions and signs in', async () => {
    const t = await makeTestApp();
    const old = await customer(t);
    const s = await shopperAgent(t);
    const asked = await s.post('/api/auth/password-reset/request', { email: 'KUNDE@example.dk' }).expect(200);
    expect(asked.body).toEqual({ success: true });
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('kunde@example.dk');
    expect(mail.text).toContain('http://shop.test/min-konto/glemt-l%C3%B8sen#token=');
    const token = resetLink(mail.text);
    // Stored only as a hash.
    expect(await t.storage.collection(passwordResetsCollection).get(token)).toBeUndefined();
    expect(await t.storage.collection(passwordResetsCollection).get(hashToken(token))).toBeDefined();

    const bad = await s.post('/api/auth/password-reset', { token, password: 'kort', passwordRepeat: 'kort' }).expect(400);
    expect(bad.body.error.fields).toEqual({ password: 'Adgangskoden skal være mindst 8 tegn.' });
    const mismatch = await s.post('/api/auth/password-reset', { token, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kod' }).expect(400);
    expect(mismatch.body.error.fields).toEqual({ passwordRepeat: 'Adgangskoderne er ikke ens.' });

    const done = await s.post('/api/auth/password-reset', { token, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(200);
    expect(sessionResponseSchema.parse(done.body).user.email).toBe('kunde@example.dk');
    await s.agent.get('/api/auth/me').expect(200);
    await old.agent.get('/api/auth/me').expect(200, { user: null });
    // The link works once.
    const reused = await s.post('/api/auth/password-reset', { token, password: 'tredje-kode-1', passwordRepeat: 'tredje-kode-1' }).expect(422);
    expect(reused.body.error.message).toBe('Linket er udløbet eller allerede brugt. Bestil et nyt link.');
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: PASSWORD }).expect(401);
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: 'ny-lang-kode' }).expect(200);
  });

  it('answers the same for unknown e-mails and sends nothing', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const known = await s.post('/api/auth/password-reset/request', { email: 'kunde@example.dk' }).expect(200);
    const unknown = await s.post('/api/auth/password-reset/request', { email: 'ingen@example.dk' }).expect(200);
    const staff = await s.post('/api/auth/password-reset/request', { email: 'medarbejder1' }).expect(400);
    expect(unknown.body).toEqual(known.body);
    expect(staff.body.error.fields.email).toBe('E-mail skal indeholde @ og et domæne.');
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['kunde@example.dk']);
  });

  it('refuses an expired link, and a newer link replaces an older one', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/password-reset/request', { email: 'kunde@example.dk' }).expect(200);
    await s.post('/api/auth/password-reset/request', { email: 'kunde@example.dk' }).expect(200);
    const [first, second] = t.mailer.sent.map((m) => resetLink(m.text));
    await s.post('/api/auth/password-reset', { token: first, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(422);
    t.clock.advance(60 * 60 * 1000 + 1);
    await s.post('/api/auth/password-reset', { token: second, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(422);
    const account = (await t.storage.collection(accountsCollection).get('u-kunde'))!;
    expect(await verifyPassword(PASSWORD, account.passwordHash)).toBe(true);
    await s.post('/api/auth/password-reset', { token: 'x', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(400);
  });

  it('verifies the e-mail it was sent to, then still asks for the latest terms', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.post('/api/auth/password-reset/request', { email: 'ubekraeftet@example.dk' }).expect(200);
    const token = resetLink(t.mailer.sent[0]!.text);
    await s.post('/api/auth/password-reset', { token, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(200);
    expect((await t.storage.collection(accountsCollection).get('u-ubekraeftet'))!.emailVerified).toBe(true);

    await s.post('/api/auth/password-reset/request', { email: 'gamle-vilkaar@example.dk' }).expect(200);
    const terms = await s.post('/api/auth/password-reset', { token: resetLink(t.mailer.sent[1]!.text), password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(403);
    expect(terms.body.error.code).toBe('terms_not_accepted');
    await s.post('/api/auth/accept-terms', { version: CURRENT_TERMS_VERSION }).expect(200);
  });

  it('rate-limits link requests per e-mail and IP', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 3 } } });
    const s = await shopperAgent(t);
    for (let i = 0; i < 3; i++) await s.post('/api/auth/password-reset/request', { email: 'kunde@example.dk' }).expect(200);
    const limited = await s.post('/api/auth/password-reset/request', { email: 'kunde@example.dk' }).expect(429);
    expect(limited.body.error).toEqual({ code: 'rate_limited', message: 'For mange forsøg. Vent lidt, og prøv igen.' });
    expect(t.mailer.sent).toHaveLength(3);
  });

  it('rate-limits failed reset attempts', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const s = await shopperAgent(t);
    const guess = { token: 'gættet-token-gættet-token-12345', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' };
    await s.post('/api/auth/password-reset', guess).expect(422);
    await s.post('/api/auth/password-reset', guess).expect(422);
    await s.post('/api/auth/password-reset', guess).expect(429);
  });

  it('requires the CSRF token', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    await s.agent.post('/api/auth/password-reset/request').send({ email: 'kunde@example.dk' }).expect(403);
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('account details (/min-konto/opgaver)', () => {
  it("shows the signed-in customer's own details, address included", async () => {
    const t = await makeTestApp();
    const s = await customer(t);
    const res = await s.agent.get('/api/account/details').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(accountDetailsResponseSchema.parse(res.body).data).toEqual({
      firstName: 'Mette',
      lastName: 'Jensen',
      email: 'kunde@example.dk',
      phone: '20304050',
      street: 'Søndergade 12, 2. tv.',
      zip: '8000',
      city: 'Aarhus C',
      hasPassword: true,
      eidLinked: false,
    });
  });

  it('changes name, phone and address; the city follows the postcode; the e-mail stays', async () => {
    const t = await makeTestApp();
    const s = await customer(t);
    const res = await s
      .post('/api/account/details', { firstName: ' Mette Marie ', lastName: 'Jensen-Holm', phone: '+45 30 40 50 60', street: 'Vestergade 3', zip: '5000', city: 'Forkert by', email: 'ny@example.dk' })
      .expect(200);
    expect(res.body.data).toMatchObject({ firstName: 'Mette Marie', lastName: 'Jensen-Holm', phone: '30405060', street: 'Vestergade 3', zip: '5000', city: 'Odense C', email: 'kunde@example.dk' });
    const me = await s.agent.get('/api/auth/me').expect(200);
    expect(me.body.user.name).toBe('Mette Marie Jensen-Holm');
    // The address can be removed as a whole.
    const cleared = await s.post('/api/account/details', { firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: '', zip: '' }).expect(200);
    expect(cleared.body.data).toMatchObject({ street: '', zip: '', city: '' });
  });

  it('refuses bad details with Danish field messages and changes nothing', async () => {
    const t = await makeTestApp();
    const s = await customer(t);
    const res = await s.post('/api/account/details', { firstName: 'M$', lastName: '', phone: 'abc', street: 'Vestergade 3', zip: '3900' }).expect(400);
    expect(res.body.error.fields).toEqual({
      firstName: 'Navnet må kun indeholde bogstaver og tal.',
      lastName: 'Skal udfyldes.',
      phone: 'Telefonnummer må kun indeholde cifre med valgfri landekode.',
      zip: 'Vi leverer ikke til dette postnummer.',
    });
    const zip = await s.post('/api/account/details', { firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Vestergade 3', zip: '9999' }).expect(400);
    expect(zip.body.error.fields).toEqual({ zip: 'Ugyldigt postnummer.' });
    const half = await s.post('/api/account/details', { firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: '', zip: '8000' }).expect(400);
    expect(Object.keys(half.body.error.fields)).toEqual(['street']);
    expect((await s.agent.get('/api/account/details').expect(200)).body.data.street).toBe('Søndergade 12, 2. tv.');
  });

  it("reaches only the caller's own account: another customer, staff and visitors get theirs or nothing", async () => {
    const t = await makeTestApp();
    const mette = await customer(t);
    const s = await shopperAgent(t);
    await s.post('/api/auth/register', { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '26272829', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true }).expect(201);
    await s.post('/api/auth/verify-email', { token: resetLink(t.mailer.sent[0]!.text) }).expect(200);
    const ida = (await s.agent.get('/api/account/details').expect(200)).body.data;
    expect(ida).toMatchObject({ firstName: 'Ida', email: 'ida@example.dk', street: '', zip: '', city: '' });
    await s.post('/api/account/details', { firstName: 'Ida', lastName: 'Holm', phone: '26272829', street: 'Nørregade 1', zip: '1165' }).expect(200);
    // Mette's details are untouched by Ida's change, and the id in a query or body is ignored.
    const mine = (await mette.agent.get('/api/account/details?accountId=u-ida').expect(200)).body.data;
    expect(mine).toMatchObject({ email: 'kunde@example.dk', street: 'Søndergade 12, 2. tv.' });

    const staff = await staffAgent(t);
    await staff.agent.get('/api/account/details').expect(403);
    await staff.post('/api/account/details', { firstName: 'A', lastName: 'B', phone: '20304050' }).expect(403);
    const visitor = await shopperAgent(t);
    await visitor.agent.get('/api/account/details').expect(401);
    await visitor.post('/api/account/details', { firstName: 'A', lastName: 'B', phone: '20304050' }).expect(401);
  });
});

describe('password change', () => {
  it('needs the current password, ends other sessions and mails a notice', async () => {
    const t = await makeTestApp();
    const s = await customer(t);
    const other = await customer(t);
    const wrong = await s.post('/api/account/password', { currentPassword: 'forkert', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Den nuværende adgangskode er forkert.' });
    const same = await s.post('/api/account/password', { currentPassword: PASSWORD, password: PASSWORD, passwordRepeat: PASSWORD }).expect(400);
    expect(same.body.error.fields).toEqual({ password: 'Den nye adgangskode skal være forskellig fra den nuværende.' });
    const mismatch = await s.post('/api/account/password', { currentPassword: PASSWORD, password: 'ny-lang-kode', passwordRepeat: 'noget-andet' }).expect(400);
    expect(mismatch.body.error.fields).toEqual({ passwordRepeat: 'Adgangskoderne er ikke ens.' });

    await s.post('/api/account/password', { currentPassword: PASSWORD, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(200);
    await s.agent.get('/api/auth/me').expect(200);
    await other.agent.get('/api/auth/me').expect(200, { user: null });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'kunde@example.dk', subject: 'Din adgangskode er ændret' });
    expect(t.mailer.sent.at(-1)!.text).not.toContain('ny-lang-kode');
    await s.post('/api/auth/logout').expect(200);
    await s.post('/api/auth/login', { email: 'kunde@example.dk', password: 'ny-lang-kode' }).expect(200);
  });

  it('is for signed-in customers only and rate-limits wrong current passwords', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 2 } } });
    const visitor = await shopperAgent(t);
    await visitor.post('/api/account/password', { currentPassword: PASSWORD, password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }).expect(401);
    const s = await customer(t);
    const guess = { currentPassword: 'gæt', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' };
    await s.post('/api/account/password', guess).expect(400);
    await s.post('/api/account/password', guess).expect(400);
    await s.post('/api/account/password', { ...guess, currentPassword: PASSWORD }).expect(429);
  });
});
