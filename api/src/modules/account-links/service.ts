import { accountLinkMessages, formatCopenhagenDateTime, type MyStoreLink, type Order, type Prescription, type SessionUser, type StaffAccountLink, type Store, type StoreLinkPreview } from '@optik/shared';
import type { AppConfig, Clock } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import type { Mailer } from '../../ports/mail';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import { addDays } from '../company/links';
import type { CustomerService } from '../customers/service';
import type { OrderService } from '../orders/service';
import type { PrescriptionService } from '../prescriptions/service';
import { accountLinksCollection, type AccountLinkRecord, type AccountLinkTokenRecord } from './records';
import { AccountLinkRepository } from './repository';

/** How long a mailed link to a web account works (company/links.ts's way of dating links). */
export const ACCOUNT_LINK_DAYS = 7;
/** Where the mailed link opens in the shop; the token goes in the fragment, which never reaches a server. */
export const STORE_LINK_PATH = '/min-konto/butiksprofil';

type Staff = Pick<SessionUser, 'id' | 'name' | 'storeId'>;

export interface AccountLinkDeps {
  storage: Storage;
  clock: Clock;
  config: Pick<AppConfig, 'publicWebUrl'>;
  mailer: Mailer;
  customers: Pick<CustomerService, 'get' | 'accessFor' | 'linkedToAccount' | 'recordAccess'>;
  orders: Pick<OrderService, 'listForCustomer'>;
  prescriptions: Pick<PrescriptionService, 'ofCustomer'>;
  /** The CPR the account's e-ID gave (sealed, bound to the account id). */
  accounts: { sealedCpr(accountId: string): Promise<string | null> };
  stores: { store(id: string): Promise<Store | undefined> };
}

const gone = () => new HttpError(410, 'gone', accountLinkMessages.linkGone);
const isKey = (err: unknown, key: string) => err instanceof DuplicateKeyError && err.collection === accountLinksCollection.name && err.key === key;

/**
 * Linked accounts (issue 17 item 5, docs/decisions/010-linked-accounts.md): a shop account and a store customer are
 * the same person when the account's e-ID CPR is the customer's (found by the keyed CPR index,
 * never by decrypting anyone), or when the customer confirms, signed in, a link store staff mailed
 * to the customer's e-mail. Then My Pages shows the store's orders (and, with the customer's
 * consent, the prescriptions), and the store app the account's web orders.
 */
export class AccountLinkService {
  private readonly repo: AccountLinkRepository;

