import { accountMessages, da, validatePostcode, type Account, type AccountDetails, type SessionResponse } from '@optik/shared';
import type { z } from 'zod';
import type { accountDetailsUpdateSchema, passwordChangeSchema, passwordResetSchema } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import type { Mailer } from '../../ports/mail';
import type { Storage } from '../../storage/port';
import { hashPassword, verifyPassword } from './password';
import { AuthRepository } from './repository';
import type { AuthService } from './service';
import { shopUrl } from '../../http/public-url';

type DetailsUpdate = z.output<typeof accountDetailsUpdateSchema>;
type PasswordChange = z.output<typeof passwordChangeSchema>;
type PasswordReset = z.output<typeof passwordResetSchema>;

/** A reset link works for an hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** The path of /min-konto/glemt-løsen as it goes in an e-mail (percent-encoded ø). */
export const FORGOT_PASSWORD_PATH = encodeURI('/min-konto/glemt-løsen');

/** Accounts made by MitID login have no password until the customer sets one. */
export const hasPassword = (account: Account) => account.passwordHash !== '';

/**
 * The customer's own account (SPEC §2 /min-konto/opgaver, /min-konto/glemt-løsen): details,
 * password change and password reset by a mailed one-time link. Every method acts on the
 * signed-in account only; there is no way to name another one.
 */
export class AccountService {
  private readonly repo: AuthRepository;

  constructor(
    storage: Storage,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly mailer: Mailer,
    private readonly auth: AuthService,
  ) {
    this.repo = new AuthRepository(storage);
  }

  private async account(id: string): Promise<Account> {
    const account = await this.repo.account(id);
    if (!account) throw notFound();
    return account;
  }

  async details(accountId: string): Promise<AccountDetails> {
    const account = await this.account(accountId);
    const profile = await this.repo.profile(accountId);
    const eidLinked = await this.repo.hasEidLink(accountId);
    return {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: account.phone,
      street: profile?.street ?? '',
      zip: profile?.zip ?? '',
      city: profile?.city ?? '',
      hasPassword: hasPassword(account),
      eidLinked,
    };
  }

  /** The CPR e-ID gave this account, still sealed (bound to the account id); null when none was asked for. For linking the account to its store customer (decision 009). */
  async sealedCpr(accountId: string): Promise<string | null> {
    return (await this.repo.profile(accountId))?.cprSealed ?? null;
  }

  /** Name, phone and address; the city always follows the postcode (DOMAIN.md postcode list). */
  async updateDetails(accountId: string, input: DetailsUpdate): Promise<AccountDetails> {
    await this.account(accountId);
    const postcode = input.zip ? validatePostcode(input.zip) : null;
    const address = { street: input.street, zip: postcode?.ok ? postcode.postcode : '', city: postcode?.ok ? postcode.city : '' };
    const now = this.clock.now().toISOString();
    await this.repo.transaction(async () => {
      await this.repo.updateAccount(accountId, (a) => ({ ...a, firstName: input.firstName, lastName: input.lastName, phone: input.phone }));
      await this.repo.saveProfile(accountId, (p) => ({ id: accountId, cprSealed: null, ...p, ...address, updatedAt: now }));
    });
    return this.details(accountId);
  }

  /**
   * A new password. The current one is required when the account has one; other sessions end
   * (a thief's included) and the customer gets a mail saying it happened.
   */
  async changePassword(accountId: string, sessionToken: string | null, input: PasswordChange): Promise<void> {
    const account = await this.account(accountId);
    if (hasPassword(account)) {
      if (!input.currentPassword || !(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw badRequest({ currentPassword: accountMessages.wrongCurrentPassword });
      }
      if (await verifyPassword(input.password, account.passwordHash)) throw badRequest({ password: accountMessages.samePassword });
    }
    const passwordHash = await hashPassword(input.password);
    await this.repo.transaction(async () => {
      await this.repo.updateAccount(accountId, (a) => ({ ...a, passwordHash }));
      await this.auth.endSessions(accountId, sessionToken);
    });
    if (account.email) {
      await this.mailer.send({
        to: account.email,
        subject: 'Din adgangskode er ændret',
        text: `Hej ${account.firstName}\n\nAdgangskoden til din konto hos Profil Optik er lige blevet ændret.\n\nVar det ikke dig, så nulstil adgangskoden her:\n${shopUrl(this.config)}${FORGOT_PASSWORD_PATH}\n\nVenlig hilsen\nProfil Optik`,
      });
    }
  }

  /**
   * Mails a one-time reset link when the e-mail has an account. The answer is the same either
   * way (the routes say so), so the form reveals nothing about who has an account. A new link
   * replaces any earlier one.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const account = await this.auth.findByEmail(email);
    if (!account?.email) return;
    const token = newId(32);
    await this.repo.replacePasswordReset({ id: hashToken(token), accountId: account.id, expiresAt: new Date(this.clock.now().getTime() + RESET_TTL_MS).toISOString() });
    const link = `${shopUrl(this.config)}${FORGOT_PASSWORD_PATH}#token=${token}`;
    await this.mailer.send({
      to: account.email,
      subject: 'Nulstil din adgangskode hos Profil Optik',
      text: `Hej ${account.firstName}\n\nDu har bedt om at nulstille din adgangskode. Vælg en ny her:\n${link}\n\nLinket virker i 1 time og kan kun bruges én gang. Har du ikke bedt om det, kan du se bort fra denne mail – din adgangskode er uændret.\n\nVenlig hilsen\nProfil Optik`,
    });
  }

  /**
   * Sets the new password from a reset link. The link is used up whatever happens next; it
   * proves the mailbox, so the e-mail counts as verified. Every session of the account ends
   * and the customer is signed in (or asked to accept the latest terms first).
   */
  async resetPassword(input: PasswordReset): Promise<{ token: string; session: SessionResponse }> {
    // Hashed before the transaction: scrypt takes a while and writers wait for a transaction.
    const passwordHash = await hashPassword(input.password);
    const account = await this.repo.transaction(async () => {
      const pending = await this.repo.takePasswordReset(hashToken(input.token));
      if (!pending || Date.parse(pending.expiresAt) <= this.clock.now().getTime()) return undefined;
      const updated = await this.repo.updateAccount(pending.accountId, (a) => ({ ...a, passwordHash, emailVerified: true }));
      if (updated) await this.auth.endSessions(updated.id);
      return updated;
    });
    if (!account) throw new HttpError(422, 'unprocessable', da.errors.verificationExpired);
    return this.auth.completeLogin(account, 'password');
  }
}
