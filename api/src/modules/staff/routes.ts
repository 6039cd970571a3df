import { Router } from 'express';
import { z } from 'zod';
import {
  customerSearchRequestSchema,
  orderStatusChangeRequestSchema,
  recentCustomersQuerySchema,
  returnConfirmRequestSchema,
  staffGiftCardPaymentRequestSchema,
  staffBookingsQuerySchema,
  staffOrdersQuerySchema,
  syncRequestSchema,
} from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole, STAFF_ROLES } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { BookingService } from '../booking/service';
import type { CustomerService } from '../customers/service';
import { hideGiftCardNumbers, type GiftCardService } from '../gift-cards/service';
import { giftCardPinThrottle } from '../gift-cards/throttle';
import type { RateLimitService } from '../rate-limits/service';
import type { MyOrdersService } from '../my-orders/service';
import type { OrderService } from '../orders/service';
import type { PaymentService } from '../payments/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { RequisitionService } from '../requisitions/service';
import type { SyncService } from '../sync/service';
import type { AccountLinkService } from '../account-links/service';

/** Every /api/staff route (and the store app's /api/sync): store staff and managers only, each calling the service that owns the data. */
export function staffRoutes(deps: {
  config: AppConfig;
  auth: AuthService;
  sync: SyncService;
  customers: CustomerService;
  prescriptions: PrescriptionService;
  requisitions: RequisitionService;
  orders: OrderService;
  payments: PaymentService;
  bookings: BookingService;
  myOrders: MyOrdersService;
  giftCards: GiftCardService;
  rateLimits: RateLimitService;
  accountLinks: Pick<AccountLinkService, 'webOrdersFor'>;
}): Router {
  const r = Router();
  const staff = [requireCsrf(deps.config), requireRole(deps.auth, STAFF_ROLES)];

  r.post('/api/sync', ...staff, async (req, res) => {
    const { commands } = parseOr400(syncRequestSchema, req.body ?? {});
    res.json({ results: await deps.sync.push(commands, currentUser(res)) });
  });

  r.post('/api/staff/customers/search', ...staff, async (req, res) => {
    const { q } = parseOr400(customerSearchRequestSchema, req.body ?? {});
    // Another store's customer only by exact CPR or customer number, which is logged (decision 009).
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.customers.search(q, currentUser(res)) });
  });

  // The device's offline copy: only this store's customers, never the whole customer base.
  r.get('/api/staff/customers/recent', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { since } = parseOr400(recentCustomersQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    const user = currentUser(res);
    // Read after the customers: a conflict is written with its customer's change, so none is missed.
    const data = await deps.customers.recentForStore(user.storeId!, since);
    res.json({ data, conflicts: await deps.customers.conflictsOf(user.id, since) });
  });

  // This store's orders changed since the device last looked (payment state, server numbers).
  r.get('/api/staff/orders', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { since } = parseOr400(staffOrdersQuerySchema, req.query);
    const storeId = currentUser(res).storeId;
    res.set('Cache-Control', 'no-store');
    res.json({ data: storeId ? (await deps.orders.listForStore(storeId, since)).map(hideGiftCardNumbers) : [] });
  });

  // A gift card taken at the counter (number and PIN typed by the customer): checked and taken at once, so it needs the network.
  // PIN guesses count per card at the counters, apart from the shop's: shoppers' wrong PINs never hold up a payment at the counter.
  r.post('/api/staff/orders/:orderId/gift-card', ...staff, giftCardPinThrottle(deps, 'store'), async (req, res) => {
    const { orderId } = parseOr400(z.object({ orderId: z.uuid('Ukendt ordre.') }), req.params);
    const card = parseOr400(staffGiftCardPaymentRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.payments.payAtCounter(orderId, card, currentUser(res)) });
  });

  // Only managers see and decide their store's requisitions (decisions go through /api/sync).
  r.get('/api/staff/requisitions', requireRole(deps.auth, ['manager']), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.requisitions.forStore(currentUser(res).storeId!) });
  });

  // Health data: only of this store's customers and those it opened by exact lookup (404 otherwise); every read logged.
  r.get('/api/staff/customers/:customerId/prescriptions', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const { customerId } = parseOr400(z.object({ customerId: z.uuid('Ukendt kunde.') }), req.params);
    res.json({ data: await deps.prescriptions.forCustomerAsStaff(customerId, currentUser(res)) });
  });

  // Staff see only their own store's orders, and for their own store's customer the web orders of the linked account (logged; account-links).
  r.get('/api/staff/customers/:customerId/orders', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { customerId } = parseOr400(z.object({ customerId: z.uuid('Ukendt kunde.') }), req.params);
    const user = currentUser(res);
    res.set('Cache-Control', 'no-store');
    const orders = user.storeId ? [...(await deps.orders.listForCustomerInStore(customerId, user.storeId)), ...(await deps.accountLinks.webOrdersFor(customerId, user))] : [];
    res.json({ data: orders.map(hideGiftCardNumbers) });
  });

  // A store or the returns desk received the parcel: the return is confirmed and refunded (my-orders); only by the receiving store.
  r.post('/api/staff/returns/confirm', ...staff, async (req, res) => {
    const { returnNumber } = parseOr400(returnConfirmRequestSchema, req.body ?? {});
    res.json({ data: await deps.myOrders.confirmReturn(returnNumber, currentUser(res)) });
  });

  // The returns this store received (at its counter, or parcels it confirmed), newest first: the store app's list.
  r.get('/api/staff/returns', requireRole(deps.auth, STAFF_ROLES), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.myOrders.storeReturns(currentUser(res)) });
  });

  // The store hands the order over, or the warehouse ships it: SPEC §4 order states, refused when not allowed (my-orders).
  r.post('/api/staff/orders/status', ...staff, async (req, res) => {
    const { orderNumber, status } = parseOr400(orderStatusChangeRequestSchema, req.body ?? {});
    res.json({ data: await deps.myOrders.changeOrderStatus(orderNumber, status, currentUser(res)) });
  });

  // The store's eye-exam bookings with the contact data for check-in (booking); staff see only their own store's.
  // Personal data: never cached. Counter changes (confirm, check-in, no-show) go through /api/sync.
  r.get('/api/staff/bookings', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const q = parseOr400(staffBookingsQuerySchema, req.query);
    const user = currentUser(res);
    res.set('Cache-Control', 'no-store');
    res.json({ data: user.storeId ? await deps.bookings.listForStaff(user.storeId, q.from ?? deps.bookings.today(), q.days) : [] });
  });

  // SPEC §4 request sent → confirmed: the store confirms a booking that waits for it (booking).
  r.post('/api/staff/bookings/:id/confirm', ...staff, async (req, res) => {
    res.json({ data: await deps.bookings.confirmByStore(req.params.id as string, currentUser(res).storeId ?? '') });
  });

  return r;
}
