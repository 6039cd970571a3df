import { createHash, randomBytes } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { da, escapeMarkup, isValidEmail, isValidName, normalizeEmail, type ApiError } from '@optik/shared';
import type { Clock } from './clock';

/**
 * National e-ID login (MitID through a certified broker over OpenID Connect, DOMAIN.md) as a
 * port. The default is a local simulated provider with its own login page; a real broker
 * adapter implements the same interface (authorization-code flow with PKCE, the ID token's
 * signature, issuer, audience and expiry checked inside `exchangeCode`).
 */

/** How an e-ID login can fail, each with its SPEC §8 message (see auth/eid-service.ts). */
export type EidFailure = 'cancelled' | 'problems' | 'unavailable' | 'expired';

export class EidError extends Error {
  constructor(
    readonly kind: EidFailure,
    message: string = kind,
  ) {
    super(message);
    this.name = 'EidError';
  }
}

/** The verified claims of the ID token. `cpr` only when the login asked for it (extra scope). */
export interface EidClaims {
  /** The broker's stable, pseudonymous id of the person. */
  sub: string;
  nonce: string;
  givenName: string;
  familyName: string;
  email: string | null;
  emailVerified: boolean;
  cpr: string | null;
}

export interface EidAuthorizeRequest {
  state: string;
  nonce: string;
  /** PKCE S256 challenge of the verifier the API keeps. */
  codeChallenge: string;
  requestCpr: boolean;
  redirectUri: string;
}

/** The broker's answer as the browser got it, with what the API kept of the login. */
export interface EidCodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /** The state the login was started with (already matched by the API; an OIDC library checks it again). */
  state?: string;
  /** The nonce the login was started with: the ID token must carry it. */
  nonce?: string;
  /** The issuer the broker named in its answer (RFC 9207), when it names one. */
  iss?: string;
}

export interface EidProvider {
  /** Where the browser goes to log in. The broker sends it back to `redirectUri` with `code` and `state` in the fragment. */
  authorizationUrl(request: EidAuthorizeRequest): string | Promise<string>;
  /** Exchanges the code for the ID token's claims; throws EidError (anything else: the broker is unreachable). */
  exchangeCode(request: EidCodeExchange): Promise<EidClaims>;
  /** A provider that serves pages of its own (the simulator) mounts them here, in demo mode only. */
  routes?(): Router;
  /**
   * Whether the broker sends the customer back to this address. Absent: only the one registered
   * (the configured shop's callback) — a real broker knows its client's redirect URIs in advance.
   */
  acceptsRedirectUri?(uri: string): boolean;
}

/** OIDC error codes on the redirect back (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6) → SPEC §8 cases. */
export function eidFailureOf(oidcError: string): EidFailure {
  if (oidcError === 'access_denied') return 'cancelled';
  if (oidcError === 'temporarily_unavailable') return 'unavailable';
  if (oidcError === 'login_required' || oidcError === 'invalid_grant') return 'expired';
  return 'problems';
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export const SIM_CLIENT_ID = 'optik-shop';
const SIM_PATH = '/api/eid/sim/authorize';
const CODE_TTL_MS = 2 * 60 * 1000;

interface SimPerson {
  id: string;
  sub: string;
  givenName: string;
  familyName: string;
  email: string | null;
  emailVerified: boolean;
  cpr: string;
  note: string;
}

/** Test persons of the simulator: one with the demo customer's e-mail, one without e-mail, one whose e-mail is not verified. */
export const SIM_PERSONS: readonly SimPerson[] = [
  { id: 'mette', sub: 'sim-6f0c2d1e-mette', givenName: 'Mette', familyName: 'Jensen', email: 'kunde@example.dk', emailVerified: true, cpr: '070761-4285', note: 'kunde@example.dk, bekræftet e-mail' },
  { id: 'lars', sub: 'sim-91a7b3c4-lars', givenName: 'Lars', familyName: 'Mikkelsen', email: null, emailVerified: false, cpr: '120588-2347', note: 'ingen e-mail hos MitID' },
  { id: 'jonas', sub: 'sim-2b8e5f70-jonas', givenName: 'Jonas', familyName: 'Nielsen', email: 'ubekraeftet@example.dk', emailVerified: false, cpr: '230395-1000', note: 'ubekraeftet@example.dk, e-mail ikke bekræftet' },
];
const OTHER_CPR = '010190-1009';

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(SIM_CLIENT_ID),
  redirect_uri: z.string(),
  scope: z.string().refine((s) => s.split(' ').includes('openid')),
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
  response_mode: z.literal('fragment'),
});
type AuthorizeQuery = z.infer<typeof authorizeQuery>;

const submitForm = z.object({
  action: z.enum(['login', 'cancel', 'error']),
  person: z.string().default(''),
  givenName: z.string().max(80).default(''),
  familyName: z.string().max(80).default(''),
  email: z.string().max(200).default(''),
  emailVerified: z.string().optional(),
  failure: z.enum(['problems', 'unavailable', 'expired']).default('problems'),
});
type SubmitForm = z.infer<typeof submitForm>;


