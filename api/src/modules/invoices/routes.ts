import { Router } from 'express';
import { invoiceMethodChangeRequestSchema, recordIdParamsSchema, invoicePayRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { InvoiceService } from './service';

/** My Pages payments and invoices: a customer's own invoices only. */
export function invoiceRoutes(deps: { config: AppConfig; auth: AuthService; invoices: InvoiceService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);

  r.get('/api/account/invoices', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await deps.invoices.list(currentUser(res).id));
  });

  r.get('/api/account/invoices/:id', customer, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await deps.invoices.get(currentUser(res).id, parseOr400(recordIdParamsSchema, req.params).id) });
  });

  r.post('/api/account/invoices/:id/pay', csrf, customer, async (req, res) => {
    const { payment } = parseOr400(invoicePayRequestSchema, req.body ?? {});
    res.json(await deps.invoices.pay(currentUser(res).id, parseOr400(recordIdParamsSchema, req.params).id, payment));
  });

  r.post('/api/account/invoices/:id/payment-method', csrf, customer, async (req, res) => {
    const body = parseOr400(invoiceMethodChangeRequestSchema, req.body ?? {});
    res.json(await deps.invoices.changeMethod(currentUser(res).id, parseOr400(recordIdParamsSchema, req.params).id, body));
  });

  return r;
}
