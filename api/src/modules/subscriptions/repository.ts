import { addDaysIso, type Subscription } from '@optik/shared';
import type { Page, Storage } from '../../storage/port';
import { subscriptionsCollection } from './records';

/** Lens subscriptions and the Lifestyle agreements' subscription records. */
export class SubscriptionRepository {
  constructor(private readonly storage: Storage) {}

  private get subscriptions() {
    return this.storage.collection(subscriptionsCollection);
  }

  get(id: string): Promise<Subscription | undefined> {
    return this.subscriptions.get(id);
  }

  /** Adds a new subscription; DuplicateKeyError (key `id`) when one with its id exists. */
  insert(sub: Subscription): Promise<Subscription> {
    return this.subscriptions.insert(sub);
  }

  put(sub: Subscription): Promise<Subscription> {
    return this.subscriptions.put(sub);
  }

  /** Atomic read-modify-write; `mutate` may throw to leave the subscription unchanged. */
  update(id: string, mutate: (cur: Subscription) => Subscription): Promise<Subscription | undefined> {
    return this.subscriptions.update(id, mutate);
  }

  /** A customer's subscriptions of both kinds, by start date. */
  ofCustomer(customerId: string): Promise<Subscription[]> {
    return this.subscriptions.list('byCustomer', customerId);
  }

  /**
   * Active lens subscriptions whose next delivery is on or before `today`, earliest first, a page
   * at a time. Only those are in the index (records.ts), so the run never reads the others.
   */
  due(today: string, after: string | null, limit: number): Promise<Page<Subscription>> {
    // `to` is exclusive: the day after today takes in every date up to and including today.
    const to = addDaysIso(today, 1);
    return this.subscriptions.page('byNextDelivery', 'active', after === null ? { to, limit } : { to, limit, after });
  }
}
