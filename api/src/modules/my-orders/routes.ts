import { Router } from 'express';
import { recordIdParamsSchema, returnRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { MyOrdersService } from './service';

/** My Pages orders and returns (customer). */
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

  // Store staff's return and order-status routes (/api/staff/…) are served by modules/staff/routes.ts.

  return r;
}
