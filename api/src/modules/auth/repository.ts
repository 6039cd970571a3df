import type { Account } from '@optik/shared';
import type { Entity, Storage } from '../../storage/port';
import {
  accountProfilesCollection,
  accountsCollection,
  eidLinksCollection,
  eidLoginsCollection,
  foldEmail,
  passwordResetsCollection,
  pendingLoginsCollection,
  sessionsCollection,
  verificationsCollection,
  type AccountProfileRecord,
  type EidLinkRecord,
  type EidLoginRecord,
  type PasswordResetRecord,
  type PendingLoginRecord,
  type SessionRecord,
  type VerificationRecord,
} from './records';

/**
 * Removes a one-time record and hands it over, once: of two requests with the same token only
 * the one whose remove took the record gets it (the remove is atomic), so a link is never used twice.
 */
async function take<T extends Entity>(c: { get(id: string): Promise<T | undefined>; remove(id: string): Promise<boolean> }, id: string): Promise<T | undefined> {
  const found = await c.get(id);
  return found && (await c.remove(id)) ? found : undefined;
}

/**
 * The only code that reaches the auth module's collections: accounts, sessions, account
 * profiles, e-ID links and the one-time records (verifications, password resets, pending and
 * e-ID logins). Every read is by id, a unique key or an index.
 */
export class AuthRepository {
  constructor(private readonly storage: Storage) {}

  private get accounts() {
    return this.storage.collection(accountsCollection);
  }
  private get sessions() {
    return this.storage.collection(sessionsCollection);
  }
  private get verifications() {
    return this.storage.collection(verificationsCollection);
  }
  private get pendingLogins() {
    return this.storage.collection(pendingLoginsCollection);
  }
  private get eidLogins() {
    return this.storage.collection(eidLoginsCollection);
  }
  private get eidLinks() {
    return this.storage.collection(eidLinksCollection);
  }
  private get resets() {
    return this.storage.collection(passwordResetsCollection);
  }
  private get profiles() {
    return this.storage.collection(accountProfilesCollection);
  }

  /** One unit of work over these collections, joined by whatever the services call inside it. */
  transaction<R>(fn: () => Promise<R>): Promise<R> {
    return this.storage.transaction(fn);
  }

  /** Runs `fn` once the current transaction is committed (outside ports: mail). */
  afterCommit(fn: () => void | Promise<void>): void {
    this.storage.afterCommit(fn);
  }

  // ---- accounts ----

  account(id: string): Promise<Account | undefined> {
    return this.accounts.get(id);
  }

  /** The account holding this e-mail, compared case-folded (Mette@X.dk is mette@x.dk). */
  accountByEmail(email: string): Promise<Account | undefined> {
    return this.accounts.getBy('email', foldEmail(email));
  }

  accountByUsername(username: string): Promise<Account | undefined> {
    return this.accounts.getBy('username', username);
  }

  /** Rejects with DuplicateKeyError (key `email` or `username`) when the key is taken. */
  insertAccount(account: Account): Promise<Account> {
    return this.accounts.insert(account);
  }

  updateAccount(id: string, mutate: (current: Account) => Account): Promise<Account | undefined> {
    return this.accounts.update(id, mutate);
  }

  // ---- sessions ----

  session(id: string): Promise<SessionRecord | undefined> {
    return this.sessions.get(id);
  }

  insertSession(session: SessionRecord): Promise<SessionRecord> {
    return this.sessions.insert(session);
  }

  removeSession(id: string): Promise<boolean> {
    return this.sessions.remove(id);
  }

  /** Ends every session of the account but `keepId`, all together. */
  removeSessionsOf(accountId: string, keepId: string | null): Promise<void> {
    return this.transaction(async () => {
      for (const s of await this.sessions.list('byAccount', accountId)) if (s.id !== keepId) await this.sessions.remove(s.id);
    });
  }

  // ---- one-time records ----

  insertVerification(v: VerificationRecord): Promise<VerificationRecord> {
    return this.verifications.insert(v);
  }

  takeVerification(id: string): Promise<VerificationRecord | undefined> {
    return take(this.verifications, id);
  }

  insertPendingLogin(p: PendingLoginRecord): Promise<PendingLoginRecord> {
    return this.pendingLogins.insert(p);
  }

  takePendingLogin(id: string): Promise<PendingLoginRecord | undefined> {
    return take(this.pendingLogins, id);
  }

  insertEidLogin(l: EidLoginRecord): Promise<EidLoginRecord> {
    return this.eidLogins.insert(l);
  }

  takeEidLogin(id: string): Promise<EidLoginRecord | undefined> {
    return take(this.eidLogins, id);
  }

  /** A new reset link replaces the account's earlier ones. */
  replacePasswordReset(reset: PasswordResetRecord): Promise<void> {
    return this.transaction(async () => {
      for (const old of await this.resets.list('byAccount', reset.accountId)) await this.resets.remove(old.id);
      await this.resets.insert(reset);
    });
  }

  takePasswordReset(id: string): Promise<PasswordResetRecord | undefined> {
    return take(this.resets, id);
  }

  // ---- e-ID links ----

  eidLink(id: string): Promise<EidLinkRecord | undefined> {
    return this.eidLinks.get(id);
  }

  putEidLink(link: EidLinkRecord): Promise<EidLinkRecord> {
    return this.eidLinks.put(link);
  }

  removeEidLink(id: string): Promise<boolean> {
    return this.eidLinks.remove(id);
  }

  async hasEidLink(accountId: string): Promise<boolean> {
    return (await this.eidLinks.countBy('byAccount', accountId)) > 0;
  }

  // ---- profiles ----

  profile(accountId: string): Promise<AccountProfileRecord | undefined> {
    return this.profiles.get(accountId);
  }

  /** Writes the profile `change` makes of the stored one (undefined when there is none yet). */
  saveProfile(accountId: string, change: (current: AccountProfileRecord | undefined) => AccountProfileRecord): Promise<AccountProfileRecord> {
    return this.transaction(async () => this.profiles.put(change(await this.profiles.get(accountId))));
  }
}
