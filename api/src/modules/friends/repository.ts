import type { FriendsMember } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { friendsMembersCollection } from './records';

/** Friends memberships, one per account (the record's id is the account id). */
export class FriendsRepository {
  constructor(private readonly storage: Storage) {}

  private get members() {
    return this.storage.collection(friendsMembersCollection);
  }

  get(customerId: string): Promise<FriendsMember | undefined> {
    return this.members.get(customerId);
  }

  /**
   * Writes the membership `make` returns for what is stored now (null: leave it), as one step:
   * two sign-ups at once make one membership. Answers whether it wrote.
   */
  join(customerId: string, make: (before: FriendsMember | undefined) => FriendsMember | null): Promise<boolean> {
    return this.storage.transaction(async () => {
      const next = make(await this.members.get(customerId));
      if (next) await this.members.put(next);
      return next !== null;
    });
  }

  /** Atomic read-modify-write; `mutate` may throw to leave the membership unchanged. */
  update(customerId: string, mutate: (current: FriendsMember) => FriendsMember): Promise<FriendsMember | undefined> {
    return this.members.update(customerId, mutate);
  }
}
