import { createHmac, timingSafeEqual } from 'node:crypto';
import { accountMessages, da, normalizeEmail, parseCpr, type Account, type EidCallbackRequest, type SessionResponse } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { HttpError } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import { shopUrl } from '../../http/public-url';
import { EidError, eidFailureOf, pkceChallenge, type EidClaims, type EidFailure, type EidProvider } from '../../ports/eid';
import type { Storage } from '../../storage/port';
import { AuthRepository } from './repository';
import { loginProblem, type AuthService } from './service';

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
/** The state names no login this browser started here: another host name, another browser, or used already (issue 16). */
const startedElsewhere = () => new HttpError(409, 'conflict', da.errors.eidStartedElsewhere);
export const eidFailure = (kind: EidFailure) => FAILURES[kind]();

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Login by national e-ID (SPEC §6) through the OIDC port: authorization-code flow with state
 * (bound to the browser's shopper id), nonce and PKCE. The person is found by the broker's
 * stable subject id; an e-ID not linked yet is linked to the customer account the browser is
 * signed in to (its owner), else a new customer account is made — never to another account by
 * an e-mail claim. The CPR is kept only when the login asked for it, and then only sealed.
 */
export class EidService {
  private readonly repo: AuthRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    /** The broker; its own HTTP pages (the local simulator's) are mounted by the routes. */
    readonly provider: EidProvider,
    private readonly auth: AuthService,
    private readonly cprCrypto: FieldCrypto,
    /** Runs after every e-ID login or link, once the CPR is kept (account-links links the store customer with that CPR). */
    private readonly afterLogin: (accountId: string) => Promise<void> = async () => {},
  ) {
    this.repo = new AuthRepository(storage);
  }

  /**
   * The shop's callback on the address the shop was opened on (demo mode, http/public-url.ts),
   * when the broker sends customers back there; otherwise the configured one.
   */
  get redirectUri(): string {
    const here = `${shopUrl(this.config)}${EID_CALLBACK_PATH}`;
    return this.provider.acceptsRedirectUri?.(here) ? here : `${this.config.publicWebUrl}${EID_CALLBACK_PATH}`;
  }

  /** The stored key of a subject id: keyed, so the data file does not hold the broker's id. */
  private subjectKey(sub: string): string {
    return createHmac('sha256', this.config.secret).update(`eid-sub:${sub}`).digest('base64url');
  }

  async start(shopperId: string, requestCpr: boolean): Promise<{ url: string }> {
    const state = newId(24);
    const nonce = newId(24);
    const codeVerifier = newId(48);
    const redirectUri = this.redirectUri;
    await this.repo.insertEidLogin({
      id: hashToken(state),
      shopperId,
      nonce,
      codeVerifier,
      requestCpr,
      expiresAt: new Date(this.clock.now().getTime() + EID_LOGIN_TTL_MS).toISOString(),
      redirectUri,
    });
    try {
      return { url: await this.provider.authorizationUrl({ state, nonce, codeChallenge: pkceChallenge(codeVerifier), requestCpr, redirectUri }) };
    } catch (err) {
      // A broker that cannot be reached (its discovery document) is "temporarily unavailable" (SPEC §8).
      throw eidFailure(err instanceof EidError ? err.kind : 'unavailable');
    }
  }

  /**
   * The broker's answer as the callback page posts it. A state is used once, by the browser that
   * started it. `signedIn`: the customer account this browser is signed in to, if any — the only
   * account an unknown e-ID is linked to besides a new one.
   */
  async callback(shopperId: string, input: EidCallbackRequest, signedIn: { id: string } | null = null): Promise<{ token: string; session: SessionResponse }> {
    const login = await this.repo.takeEidLogin(hashToken(input.state));
    // Not this browser's login, or started on another address (the shop's cookies are per host name).
    const redirectUri = login?.redirectUri ?? `${this.config.publicWebUrl}${EID_CALLBACK_PATH}`;
    if (!login || login.shopperId !== shopperId || redirectUri !== this.redirectUri) throw startedElsewhere();
    if (Date.parse(login.expiresAt) <= this.clock.now().getTime()) throw eidFailure('expired');
    if (input.error || !input.code) throw eidFailure(eidFailureOf(input.error ?? ''));
    let claims: EidClaims;
    try {
      claims = await this.provider.exchangeCode({ code: input.code, codeVerifier: login.codeVerifier, redirectUri, state: input.state, nonce: login.nonce, ...(input.iss ? { iss: input.iss } : {}) });
    } catch (err) {
      // A broker that cannot be reached is "temporarily unavailable" (SPEC §8).
      throw eidFailure(err instanceof EidError ? err.kind : 'unavailable');
    }
    // The ID token must be the answer to this login, not one replayed from another.
    if (!sameText(claims.nonce, login.nonce)) throw eidFailure('problems');
    const account = await this.accountFor(claims, signedIn?.id ?? null);
    if (login.requestCpr && claims.cpr) await this.keepCpr(account.id, claims.cpr);
    await this.afterLogin(account.id);
    return this.auth.completeLogin(account, 'eid');
  }

  /**
   * One transaction: finding the person and linking (or creating) the account cannot interleave
   * with another login of the same person, so two callbacks at once make one account and one link.
   */
  private accountFor(claims: EidClaims, signedInId: string | null): Promise<Account> {
    return this.repo.transaction(() => this.findOrLink(claims, signedInId));
  }

  private async findOrLink(claims: EidClaims, signedInId: string | null): Promise<Account> {
    const key = this.subjectKey(claims.sub);
    const link = await this.repo.eidLink(key);
    const linked = link ? await this.repo.account(link.accountId) : undefined;
    if (linked) return linked;
    if (link) await this.repo.removeEidLink(link.id);

    let account: Account | undefined;
    // The owner, signed in to their customer account, links this e-ID to it.
    const owner = signedInId ? await this.repo.account(signedInId) : undefined;
    if (owner?.role === 'customer') account = owner;
    // Stored as sign-up stores it (trimmed, lower case); the lookup folds it again.
    const email = normalizeEmail(claims.email ?? '') || null;
    const sameEmail = !account && email ? await this.repo.accountByEmail(email) : undefined;
    if (sameEmail) {
      // An e-mail claim alone never links an e-ID to an existing account (issue 15): whoever
      // controls the claim would get the account. The owner signs in with the password first
      // and then logs in with MitID, which links it (above).
      if (!claims.emailVerified && sameEmail.role === 'customer') throw loginProblem('eid-email-not-verified');
      throw new HttpError(409, 'conflict', accountMessages.eidLinkConflict);
    }
    if (!account) {
      account = await this.repo.insertAccount({
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
    await this.repo.putEidLink({ id: key, accountId: account!.id, linkedAt: this.clock.now().toISOString() });
    return account!;
  }

  /** DOMAIN.md: CPR only encrypted at rest, bound to the account id; a malformed claim is not kept. */
  private async keepCpr(accountId: string, cpr: string): Promise<void> {
    const parsed = parseCpr(cpr);
    if (!parsed.ok) return;
    const cprSealed = this.cprCrypto.encrypt(parsed.normalized, accountId);
    const now = this.clock.now().toISOString();
    await this.repo.saveProfile(accountId, (p) => ({ id: accountId, street: '', zip: '', city: '', ...p, cprSealed, updatedAt: now }));
  }
}
