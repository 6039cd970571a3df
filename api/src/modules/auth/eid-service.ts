import { createHmac, timingSafeEqual } from 'node:crypto';
import { accountMessages, da, parseCpr, type Account, type EidCallbackRequest, type SessionResponse } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { HttpError } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import { EidError, eidFailureOf, pkceChallenge, type EidClaims, type EidFailure, type EidProvider } from '../../ports/eid';
import type { Storage } from '../../storage/port';
import { loginProblem, type AuthService } from './service';
import { C } from '../../collections';

/** Time the customer has at the broker before the login must start over. */
export const EID_LOGIN_TTL_MS = 10 * 60 * 1000;
/** Where the broker sends the customer back (the shop's callback page). */
export const EID_CALLBACK_PATH = '/min-konto/log-ind/mitid';

/** SPEC §8 e-ID messages, with the HTTP answer each one is. */
const FAILURES: Record<EidFailure, () => HttpError> = {
  cancelled: () => new HttpError(401, 'login_failed', da.errors.loginCancelled),
  problems: () => new HttpError(502, 'internal', da.errors.eidProblems),
  unavailable: () => new HttpError(503, 'internal', da.errors.accountUnavailable),
  expired: () => new HttpError(410, 'gone', da.errors.loginExpiredOrTooMany),
};
export const eidFailure = (kind: EidFailure) => FAILURES[kind]();

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Login by national e-ID (SPEC §6) through the OIDC port: authorization-code flow with state
 * (bound to the browser's shopper id), nonce and PKCE. The person is found by the broker's
 * stable subject id, else by a verified e-mail, else a new customer account is made; the CPR is
 * kept only when the login asked for it, and then only sealed.
 */
export class EidService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly provider: EidProvider,
    private readonly auth: AuthService,
    private readonly cprCrypto: FieldCrypto,
  ) {}

  get redirectUri(): string {
    return `${this.config.publicWebUrl}${EID_CALLBACK_PATH}`;
  }

  private get logins() {
    return this.storage.collection(C.eidLogins);
  }

  /** The stored key of a subject id: keyed, so the data file does not hold the broker's id. */
  private subjectKey(sub: string): string {
    return createHmac('sha256', this.config.secret).update(`eid-sub:${sub}`).digest('base64url');
  }

  async start(shopperId: string, requestCpr: boolean): Promise<{ url: string }> {
    const state = newId(24);
    const nonce = newId(24);
    const codeVerifier = newId(48);
    await this.logins.insert({
      id: hashToken(state),
      shopperId,
      nonce,
      codeVerifier,
      requestCpr,
      expiresAt: new Date(this.clock.now().getTime() + EID_LOGIN_TTL_MS).toISOString(),
    });
    return { url: this.provider.authorizationUrl({ state, nonce, codeChallenge: pkceChallenge(codeVerifier), requestCpr, redirectUri: this.redirectUri }) };
  }

  /** The broker's answer as the callback page posts it. A state is used once, by the browser that started it. */
  async callback(shopperId: string, input: EidCallbackRequest): Promise<{ token: string; session: SessionResponse }> {
    const login = await this.logins.get(hashToken(input.state));
    if (login) await this.logins.remove(login.id);
    if (!login || login.shopperId !== shopperId || Date.parse(login.expiresAt) <= this.clock.now().getTime()) throw eidFailure('expired');
    if (input.error || !input.code) throw eidFailure(eidFailureOf(input.error ?? ''));
    let claims: EidClaims;
    try {
      claims = await this.provider.exchangeCode({ code: input.code, codeVerifier: login.codeVerifier, redirectUri: this.redirectUri });
    } catch (err) {
      // A broker that cannot be reached is "temporarily unavailable" (SPEC §8).
      throw eidFailure(err instanceof EidError ? err.kind : 'unavailable');
    }
    // The ID token must be the answer to this login, not one replayed from another.
    if (!sameText(claims.nonce, login.nonce)) throw eidFailure('problems');
    const account = await this.accountFor(claims);
    if (login.requestCpr && claims.cpr) await this.keepCpr(account.id, claims.cpr);
    return this.auth.completeLogin(account, 'eid');
  }

  private async accountFor(claims: EidClaims): Promise<Account> {
    const accounts = this.storage.collection(C.accounts);
    const links = this.storage.collection(C.eidLinks);
    const key = this.subjectKey(claims.sub);
    const link = await links.get(key);
    const linked = link ? await accounts.get(link.accountId) : undefined;
    if (linked) return linked;
    if (link) await links.remove(link.id);

    let account: Account | undefined;
    const email = claims.email?.trim().toLowerCase() || null;
    const sameEmail = email ? await accounts.findOne((a) => a.email === email) : undefined;
    if (sameEmail) {
      // Only a customer account, and only by an e-mail the broker vouches for, is linked.
      if (sameEmail.role !== 'customer') throw new HttpError(409, 'conflict', accountMessages.eidLinkConflict);
      if (!claims.emailVerified) throw loginProblem('eid-email-not-verified');
      account = sameEmail.emailVerified ? sameEmail : await accounts.update(sameEmail.id, (a) => ({ ...a, emailVerified: true }));
    }
    if (!account) {
      account = await accounts.insert({
        id: `u-${newId(9)}`,
        role: 'customer',
        email,
        username: null,
        firstName: claims.givenName,
        lastName: claims.familyName,
        phone: null,
        // No password: this account logs in with MitID until the customer sets one.
        passwordHash: '',
        emailVerified: Boolean(email && claims.emailVerified),
        // Not accepted yet: the first login shows the terms (SPEC §3).
        termsVersion: null,
        storeId: null,
        companyId: null,
        createdAt: this.clock.now().toISOString(),
      });
      if (email && !claims.emailVerified) await this.auth.resendVerification(email);
    }
    await links.put({ id: key, accountId: account!.id, linkedAt: this.clock.now().toISOString() });
    return account!;
  }

  /** DOMAIN.md: CPR only encrypted at rest, bound to the account id; a malformed claim is not kept. */
  private async keepCpr(accountId: string, cpr: string): Promise<void> {
    const parsed = parseCpr(cpr);
    if (!parsed.ok) return;
    const cprSealed = this.cprCrypto.encrypt(parsed.normalized, accountId);
    const now = this.clock.now().toISOString();
    const profiles = this.storage.collection(C.accountProfiles);
    if (!(await profiles.update(accountId, (p) => ({ ...p, cprSealed, updatedAt: now })))) {
      await profiles.put({ id: accountId, street: '', zip: '', city: '', cprSealed, updatedAt: now });
    }
  }
}
