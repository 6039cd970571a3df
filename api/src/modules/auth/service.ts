import {
  accountMessages,
  CURRENT_TERMS_VERSION,
  da,
  loginProblemErrorCode,
  routes,
  type Account,
  type LoginProblem,
  type loginRequestSchema,
  type registerRequestSchema,
  type SessionResponse,
  type SessionUser,
  type storeLoginRequestSchema,
  type TermsResponse,
} from '@optik/shared';
import type { z } from 'zod';
import type { Mailer } from '../../ports/mail';
import type { AppConfig, Clock } from '../../deps';
import { HttpError } from '../../http/errors';
import { newId, hashToken } from '../../http/identity';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import type { SessionRecord } from './records';
import { hashPassword, verifyPassword } from './password';
import { AuthRepository } from './repository';
import { isStoreRole } from './roles';
import { shopUrl } from '../../http/public-url';

type Register = z.output<typeof registerRequestSchema>;
type Login = z.output<typeof loginRequestSchema>;
type StoreLogin = z.output<typeof storeLoginRequestSchema>;

/** A hash to compare against when the account does not exist, so timing does not reveal which e-mails exist. */
const DUMMY_HASH = hashPassword('not-a-real-password');

const loginProblemMessage: Record<LoginProblem, string> = {
  'terms-not-accepted': da.errors.termsNotAccepted,
  'email-not-verified': da.errors.emailNotVerified,
  'eid-email-not-verified': da.errors.eidEmailNotVerified,
};

export function loginProblem(problem: LoginProblem): HttpError {
  return new HttpError(403, loginProblemErrorCode[problem], loginProblemMessage[problem]);
}

/**
 * SPEC §3 "terms not accepted": the credentials were right, so the same browser gets a
 * short-lived token (an httpOnly cookie, set by the routes) to accept the latest terms with,
 * instead of typing the password again or keeping it in the page.
 */
export class TermsPendingError extends HttpError {
  constructor(readonly pendingToken: string) {
    super(403, loginProblemErrorCode['terms-not-accepted'], loginProblemMessage['terms-not-accepted']);
  }
}

/** How the customer proved who they are; e-ID logins have their own e-mail problem (SPEC §3). */
export type LoginVia = 'password' | 'eid';

const loginFailed = () => new HttpError(401, 'login_failed', da.errors.loginFailed);

/** What other modules may know of an account to write to its holder. */
export type AccountContact = Pick<Account, 'firstName' | 'lastName' | 'email' | 'phone'>;

const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
/** Time to read and accept the terms after logging in. */
export const TERMS_STEP_TTL_MS = 15 * 60 * 1000;

