import { Router } from 'express';
import { z } from 'zod';
import { customerSearchRequestSchema, recentCustomersQuerySchema, staffGiftCardPaymentRequestSchema, staffOrdersQuerySchema, syncRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole, STAFF_ROLES } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { CustomerService } from '../customers/service';
import { hideGiftCardNumbers } from '../gift-cards/service';
import { giftCardPinThrottle } from '../gift-cards/throttle';
import type { PaymentService } from '../payments/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { RequisitionService } from '../requisitions/service';
import type { SyncService } from '../sync/service';
import type { Storage } from '../../storage/port';
import { C } from '../../collections';

export function staffRoutes(deps: { config: AppConfig; auth: AuthService; sync: SyncService; customers: CustomerService; prescriptions: PrescriptionService; requisitions: RequisitionService; storage: Storage; payments: PaymentService }): Router {
  const r = Router();
  const staff = [requireCsrf(deps.config), requireRole(deps.auth, STAFF_ROLES)];

  r.post('/api/sync', ...staff, async (req, res) => {
    const { commands } = parseOr400(syncRequestSchema, req.body ?? {});
    res.json({ results: await deps.sync.push(commands, currentUser(res)) });
  });

  r.post('/api/staff/customers/search', ...staff, async (req, res) => {
    const { q } = parseOr400(customerSearchRequestSchema, req.body ?? {});
    res.json({ data: await deps.customers.search(q) });
  });

  // The device's offline copy: only this store's customers, never the whole customer base.
  r.get('/api/staff/customers/recent', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { since } = parseOr400(recentCustomersQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.customers.recentForStore(currentUser(res).storeId!, since) });
  });

  // This store's orders changed since the device last looked (payment state, server numbers).
  r.get('/api/staff/orders', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { since } = parseOr400(staffOrdersQuerySchema, req.query);
    const storeId = currentUser(res).storeId;
    res.set('Cache-Control', 'no-store');
    const changed = await deps.storage.collection(C.orders).find((o) => o.storeId === storeId && (!since || (o.updatedAt ?? o.createdAt) >= since));
    res.json({ data: changed.sort((a, b) => (a.updatedAt ?? a.createdAt).localeCompare(b.updatedAt ?? b.createdAt)).map(hideGiftCardNumbers) });
  });

  // A gift card taken at the counter (number and PIN typed by the customer): checked and taken at once, so it needs the network.
  // PIN guesses count against the app's one gift-card throttle.
  r.post('/api/staff/orders/:orderId/gift-card', ...staff, giftCardPinThrottle(deps.config), async (req, res) => {
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

  r.get('/api/staff/customers/:customerId/prescriptions', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const { customerId } = parseOr400(z.object({ customerId: z.uuid('Ukendt kunde.') }), req.params);
    res.json({ data: await deps.prescriptions.forCustomer(customerId) });
  });

  // Staff see only their own store's orders.
  r.get('/api/staff/customers/:customerId/orders', requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { customerId } = parseOr400(z.object({ customerId: z.uuid('Ukendt kunde.') }), req.params);
    const storeId = currentUser(res).storeId;
    res.set('Cache-Control', 'no-store');
    res.json({ data: (await deps.storage.collection(C.orders).find((o) => o.customerId === customerId && o.storeId === storeId)).map(hideGiftCardNumbers) });
  });

  return r;
}
