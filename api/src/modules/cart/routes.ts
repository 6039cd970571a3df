import { Router, type Request } from 'express';
import { cartUpdateRequestSchema } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { readSessionToken, requireCsrf, verifiedShopperId } from '../../http/identity';
import type { AuthService } from '../auth/service';
import { checkoutConfig, type CartService } from './service';

export function cartRoutes(deps: { config: AppConfig; auth: AuthService; cart: CartService }): Router {
  const r = Router();
  const csrf = requireCsrf(deps.config);

  const context = async (req: Request) => ({ isStore: await deps.auth.isStoreCaller(readSessionToken(req)) });

  // SPEC §7: answers cartHead and checkoutConfig; quantity 0 removes the line, >12 is refused.
  r.post('/api/cart/update', csrf, async (req, res) => {
    const body = parseOr400(cartUpdateRequestSchema, req.body ?? {});
    const shopperId = verifiedShopperId(res);
    const cartHead = await deps.cart.update(shopperId, body, await context(req));
    res.json({ success: true, cartHead, checkoutConfig });
  });

  r.post('/api/cart/empty', csrf, async (req, res) => {
    const shopperId = verifiedShopperId(res);
    const cartHead = await deps.cart.empty(shopperId, await context(req));
    res.json({ success: true, cartHead, checkoutConfig });
  });

  return r;
}
