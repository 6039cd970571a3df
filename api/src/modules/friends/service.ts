import {
  FRIENDS_RULES,
  FRIENDS_TERMS_VERSION,
  copenhagenIsoDate,
  freeVisit,
  isCoveredPurchase,
  purchaseCover,
  type FriendsMembership,
} from '@optik/shared';
import type { Clock } from '../../deps';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../ports/mail';
import type { Storage } from '../../storage/port';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import type { OrderService } from '../orders/service';
import { FriendsFrameDiscount, isMember, type FrameDiscountBookings } from './frame-discount';
import { FriendsRepository } from './repository';

export const friendsMessages = {
  notMember: 'Du er ikke medlem af Friends.',
} as const;


/**
 * Friends, the free loyalty club (SPEC §1): joining with the terms accepted, leaving, and the
 * member's benefits. The accident cover and exchange guarantee are shown for every glasses order
 * placed as a member. The frame discount (domain/friends.ts `friendsFrameDiscount`) is taken at the
 * web checkout (frame-discount.ts); the membership tells how many booked eye tests give it now.
 */
export interface FriendsDeps {
  storage: Storage;
  clock: Clock;
  mailer: Mailer;
  catalogue: CatalogueService;
  /** A customer's orders (modules/orders). */
  orders: Pick<OrderService, 'listForCustomer'>;
  bookings: FrameDiscountBookings;
  /** Where the welcome is mailed. */
  accounts: Pick<AuthService, 'contact'>;
}

export class FriendsService {
  /** The frame discount taken at the web checkout (checkout/service.ts). */
  readonly frameDiscount: FriendsFrameDiscount;
  private readonly members: FriendsRepository;
  private readonly clock: Clock;
  private readonly mailer: Mailer;
  private readonly catalogue: CatalogueService;
  private readonly orders: FriendsDeps['orders'];
  private readonly accounts: FriendsDeps['accounts'];

  constructor(deps: FriendsDeps) {
    ({ clock: this.clock, mailer: this.mailer, catalogue: this.catalogue, orders: this.orders, accounts: this.accounts } = deps);
    this.members = new FriendsRepository(deps.storage);
    this.frameDiscount = new FriendsFrameDiscount(this.members, deps.bookings, deps.clock);
  }

  private today() {
    return copenhagenIsoDate(this.clock.now());
  }

  /** What the booking's free-visit rule needs (booking/service.ts `FriendsLookup`): membership and the last visit the record holds. */
  async visitStatus(customerId: string): Promise<{ member: boolean; lastVisitOn: string | null }> {
    const m = await this.members.get(customerId);
    return { member: isMember(m), lastVisitOn: m?.lastVisitOn ?? null };
  }

  async membership(customerId: string): Promise<FriendsMembership> {
    const m = await this.members.get(customerId);
    const today = this.today();
    const lastVisitOn = m?.lastVisitOn ?? null;
    if (!m || !isMember(m)) return { member: false, memberSince: null, termsVersion: null, lastVisitOn, freeVisit: freeVisit(null, today), coveredPurchases: [], frameDiscountEyeTests: 0 };
    return {
      member: true,
      memberSince: m.joinedOn,
      termsVersion: m.termsVersion,
      lastVisitOn,
      freeVisit: freeVisit(lastVisitOn, today),
      coveredPurchases: await this.coveredPurchases(customerId, m.joinedOn, today),
      frameDiscountEyeTests: (await this.frameDiscount.eyeTests(customerId)).length,
    };
  }

  /** Joining is free; joining again after leaving starts a new membership. Joining twice changes nothing. */
  async signup(customerId: string): Promise<FriendsMembership> {
    const today = this.today();
    const joined = await this.members.join(customerId, (before) => (isMember(before) ? null : { id: customerId, joinedOn: today, termsVersion: FRIENDS_TERMS_VERSION, lastVisitOn: before?.lastVisitOn ?? null, leftOn: null }));
    if (!joined) return this.membership(customerId);
    const account = await this.accounts.contact(customerId);
    if (account?.email) {
      await this.mailer.send({
        to: account.email,
        subject: 'Velkommen i Friends',
        text: [
          `Kære ${account.firstName}`,
          'Tak, fordi du er blevet medlem af Friends. Som medlem får du:',
          `– ${FRIENDS_RULES.frameDiscountPercent} % rabat på stellet, når du har booket en synstest hos os\n– ${FRIENDS_RULES.accidentCoverDays} dages uheldsforsikring og ${FRIENDS_RULES.exchangeGuaranteeDays} dages bytteret på briller, du køber som medlem\n– et gratis besøg inden for et år efter dit seneste besøg`,
          'Du kan altid se dine fordele under Min konto → Friends.',
          'Venlig hilsen\nProfil Optik',
        ].join('\n\n'),
      });
    }
    return this.membership(customerId);
  }

  async leave(customerId: string): Promise<FriendsMembership> {
    const today = this.today();
    const updated = await this.members.update(customerId, (m) => {
      if (!isMember(m)) throw new HttpError(409, 'conflict', friendsMessages.notMember);
      return { ...m, leftOn: today };
    });
    if (!updated) throw new HttpError(409, 'conflict', friendsMessages.notMember);
    return this.membership(customerId);
  }

  /** Glasses orders placed since joining (not cancelled), newest first, with their cover dates. */
  private async coveredPurchases(customerId: string, memberSince: string, today: string): Promise<FriendsMembership['coveredPurchases']> {
    const orders = (await this.orders.listForCustomer(customerId)).filter((o) => o.status !== 'cancelled' && o.status !== 'stopped');
    const out: FriendsMembership['coveredPurchases'] = [];
    for (const o of orders) {
      const purchasedOn = copenhagenIsoDate(new Date(o.createdAt));
      const glasses: string[] = [];
      for (const line of o.lines) {
        const article = await this.catalogue.getArticle(line.articleId);
        if (article && isCoveredPurchase(purchasedOn, memberSince, article.category)) glasses.push(line.description);
      }
      if (glasses.length) out.push({ orderId: o.id, orderNumber: o.orderNumber, purchasedOn, description: glasses.join(', '), ...purchaseCover(purchasedOn, today) });
    }
    return out.sort((a, b) => (a.purchasedOn < b.purchasedOn ? 1 : a.purchasedOn > b.purchasedOn ? -1 : 0));
  }
}
