import { Router } from 'express';
import { z } from 'zod';
import { storeLinkConfirmRequestSchema, storeLinkConsentRequestSchema, storeLinkPreviewRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { HttpError, parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole, STAFF_ROLES } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { AccountLinkService } from './service';

const customerParams = z.object({ customerId: z.uuid('Ukendt kunde.') });

/**
 * Linked accounts (issue 17): the signed-in customer's link on My Pages (/api/my/store-link…), and
 * the store app's status and "Send link til webkonto" on a customer (/api/staff/customers/:id/account-link).
 * The mailed token travels in the body, never in a URL.
 */
export function accountLinkRoutes(deps: { config: AppConfig; auth: AuthService; links: AccountLinkService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);
  const staff = requireRole(deps.auth, STAFF_ROLES);
  const { links } = deps;

  r.get('/api/my/store-link', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await links.view(currentUser(res).id) });
  });

  r.post('/api/my/store-link/preview', csrf, customer, async (req, res) => {
    const { token } = parseOr400(storeLinkPreviewRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json({ data: await links.preview(currentUser(res).id, token) });
  });

  r.post('/api/my/store-link/confirm', csrf, customer, async (req, res) => {
    const { token, prescriptionsConsent } = parseOr400(storeLinkConfirmRequestSchema, req.body ?? {});
    res.json({ data: await links.confirm(currentUser(res).id, token, prescriptionsConsent) });
  });

  // "Knyt med MitID": by the CPR the account's e-ID gave.
  r.post('/api/my/store-link/cpr', csrf, customer, async (_req, res) => {
    res.json({ data: await links.linkByCprOnRequest(currentUser(res).id) });
  });

  r.post('/api/my/store-link/consent', csrf, customer, async (req, res) => {
    const { prescriptionsConsent } = parseOr400(storeLinkConsentRequestSchema, req.body ?? {});
    res.json({ data: await links.setConsent(currentUser(res).id, prescriptionsConsent) });
  });

  r.post('/api/my/store-link/unlink', csrf, customer, async (_req, res) => {
    res.json({ data: await links.unlink(currentUser(res).id) });
  });

  r.get('/api/my/store-link/prescriptions', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await links.prescriptionsOf(currentUser(res).id) });
  });

  r.get('/api/staff/customers/:customerId/account-link', staff, async (req, res) => {
    const { customerId } = parseOr400(customerParams, req.params);
    res.set('Cache-Control', 'no-store');
    res.json({ data: await links.staffView(customerId, currentUser(res)) });
  });

  r.post('/api/staff/customers/:customerId/account-link', csrf, staff, async (req, res) => {
    const { customerId } = parseOr400(customerParams, req.params);
    const user = currentUser(res);
    if (!user.storeId) throw new HttpError(403, 'forbidden', 'Vælg en butik først.');
    res.json({ data: await links.sendLink(customerId, { ...user, storeId: user.storeId }) });
  });

  return r;
}
