import type { Invoice, SavedCard } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { invoicesCollection, savedCardsCollection } from './records';

/** The only code reading and writing the `invoices` and `savedCards` collections. */
export class InvoiceRepository {
  constructor(private readonly storage: Storage) {}

  private get invoices() {
    return this.storage.collection(invoicesCollection);
  }

  private get cards() {
    return this.storage.collection(savedCardsCollection);
  }

  get(id: string): Promise<Invoice | undefined> {
    return this.invoices.get(id);
  }

  /** A customer's invoices, oldest first. */
  forCustomer(customerId: string): Promise<Invoice[]> {
    return this.invoices.list('byCustomer', customerId);
  }

  /** A subscription's (or agreement's) invoices, oldest first. */
  forSubscription(subscriptionId: string): Promise<Invoice[]> {
    return this.invoices.list('bySubscription', subscriptionId);
  }

  /** Adds a new invoice; DuplicateKeyError when its id is taken. */
  insert(invoice: Invoice): Promise<Invoice> {
    return this.invoices.insert(invoice);
  }

  update(id: string, change: (current: Invoice) => Invoice): Promise<Invoice | undefined> {
    return this.invoices.update(id, change);
  }

  /** The customer's card for invoices (the id is the customer id). */
  savedCard(customerId: string): Promise<SavedCard | undefined> {
    return this.cards.get(customerId);
  }

  saveCard(card: SavedCard): Promise<SavedCard> {
    return this.cards.put(card);
  }
}