interface IssuedCode {
  claims: Omit<EidClaims, 'nonce'>;
  nonce: string;
  codeChallenge: string;
  redirectUri: string;
  expiresAt: number;
}

/**
 * The local simulated provider (default in development, tests and the demo): a small Danish
 * "MitID (simulator)" page under /api/eid/sim/… where the tester picks a test person or types a
 * name, cancels, or makes the login fail (problems, unavailable, expired). It behaves as a broker
 * does: it checks client id and redirect URI, binds the code to the nonce and the PKCE challenge,
 * issues single-use codes for two minutes and releases the CPR only when the scope asks for it.
 */
export function createSimulatedEid(opts: { clock: Clock; redirectUri: string; allowHost?: (hostname: string) => boolean }): EidProvider {
  const codes = new Map<string, IssuedCode>();
  const registered = new URL(opts.redirectUri);

  /** The registered return address, or the same on another host name the demo may be opened on (issue 16). */
  function accepts(uri: string): boolean {
    if (uri === opts.redirectUri) return true;
    if (!opts.allowHost || uri.length > 600 || !URL.canParse(uri)) return false;
    const u = new URL(uri);
    return u.protocol === registered.protocol && u.port === registered.port && u.pathname === registered.pathname && !u.search && !u.hash && !u.username && !u.password && opts.allowHost(u.hostname);
  }

  function issue(query: AuthorizeQuery, claims: Omit<EidClaims, 'nonce'>, ttl = CODE_TTL_MS): string {
    const now = opts.clock.now().getTime();
    for (const [k, c] of codes) if (c.expiresAt <= now - CODE_TTL_MS) codes.delete(k);
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { claims, nonce: query.nonce, codeChallenge: query.code_challenge, redirectUri: query.redirect_uri, expiresAt: now + ttl });
    return code;
  }

  function back(res: Response, query: AuthorizeQuery, params: Record<string, string>) {
    res.redirect(303, `${query.redirect_uri}#${new URLSearchParams({ ...params, state: query.state }).toString()}`);
  }

  function page(res: Response, query: AuthorizeQuery, form: Partial<SubmitForm> = {}, problem?: string) {
    const wantsCpr = query.scope.split(' ').includes('cpr');
    const hidden = Object.entries(query)
      .map(([k, v]) => `<input type="hidden" name="${escapeMarkup(k)}" value="${escapeMarkup(v)}">`)
      .join('');
    const chosen = form.person ?? SIM_PERSONS[0]!.id;
    const radio = (value: string, label: string, note: string) =>
      `<label class="choice"><input type="radio" name="person" value="${value}"${chosen === value ? ' checked' : ''}> <span>${escapeMarkup(label)} <span class="note">(${escapeMarkup(note)})</span></span></label>`;
    const text = (name: 'givenName' | 'familyName' | 'email', label: string, auto: string) =>
      `<label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${auto}" value="${escapeMarkup(form[name] ?? '')}"${problem && name !== 'email' ? ' aria-describedby="problem"' : ''}>`;
    res
      .status(problem ? 400 : 200)
      .set('Content-Type', 'text/html; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(query.redirect_uri).origin}; base-uri 'none'; frame-ancestors 'none'`)
      .send(`<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>MitID (simulator) – log ind</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f2f4f8;color:#1d1d1f}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem 2rem;box-shadow:0 .25rem 1rem rgba(0,0,0,.08)}
h1{color:#0a3d91;margin-top:0}fieldset{border:1px solid #c7ccd4;border-radius:.5rem;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:700}label{display:block;margin-top:.75rem;font-weight:600}.choice{display:flex;gap:.5rem;font-weight:400}
.note{color:#4b5563}input:not([type=radio]):not([type=checkbox]),select{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.4rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}button{font:inherit;font-weight:600;padding:.55rem 1.2rem;border-radius:999px;border:2px solid #0a3d91;background:#0a3d91;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a3d91}.alert{border-left:4px solid #a4161a;background:#fff5f5;padding:.5rem 1rem}.info{background:#eef4ff;padding:.5rem 1rem;border-radius:.4rem}
</style></head>
<body><main>
<h1>MitID (simulator)</h1>
<p>Dette er en testudgave af MitID til udvikling og test. Der bruges ingen rigtige personer.</p>
${wantsCpr ? '<p class="info">Profil Optik beder om dit CPR-nummer.</p>' : ''}
${problem ? `<p class="alert" role="alert" id="problem">${escapeMarkup(problem)}</p>` : ''}
<form method="post" action="${SIM_PATH}">${hidden}
<fieldset><legend>Vælg en testperson</legend>
${SIM_PERSONS.map((p) => radio(p.id, `${p.givenName} ${p.familyName}`, p.note)).join('\n')}
${radio('other', 'En anden person', 'skriv navnet nedenfor')}
</fieldset>
<fieldset><legend>En anden person</legend>
${text('givenName', 'Fornavn', 'off')}
${text('familyName', 'Efternavn', 'off')}
${text('email', 'E-mail (valgfri)', 'off')}
<label class="choice"><input type="checkbox" name="emailVerified" value="1"${form.emailVerified || !form.action ? ' checked' : ''}> <span>E-mailen er bekræftet hos MitID</span></label>
</fieldset>
<div class="actions"><button type="submit" name="action" value="login">Log ind</button>
<button type="submit" name="action" value="cancel" class="secondary">Annullér</button></div>
<fieldset><legend>Simulér en fejl</legend>
<label for="failure">Fejl</label>
<select id="failure" name="failure">
<option value="problems">Der er problemer med MitID</option>
<option value="unavailable">MitID er midlertidigt utilgængeligt</option>
<option value="expired">Login-tiden udløber</option>
</select>
<div class="actions"><button type="submit" name="action" value="error" class="secondary">Simulér fejl</button></div>
</fieldset>
</form>
</main></body></html>`);
  }

  /** A broker shows its own error page, not a redirect, for a request it cannot trust (wrong client or redirect URI). */
  function refuse(res: Response) {
    const body: ApiError = { error: { code: 'bad_request', message: 'Ugyldig login-forespørgsel.' } };
    res.status(400).set('Cache-Control', 'no-store').json(body);
  }

  function readQuery(source: unknown): AuthorizeQuery | null {
    const parsed = authorizeQuery.safeParse(source);
    return parsed.success && accepts(parsed.data.redirect_uri) ? parsed.data : null;
  }

  function person(form: SubmitForm, wantsCpr: boolean): Omit<EidClaims, 'nonce'> | string {
    const demo = SIM_PERSONS.find((p) => p.id === form.person);
    if (demo) return { sub: demo.sub, givenName: demo.givenName, familyName: demo.familyName, email: demo.email, emailVerified: demo.emailVerified, cpr: wantsCpr ? demo.cpr : null };
    const givenName = form.givenName.trim();
    const familyName = form.familyName.trim();
    if (!isValidName(givenName) || !isValidName(familyName)) return 'Skriv både fornavn og efternavn (kun bogstaver og tal).';
    const typed = form.email.trim();
    if (typed && !isValidEmail(typed)) return da.validation.email;
    const email = typed ? normalizeEmail(typed) : null;
    const sub = `sim-${createHash('sha256').update(`${givenName}|${familyName}|${email ?? ''}`.toLowerCase()).digest('hex').slice(0, 24)}`;
    return { sub, givenName, familyName, email, emailVerified: Boolean(email && form.emailVerified), cpr: wantsCpr ? OTHER_CPR : null };
  }

  return {
    acceptsRedirectUri: accepts,

    authorizationUrl(r) {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: SIM_CLIENT_ID,
        redirect_uri: r.redirectUri,
        scope: r.requestCpr ? 'openid profile email cpr' : 'openid profile email',
        state: r.state,
        nonce: r.nonce,
        code_challenge: r.codeChallenge,
        code_challenge_method: 'S256',
        response_mode: 'fragment',
      });
      return `${SIM_PATH}?${params.toString()}`;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const issued = codes.get(code);
      codes.delete(code);
      if (!issued || issued.redirectUri !== redirectUri || issued.codeChallenge !== pkceChallenge(codeVerifier)) throw new EidError('problems', 'invalid_grant');
      if (issued.expiresAt <= opts.clock.now().getTime()) throw new EidError('expired', 'code expired');
      return { ...issued.claims, nonce: issued.nonce };
    },

    routes() {
      const r = Router();
      r.get(SIM_PATH, (req: Request, res: Response) => {
        const query = readQuery(req.query);
        if (!query) return refuse(res);
        page(res, query);
      });
      r.post(SIM_PATH, express.urlencoded({ extended: false, limit: '8kb' }), (req: Request, res: Response) => {
        const query = readQuery(req.body);
        const form = submitForm.safeParse(req.body ?? {});
        if (!query || !form.success) return refuse(res);
        const f = form.data;
        if (f.action === 'cancel') return back(res, query, { error: 'access_denied', error_description: 'Brugeren afbrød login.' });
        if (f.action === 'error' && f.failure === 'problems') return back(res, query, { error: 'server_error', error_description: 'Der er problemer med MitID.' });
        if (f.action === 'error' && f.failure === 'unavailable') return back(res, query, { error: 'temporarily_unavailable', error_description: 'MitID er midlertidigt utilgængeligt.' });
        const claims = person(f.action === 'error' ? { ...f, person: SIM_PERSONS[0]!.id } : f, query.scope.split(' ').includes('cpr'));
        if (typeof claims === 'string') return page(res, query, f, claims);
        // "Login-tiden udløber": a code that has run out before the shop can use it.
        back(res, query, { code: issue(query, claims, f.action === 'error' ? 0 : CODE_TTL_MS) });
      });
      return r;
    },
  };
}
