import {
  CURRENT_TERMS_VERSION,
  da,
  loginProblemErrorCode,
  type Account,
  type LoginProblem,
  type SessionResponse,
  type SessionUser,
} from '@optik/shared';
import type { z } from 'zod';
import type { loginRequestSchema, registerRequestSchema, storeLoginRequestSchema } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import { HttpError } from '../../http/errors';
import { newId, sessionKey } from '../../http/identity';
import type { Storage } from '../../storage/port';
import type { SessionRecord } from '../../storage/records';
import { hashPassword, verifyPassword } from './password';

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

function loginProblem(problem: LoginProblem): HttpError {
  return new HttpError(403, loginProblemErrorCode[problem], loginProblemMessage[problem]);
}

const loginFailed = () => new HttpError(401, 'login_failed', da.errors.loginFailed);

export class AuthService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  private get accounts() {
    return this.storage.collection('accounts');
  }
  private get sessions() {
    return this.storage.collection('sessions');
  }

  async register(input: Register): Promise<{ token: string; session: SessionResponse }> {
    const taken = await this.accounts.findOne((a) => a.email === input.email);
    if (taken) throw new HttpError(409, 'conflict', da.errors.emailTaken, { email: da.errors.emailTaken });
    const account: Account = {
      id: `u-${newId(9)}`,
      role: 'customer',
      email: input.email,
      username: null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      // The verification e-mail flow arrives with My Pages; registering with the shop's own
      // form proves control of the session, so the new customer is signed in at once.
      emailVerified: false,
      termsVersion: CURRENT_TERMS_VERSION,
      storeId: null,
      companyId: null,
      createdAt: this.clock.now().toISOString(),
    };
    await this.accounts.insert(account);
    return this.openSession(account);
  }

  async login(input: Login): Promise<{ token: string; session: SessionResponse }> {
    const account = await this.accounts.findOne((a) => a.email === input.email && (a.role === 'customer' || a.role === 'company-contact'));
    if (!account) {
      await verifyPassword(input.password, await DUMMY_HASH);
      throw loginFailed();
    }
    if (!(await verifyPassword(input.password, account.passwordHash))) throw loginFailed();
    if (!account.emailVerified) throw loginProblem('email-not-verified');
    if ((account.termsVersion ?? 0) < CURRENT_TERMS_VERSION) throw loginProblem('terms-not-accepted');
    return this.openSession(account);
  }

  /** Store login (SPEC §6): the staff member's own credentials, valid only for their own store. */
  async storeLogin(input: StoreLogin): Promise<{ token: string; session: SessionResponse }> {
    const account = await this.accounts.findOne(
      (a) => a.username === input.username && (a.role === 'store-staff' || a.role === 'manager'),
    );
    const ok = account ? await verifyPassword(input.password, account.passwordHash) : await verifyPassword(input.password, await DUMMY_HASH);
    if (!account || !ok || account.storeId !== input.storeId) throw loginFailed();
    return this.openSession(account);
  }

  async logout(token: string | null): Promise<void> {
    if (token) await this.sessions.remove(sessionKey(token));
  }

  /** The live session for a cookie value, or null when absent or expired (expired ones are removed). */
  async resolve(token: string | null): Promise<{ session: SessionRecord; user: SessionUser } | null> {
    if (!token) return null;
    const session = await this.sessions.get(sessionKey(token));
    if (!session) return null;
    if (Date.parse(session.expiresAt) <= this.clock.now().getTime()) {
      await this.sessions.remove(session.id);
      return null;
    }
    const account = await this.accounts.get(session.accountId);
    if (!account) return null;
    return { session, user: await this.toUser(account) };
  }

  private async toUser(account: Account): Promise<SessionUser> {
    const store = account.storeId ? await this.storage.collection('stores').get(account.storeId) : undefined;
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
    await this.sessions.insert({
      id: sessionKey(token),
      accountId: account.id,
      role: account.role,
      storeId: account.storeId,
      createdAt: now.toISOString(),
      expiresAt,
    });
    return { token, session: { user: await this.toUser(account), expiresAt } };
  }
}
