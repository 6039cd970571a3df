import type { Storage } from '../../storage/port';
import { accountLinksCollection, accountLinkTokensCollection, type AccountLinkRecord, type AccountLinkTokenRecord } from './records';

/** The only code reading and writing the account links and the mailed link tokens. */
export class AccountLinkRepository {
  constructor(private readonly storage: Storage) {}

  private get links() {
    return this.storage.collection(accountLinksCollection);
  }

  private get tokens() {
    return this.storage.collection(accountLinkTokensCollection);
  }

  /** The account's link record (standing or unlinked). */
  ofAccount(accountId: string): Promise<AccountLinkRecord | undefined> {
    return this.links.get(accountId);
  }

  /** The standing link of a store customer (the unique key holds only standing links). */
  ofCustomer(customerId: string): Promise<AccountLinkRecord | undefined> {
    return this.links.getBy('customerId', customerId);
  }

  /** Stores a new link; DuplicateKeyError on `id` (the account has a record) or `customerId` (the customer is linked). */
  insert(link: AccountLinkRecord): Promise<AccountLinkRecord> {
    return this.links.insert(link);
  }

  /** Changes the account's record under the adapter's row lock; DuplicateKeyError when it would link a customer already linked. */
  update(accountId: string, change: (l: AccountLinkRecord) => AccountLinkRecord): Promise<AccountLinkRecord | undefined> {
    return this.links.update(accountId, change);
  }

  /** A new mailed link replaces the customer's earlier ones, in one transaction. */
  replaceToken(token: AccountLinkTokenRecord): Promise<void> {
    return this.storage.transaction(async () => {
      for (const old of await this.tokens.list('byCustomer', token.customerId)) await this.tokens.remove(old.id);
      await this.tokens.insert(token);
    });
  }

  token(id: string): Promise<AccountLinkTokenRecord | undefined> {
    return this.tokens.get(id);
  }

  /** The customer's newest mailed link, if any. */
  async latestToken(customerId: string): Promise<AccountLinkTokenRecord | undefined> {
    return (await this.tokens.list('byCustomer', customerId, { desc: true, limit: 1 }))[0];
  }

  /** Marks the token used by `accountId` unless it is used already (under the row lock); answers the token as it stands after. */
  useToken(id: string, accountId: string, at: string): Promise<AccountLinkTokenRecord | undefined> {
    return this.tokens.update(id, (t) => (t.usedBy ? t : { ...t, usedBy: accountId, usedAt: at }));
  }
}
