import { Router, type Request, type Response } from 'express';
import { lensSubscriptionParamsSchema, lensSubscriptionProductParamsSchema, subscriptionAddProductRequestSchema, subscriptionIntervalRequestSchema, subscriptionPaymentRequestSchema, temporaryAddressRequestSchema, type Subscription } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { requireCsrf } from '../../http/identity';
import { currentUser, requireRole } from '../auth/guard';
import type { AuthService } from '../auth/service';
import type { SubscriptionService } from './service';

/**
 * My Pages subscriptions (SPEC §2 /min-konto/abonnement, /abonnement/linse/{id} with /nyt-produkt
 * and /opdater-betaling). Customers only, each reaching only their own subscriptions; every
 * change carries the CSRF token.
 */
export function subscriptionRoutes(deps: { config: AppConfig; auth: AuthService; subscriptions: SubscriptionService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);
  const customer = requireRole(deps.auth, ['customer']);
  const s = deps.subscriptions;
  const me = (res: Response) => currentUser(res).id;
  const id = (req: Request) => parseOr400(lensSubscriptionParamsSchema, req.params).id;
  const send = (res: Response, data: Subscription) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data });
  };

  r.get('/api/subscriptions', customer, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ data: await s.list(me(res)) });
  });

  r.get('/api/subscriptions/lens/:id', customer, async (req, res) => {
    send(res, await s.lens(me(res), id(req)));
  });

  r.post('/api/subscriptions/lens/:id/pause', csrf, customer, async (req, res) => {
    send(res, await s.pause(me(res), id(req)));
  });

  r.post('/api/subscriptions/lens/:id/reactivate', csrf, customer, async (req, res) => {
    send(res, await s.reactivate(me(res), id(req)));
  });

  r.post('/api/subscriptions/lens/:id/cancel', csrf, customer, async (req, res) => {
    send(res, await s.cancel(me(res), id(req)));
  });

  r.post('/api/subscriptions/lens/:id/interval', csrf, customer, async (req, res) => {
    const { deliveryInterval } = parseOr400(subscriptionIntervalRequestSchema, req.body ?? {});
    send(res, await s.changeInterval(me(res), id(req), deliveryInterval));
  });

  r.post('/api/subscriptions/lens/:id/temporary-address', csrf, customer, async (req, res) => {
    const body = parseOr400(temporaryAddressRequestSchema, req.body ?? {});
    send(res, await s.setTemporaryAddress(me(res), id(req), body));
  });

  r.post('/api/subscriptions/lens/:id/temporary-address/remove', csrf, customer, async (req, res) => {
    send(res, await s.removeTemporaryAddress(me(res), id(req)));
  });

  r.post('/api/subscriptions/lens/:id/products/:articleId', csrf, customer, async (req, res) => {
    const path = parseOr400(lensSubscriptionProductParamsSchema, req.params);
    const body = parseOr400(subscriptionAddProductRequestSchema, req.body ?? {});
    send(res, await s.addProduct(me(res), path.id, path.articleId, body));
  });

  r.post('/api/subscriptions/lens/:id/payment-method', csrf, customer, async (req, res) => {
    const body = parseOr400(subscriptionPaymentRequestSchema, req.body ?? {});
    res.set('Cache-Control', 'no-store');
    res.json(await s.updatePayment(me(res), id(req), body));
  });

  return r;
}
