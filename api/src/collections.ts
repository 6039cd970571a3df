import { accountProfilesCollection, accountsCollection, eidLinksCollection, eidLoginsCollection, passwordResetsCollection, pendingLoginsCollection, sessionsCollection, verificationsCollection } from './modules/auth/records';
import { bookingCalendarsCollection, bookingDaysCollection, bookingsCollection } from './modules/booking/records';
import { cartsCollection } from './modules/cart/records';
import { articlesCollection, pagesCollection, storesCollection } from './modules/catalogue/records';
import { discountCodesCollection } from './modules/checkout/records';
import { companyContractsCollection, companyRequisitionsCollection, eyeHealthDaysCollection } from './modules/company/records';
import { customerConflictsCollection, customersCollection, customerStoreAccessCollection } from './modules/customers/records';
import { accessLogCollection } from './modules/access-log/records';
import { accountLinksCollection, accountLinkTokensCollection } from './modules/account-links/records';
import { friendsMembersCollection } from './modules/friends/records';
import { giftCardsCollection } from './modules/gift-cards/records';
import { invoicesCollection, savedCardsCollection } from './modules/invoices/records';
import { lifestyleAgreementsCollection, lifestyleDocumentsCollection } from './modules/lifestyle/records';
import { orderNoticesCollection, returnsCollection } from './modules/my-orders/records';
import { ordersCollection } from './modules/orders/records';
import { paymentRequestsCollection } from './modules/payments/records';
import { prescriptionsCollection } from './modules/prescriptions/records';
import { requisitionsCollection } from './modules/requisitions/records';
import { subscriptionsCollection } from './modules/subscriptions/records';
import { syncLogCollection } from './modules/sync/records';
import { widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection } from './modules/widget/records';
import { rateLimitsCollection } from './modules/rate-limits/records';
import { jobLeasesCollection } from './jobs/records';
import { metaCollection } from './storage/counter';
import type { CollectionDef } from './storage/port';

/**
 * Every collection the API keeps, each declared by the module that owns it. The composition
 * root (server.ts, tests) opens storage with this list; storage itself knows no feature.
 */
export const C = {
  articles: articlesCollection,
  stores: storesCollection,
  pages: pagesCollection,
  accounts: accountsCollection,
  verifications: verificationsCollection,
  sessions: sessionsCollection,
  carts: cartsCollection,
  meta: metaCollection,
  customers: customersCollection,
  syncLog: syncLogCollection,
  prescriptions: prescriptionsCollection,
  orders: ordersCollection,
  paymentRequests: paymentRequestsCollection,
  requisitions: requisitionsCollection,
  giftCards: giftCardsCollection,
  discountCodes: discountCodesCollection,
  widgetEvents: widgetEventsCollection,
  subscriptions: subscriptionsCollection,
  invoices: invoicesCollection,
  returns: returnsCollection,
  orderNotices: orderNoticesCollection,
  savedCards: savedCardsCollection,
  accountProfiles: accountProfilesCollection,
  eidLinks: eidLinksCollection,
  passwordResets: passwordResetsCollection,
  pendingLogins: pendingLoginsCollection,
  eidLogins: eidLoginsCollection,
  lifestyleAgreements: lifestyleAgreementsCollection,
  lifestyleDocuments: lifestyleDocumentsCollection,
  friendsMembers: friendsMembersCollection,
  bookings: bookingsCollection,
  bookingDays: bookingDaysCollection,
  bookingCalendars: bookingCalendarsCollection,
  companyContracts: companyContractsCollection,
  eyeHealthDays: eyeHealthDaysCollection,
  companyRequisitions: companyRequisitionsCollection,
  widgetPopularity: widgetPopularityCollection,
  widgetQueries: widgetQueriesCollection,
  rateLimits: rateLimitsCollection,
  jobLeases: jobLeasesCollection,
  customerStoreAccess: customerStoreAccessCollection,
  accessLog: accessLogCollection,
  accountLinks: accountLinksCollection,
  accountLinkTokens: accountLinkTokensCollection,
  customerConflicts: customerConflictsCollection,
} as const;

export const allCollections: readonly CollectionDef[] = Object.values(C);