  constructor(private readonly deps: AccountLinkDeps) {
    this.repo = new AccountLinkRepository(deps.storage);
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  /** The store customer the account stands linked to, if any. */
  async storeCustomerOf(accountId: string): Promise<string | null> {
    const link = await this.repo.ofAccount(accountId);
    return link?.active ? link.customerId : null;
  }

  /** The store customer the account's e-ID CPR belongs to, if any. */
  private async cprMatch(accountId: string): Promise<string | null> {
    return this.deps.customers.linkedToAccount(accountId, await this.deps.accounts.sealedCpr(accountId));
  }

  // ---- the customer (My Pages) ----

  async view(accountId: string): Promise<MyStoreLink> {
    const link = await this.repo.ofAccount(accountId);
    if (link?.active) {
      const customer = await this.deps.customers.get(link.customerId);
      if (customer) {
        const store = customer.storeId ? await this.deps.stores.store(customer.storeId) : undefined;
        return {
          link: { source: link.source, linkedAt: link.linkedAt, storeName: store?.name ?? null, customerNumber: customer.customerNumber, prescriptionsConsent: link.prescriptionsConsent },
          canLinkByCpr: false,
        };
      }
    }
    const match = await this.cprMatch(accountId);
    return { link: null, canLinkByCpr: match !== null && !(await this.repo.ofCustomer(match)) };
  }

  /**
   * After every e-ID login or link: the account whose e-ID CPR is a store customer's is linked to
   * them — unless the account already stands linked, the customer is another account's, or the
   * customer unlinked this one (then only `explicit`, the customer's own request, links again).
   * Answers whether the account stands linked to that customer afterwards.
   */
  async linkByCpr(accountId: string, explicit = false): Promise<boolean> {
    const customerId = await this.cprMatch(accountId);
    if (!customerId) return false;
    const now = this.now();
    const fresh = (): AccountLinkRecord => ({ id: accountId, customerId, source: 'cpr', active: true, prescriptionsConsent: false, linkedAt: now, updatedAt: now });
    try {
      const link = await this.deps.storage.collection(accountLinksCollection).upsert(
        accountId,
        (l) => (l.active || (!explicit && l.customerId === customerId) ? l : fresh()),
        fresh,
      );
      return link.active && link.customerId === customerId;
    } catch (err) {
      // The customer stands linked to another account: that link stays.
      if (isKey(err, 'customerId')) return false;
      throw err;
    }
  }

  /** Runs after an e-ID login (auth's EidService); never fails the login. */
  async afterEidLogin(accountId: string): Promise<void> {
    await this.linkByCpr(accountId);
  }

  /** "Knyt med MitID": the customer links by the CPR their e-ID gave; 404 when no store customer has it. */
  async linkByCprOnRequest(accountId: string): Promise<MyStoreLink> {
    if (!(await this.linkByCpr(accountId, true))) {
      if (await this.storeCustomerOf(accountId)) throw new HttpError(409, 'conflict', accountLinkMessages.accountTaken);
      throw notFound(accountLinkMessages.noCprMatch);
    }
    return this.view(accountId);
  }

  /** A mailed link that works: not used by another account, not expired. */
  private async usableToken(token: string, accountId: string): Promise<AccountLinkTokenRecord> {
    const record = await this.repo.token(hashToken(token));
    if (!record || (record.usedBy && record.usedBy !== accountId) || Date.parse(record.expiresAt) <= this.deps.clock.now().getTime()) throw gone();
    return record;
  }

  async preview(accountId: string, token: string): Promise<StoreLinkPreview> {
    const record = await this.usableToken(token, accountId);
    return { storeName: (await this.deps.stores.store(record.storeId))?.name ?? null, expiresAt: record.expiresAt };
  }

  /**
   * The signed-in customer confirms a mailed link. One transaction: the token is used once, by this
   * account (another account's second try is 410), and the link is stored under its unique keys —
   * an account linked to another customer is refused (409, the token stays usable once it is
   * unlinked), as is a customer linked to another account. The same account confirming again
   * answers the link it has.
   */
  async confirm(accountId: string, token: string, prescriptionsConsent: boolean): Promise<MyStoreLink> {
    await this.usableToken(token, accountId);
    try {
      await this.deps.storage.transaction(async () => {
        const now = this.now();
        const used = await this.repo.useToken(hashToken(token), accountId, now);
        if (!used || used.usedBy !== accountId) throw gone();
        const fresh = (): AccountLinkRecord => ({ id: accountId, customerId: used.customerId, source: 'staff-link', active: true, prescriptionsConsent, linkedAt: now, updatedAt: now });
        const link = await this.deps.storage.collection(accountLinksCollection).upsert(accountId, (l) => (l.active ? l : fresh()), fresh);
        if (link.customerId !== used.customerId) throw new HttpError(409, 'conflict', accountLinkMessages.accountTaken);
      });
    } catch (err) {
      if (isKey(err, 'customerId')) throw new HttpError(409, 'conflict', accountLinkMessages.customerTaken);
      throw err;
    }
    return this.view(accountId);
  }

  /** "Vis mine brilleoplysninger fra butikken" on or off. */
  async setConsent(accountId: string, prescriptionsConsent: boolean): Promise<MyStoreLink> {
    const updated = await this.repo.update(accountId, (l) => (l.active ? { ...l, prescriptionsConsent, updatedAt: this.now() } : l));
    if (!updated?.active) throw notFound(accountLinkMessages.notLinked);
    return this.view(accountId);
  }

  /** The customer unlinks: the store's orders and prescriptions leave My Pages, the web orders the store app. Unlinking twice is no error. */
  async unlink(accountId: string): Promise<MyStoreLink> {
    await this.repo.update(accountId, (l) => (l.active ? { ...l, active: false, prescriptionsConsent: false, updatedAt: this.now() } : l));
    return this.view(accountId);
  }

  /** The orders the linked store customer placed in stores, for My Pages' order list. */
  async storeOrdersOf(accountId: string): Promise<Order[]> {
    const customerId = await this.storeCustomerOf(accountId);
    if (!customerId) return [];
    return (await this.deps.orders.listForCustomer(customerId)).filter((o) => o.createdBy === 'store');
  }

  /** The linked store customer's prescriptions: only with the customer's consent (403 without, 404 when not linked). */
  async prescriptionsOf(accountId: string): Promise<Prescription[]> {
    const link = await this.repo.ofAccount(accountId);
    if (!link?.active) throw notFound(accountLinkMessages.notLinked);
    if (!link.prescriptionsConsent) throw new HttpError(403, 'forbidden', accountLinkMessages.noConsent);
    return this.deps.prescriptions.ofCustomer(link.customerId);
  }

  // ---- store staff ----

  /** A customer this store may act for (its own, or opened by exact lookup); 404 otherwise, as for one that does not exist. */
  private async requireAccess(customerId: string, staff: Staff): Promise<'own' | 'granted'> {
    const access = await this.deps.customers.accessFor(customerId, staff.storeId);
    if (access === 'missing' || access === 'other-store') throw notFound(accountLinkMessages.unknownCustomer);
    return access;
  }

  async staffView(customerId: string, staff: Staff): Promise<StaffAccountLink> {
    await this.requireAccess(customerId, staff);
    return this.statusOf(customerId);
  }

  private async statusOf(customerId: string): Promise<StaffAccountLink> {
    const [customer, link, token] = await Promise.all([this.deps.customers.get(customerId), this.repo.ofCustomer(customerId), this.repo.latestToken(customerId)]);
    const pending = token && !token.usedBy && Date.parse(token.expiresAt) > this.deps.clock.now().getTime() ? token.expiresAt : null;
    return { linked: Boolean(link), linkedAt: link?.linkedAt ?? null, source: link?.source ?? null, pendingUntil: link ? null : pending, hasEmail: Boolean(customer?.email) };
  }

  /**
   * "Send link til webkonto": mails the customer (to the e-mail on the store customer) a link,
   * single use, working ACCOUNT_LINK_DAYS days; a new one replaces the earlier. The mail goes
   * after the commit and carries no personal data but the first name.
   */
  async sendLink(customerId: string, staff: Staff & { storeId: string }): Promise<StaffAccountLink> {
    await this.requireAccess(customerId, staff);
    const customer = await this.deps.customers.get(customerId);
    if (!customer) throw notFound(accountLinkMessages.unknownCustomer);
    const to = customer.email;
    if (!to) throw new HttpError(400, 'validation_failed', accountLinkMessages.noEmail, { email: accountLinkMessages.noEmail });
    if (await this.repo.ofCustomer(customerId)) throw new HttpError(409, 'conflict', accountLinkMessages.alreadyLinked);
    const token = newId(32);
    const now = this.now();
    const expiresAt = addDays(now, ACCOUNT_LINK_DAYS);
    // One unit of work (a savepoint when it comes as a sync command): the mail only once the new link is stored.
    await this.deps.storage.transaction(async () => {
      await this.repo.replaceToken({ id: hashToken(token), customerId, storeId: staff.storeId, sentBy: staff.id, sentAt: now, expiresAt, usedBy: null, usedAt: null });
      const storeName = (await this.deps.stores.store(staff.storeId))?.name ?? 'Profil Optik';
      const link = `${this.deps.config.publicWebUrl}${STORE_LINK_PATH}#token=${token}`;
      this.deps.storage.afterCommit(() =>
        this.deps.mailer.send({
          to,
          subject: 'Knyt din kundeprofil til din webkonto',
          text: [
            `Hej ${customer.firstName}`,
            `${storeName} har sendt dig dette link, så din kundeprofil i butikken kan knyttes til din webkonto hos Profil Optik. Så kan du se dine ordrer fra butikken under Mine sider, og butikken kan se dine webordrer.`,
            `Åbn linket, log ind (eller opret en konto), og bekræft:\n${link}`,
            `Linket kan bruges én gang og virker til ${formatCopenhagenDateTime(expiresAt)}.`,
            'Har du ikke bedt om det, kan du se bort fra denne e-mail.',
            'Venlig hilsen\nProfil Optik',
          ].join('\n\n'),
        }),
      );
    });
    return this.statusOf(customerId);
  }

  /**
   * The web orders of the account the customer is linked to, for the store app's customer page:
   * only for this store's own customer, and each read access-logged (decision 009).
   */
  async webOrdersFor(customerId: string, staff: Staff): Promise<Order[]> {
    if ((await this.deps.customers.accessFor(customerId, staff.storeId)) !== 'own') return [];
    const link = await this.repo.ofCustomer(customerId);
    if (!link) return [];
    await this.deps.customers.recordAccess(staff, customerId, 'web-orders.read');
    return (await this.deps.orders.listForCustomer(link.id)).filter((o) => o.createdBy === 'web');
  }
}