export class AuthService {
  private readonly repo: AuthRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly catalogue: Pick<CatalogueService, 'page' | 'store'>,
  ) {
    this.repo = new AuthRepository(storage);
  }

  /**
   * SPEC §6: the e-mail must be verified before the customer can log in, so registering sends a
   * link. The account and its link are stored together; the e-mail is a unique key of accounts,
   * so of two registrations with one address (in any letter case) the second is not stored.
   * Issue 15: the answer never reveals whether the e-mail has an account. A registration of a
   * taken e-mail answers exactly as a new one (after the same hashing, so timing tells nothing
   * either), and the address's owner is mailed a notice instead, with the way to log in or reset
   * the password.
   */
  async register(input: Register): Promise<{ verificationSent: true; email: string }> {
    const account: Account = {
      id: `u-${newId(9)}`,
      role: 'customer',
      email: input.email,
      username: null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      // Hashed before the transaction: scrypt takes a while and writers wait for a transaction.
      passwordHash: await hashPassword(input.password),
      emailVerified: false,
      termsVersion: CURRENT_TERMS_VERSION,
      storeId: null,
      companyId: null,
      createdAt: this.clock.now().toISOString(),
    };
    try {
      await this.repo.transaction(async () => {
        await this.repo.insertAccount(account);
        await this.sendVerification(account);
      });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError && err.key === 'email')) throw err;
      await this.mailExistingOwner(input.email);
    }
    return { verificationSent: true, email: input.email };
  }

  /** Someone registered with an e-mail that has an account: its owner hears of it (never the one registering). */
  private async mailExistingOwner(email: string): Promise<void> {
    const existing = await this.repo.accountByEmail(email);
    if (!existing?.email) return;
    const base = shopUrl(this.config);
    await this.mailer.send({
      to: existing.email,
      subject: 'Nogen forsøgte at oprette en konto med din e-mail',
      text: [
        `Hej ${existing.firstName}`,
        '',
        'Nogen forsøgte at oprette en konto hos Profil Optik med din e-mail. Du har allerede en konto, så der er ikke oprettet en ny.',
        '',
        `Log ind her: ${base}${routes.login}`,
        `Har du glemt din adgangskode, kan du nulstille den her: ${encodeURI(`${base}${routes.forgotPassword}`)}`,
        '',
        'Var det ikke dig, kan du se bort fra denne e-mail. Din konto er uændret.',
        '',
        'Venlig hilsen',
        'Profil Optik',
      ].join('\n'),
    });
  }

  /** Always answers the same, so the form does not reveal which e-mails have accounts. */
  async resendVerification(email: string): Promise<void> {
    const account = await this.repo.accountByEmail(email);
    if (account && account.role === 'customer' && !account.emailVerified) await this.sendVerification(account);
  }

  /** Following the mailed link verifies the e-mail and signs the customer in. */
  async verifyEmail(token: string): Promise<{ token: string; session: SessionResponse }> {
    // The link is used up even when it has expired.
    const account = await this.repo.transaction(async () => {
      const pending = await this.repo.takeVerification(hashToken(token));
      if (!pending || Date.parse(pending.expiresAt) <= this.clock.now().getTime()) return undefined;
      return this.repo.updateAccount(pending.accountId, (a) => ({ ...a, emailVerified: true }));
    });
    if (!account) throw new HttpError(422, 'unprocessable', da.errors.verificationExpired);
    // The link proves the mailbox, not the terms: an account without the latest ones accepts them first.
    return this.completeLogin(account, 'password');
  }

  /**
   * Stores a verification link and mails it once the link is committed: inside a registration
   * (or an e-ID login) that is when the account is, so a refused one mails nothing.
   */
  private async sendVerification(account: Account): Promise<void> {
    const token = newId(32);
    const link = `${shopUrl(this.config)}/min-konto/bekraeft-email#token=${token}`;
    await this.repo.transaction(async () => {
      await this.repo.insertVerification({
        id: hashToken(token),
        accountId: account.id,
        expiresAt: new Date(this.clock.now().getTime() + VERIFICATION_TTL_MS).toISOString(),
      });
      this.repo.afterCommit(() =>
        this.mailer.send({
          to: account.email!,
          subject: 'Bekræft din e-mail hos Profil Optik',
          text: `Hej ${account.firstName}\n\nBekræft din e-mail, så du kan logge ind på Min konto:\n${link}\n\nLinket virker i 48 timer.\n\nVenlig hilsen\nProfil Optik`,
        }),
      );
    });
  }

  /** Customers and company contacts log in by e-mail (SPEC §6); staff use the store login. */
  async findByEmail(email: string): Promise<Account | undefined> {
    const account = await this.repo.accountByEmail(email);
    return account && (account.role === 'customer' || account.role === 'company-contact') ? account : undefined;
  }

  /** The name and addresses of an account's holder, for modules that write to them (order mails, invoices). */
  async contact(accountId: string): Promise<AccountContact | undefined> {
    const a = await this.repo.account(accountId);
    return a && { firstName: a.firstName, lastName: a.lastName, email: a.email, phone: a.phone };
  }

  async login(input: Login): Promise<{ token: string; session: SessionResponse }> {
    const account = await this.findByEmail(input.email);
    if (!account) {
      await verifyPassword(input.password, await DUMMY_HASH);
      throw loginFailed();
    }
    if (!(await verifyPassword(input.password, account.passwordHash))) throw loginFailed();
    return this.completeLogin(account, 'password');
  }

  /**
   * After the credentials (password, reset link or e-ID) are proven: SPEC §6 requires a verified
   * e-mail and the latest terms; otherwise the SPEC §3 login problem is the answer.
   */
  async completeLogin(account: Account, via: LoginVia): Promise<{ token: string; session: SessionResponse }> {
    if (via === 'password' && !account.emailVerified) throw loginProblem('email-not-verified');
    // An account made by MitID may have no e-mail at all; one it has must be verified.
    if (via === 'eid' && account.email !== null && !account.emailVerified) throw loginProblem('eid-email-not-verified');
    if ((account.termsVersion ?? 0) < CURRENT_TERMS_VERSION) {
      const token = newId(32);
      await this.repo.insertPendingLogin({
        id: hashToken(token),
        accountId: account.id,
        via,
        expiresAt: new Date(this.clock.now().getTime() + TERMS_STEP_TTL_MS).toISOString(),
      });
      throw new TermsPendingError(token);
    }
    return this.openSession(account);
  }

  /** The latest account terms, with the text of the /kontovilkaar page. */
  async terms(): Promise<TermsResponse> {
    const page = await this.catalogue.page('kontovilkaar');
    return {
      version: CURRENT_TERMS_VERSION,
      title: page?.title ?? 'Vilkår for Min konto',
      summary: page?.summary ?? '',
      body: page?.body ?? [],
      url: page?.url ?? '/kontovilkaar',
    };
  }

  /** Accepting the terms after a login that answered "terms not accepted" signs the customer in. */
  async acceptTerms(pendingToken: string | null, version: number): Promise<{ token: string; session: SessionResponse }> {
    // A newer version published while the customer read: read that one first (the token stays valid).
    if (version !== CURRENT_TERMS_VERSION) throw new HttpError(409, 'conflict', accountMessages.termsOutdated);
    // The step is used up even when it ran out.
    const accepted = pendingToken
      ? await this.repo.transaction(async () => {
          const pending = await this.repo.takePendingLogin(hashToken(pendingToken));
          if (!pending || Date.parse(pending.expiresAt) <= this.clock.now().getTime()) return undefined;
          const account = await this.repo.updateAccount(pending.accountId, (a) => ({ ...a, termsVersion: version }));
          return account && { account, via: pending.via };
        })
      : undefined;
    if (!accepted) throw new HttpError(410, 'gone', accountMessages.termsStepExpired);
    return this.completeLogin(accepted.account, accepted.via);
  }

  /** Ends the account's sessions (after a password change or reset), all but `keepToken`'s. */
  async endSessions(accountId: string, keepToken: string | null = null): Promise<void> {
    await this.repo.removeSessionsOf(accountId, keepToken ? hashToken(keepToken) : null);
  }

  /** Store login (SPEC §6): the staff member's own credentials, valid only for their own store. */
  async storeLogin(input: StoreLogin): Promise<{ token: string; session: SessionResponse }> {
    const found = await this.repo.accountByUsername(input.username);
    const account = found && isStoreRole(found.role) ? found : undefined;
    const ok = account ? await verifyPassword(input.password, account.passwordHash) : await verifyPassword(input.password, await DUMMY_HASH);
    if (!account || !ok || account.storeId !== input.storeId) throw loginFailed();
    return this.openSession(account);
  }

  async logout(token: string | null): Promise<void> {
    if (token) await this.repo.removeSession(hashToken(token));
  }

  /** The live session for a cookie value, or null when absent or expired (expired ones are removed). */
  async resolve(token: string | null): Promise<{ session: SessionRecord; user: SessionUser } | null> {
    if (!token) return null;
    const session = await this.repo.session(hashToken(token));
    if (!session) return null;
    if (Date.parse(session.expiresAt) <= this.clock.now().getTime()) {
      await this.repo.removeSession(session.id);
      return null;
    }
    const account = await this.repo.account(session.accountId);
    if (!account) return null;
    return { session, user: await this.toUser(account) };
  }

  /** Whether the caller acts as a store (SPEC §6: staff and managers). */
  async isStoreCaller(token: string | null): Promise<boolean> {
    const who = await this.resolve(token);
    return who ? isStoreRole(who.user.role) : false;
  }

  private async toUser(account: Account): Promise<SessionUser> {
    const store = account.storeId ? await this.catalogue.store(account.storeId) : undefined;
    return {
      id: account.id,
      role: account.role,
      name: `${account.firstName} ${account.lastName}`.trim(),
      email: account.email,
      storeId: account.storeId,
      storeName: store?.name ?? null,
      companyId: account.companyId,
    };
  }

  private async openSession(account: Account): Promise<{ token: string; session: SessionResponse }> {
    const token = newId(32);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlMs).toISOString();
    await this.repo.insertSession({
      id: hashToken(token),
      accountId: account.id,
      role: account.role,
      storeId: account.storeId,
      createdAt: now.toISOString(),
      expiresAt,
    });
    return { token, session: { user: await this.toUser(account), expiresAt } };
  }
}
