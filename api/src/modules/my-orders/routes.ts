import { Router } from 'express';
import { orderStatusChangeRequestSchema, recordIdParamsSchema, returnConfirmRequestSchema, returnRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole, STAFF_ROLES } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { MyOrdersService } from './service';

/** My Pages orders and returns (customer), and receiving a return's parcel (store staff). */
export function myOrdersRoutes(deps: { config: AppConfig; auth: AuthService; myOrders: MyOrdersService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);

  r.get('/api/account/orders', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.myOrders.list(currentUser(res).id) });
  });

  r.get('/api/account/orders/:id', customer, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.myOrders.get(currentUser(res).id, parseOr400(recordIdParamsSchema, req.params).id) });
  });

  r.post('/api/account/orders/:id/returns', csrf, customer, async (req, res) => {
    const body = parseOr400(returnRequestSchema, req.body ?? {});
    res.status(201).json({ data: await deps.myOrders.createReturn(currentUser(res).id, parseOr400(recordIdParamsSchema, req.params).id, body) });
  });

  /** A store or the returns desk received the parcel: the return is confirmed and refunded. */
  r.post('/api/staff/returns/confirm', csrf, requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { returnNumber } = parseOr400(returnConfirmRequestSchema, req.body ?? {});
    res.json({ data: await deps.myOrders.confirmReturn(returnNumber) });
  });

  /** The store hands the order over, or the warehouse ships it: SPEC §4 order states, refused when not allowed. */
  r.post('/api/staff/orders/status', csrf, requireRole(deps.auth, STAFF_ROLES), async (req, res) => {
    const { orderNumber, status } = parseOr400(orderStatusChangeRequestSchema, req.body ?? {});
    res.json({ data: await deps.myOrders.changeOrderStatus(orderNumber, status, currentUser(res)) });
  });

  return r;
}
