import { Router } from 'express';
import { z } from 'zod';
import type { AppConfig } from '../../deps';
import { parseOr400 } from '../../http/errors';
import { csrfTokenFor, ensureShopper, readSessionToken, requireCsrf } from '../../http/identity';
import type { AuthService } from '../auth/service';
import type { CartService } from '../cart/service';
import { isStoreRole } from '../auth/roles';

const shopperQuerySchema = z.object({ previewCart: z.enum(['0', '1']).optional() });

export function shopperRoutes(deps: { config: AppConfig; auth: AuthService; cart: CartService }): Router {
  const r = Router();

  /** SPEC §7: the cart head, the shopper id and its token (the CSRF token for later calls). */
  r.get('/api/site/shopper', async (req, res) => {
    const { previewCart } = parseOr400(shopperQuerySchema, req.query);
    const shopperId = ensureShopper(req, res, deps.config);
    const [cartHead, isStore] = await Promise.all([deps.cart.get(shopperId), deps.auth.isStoreCaller(readSessionToken(req))]);
    res.set('Cache-Control', 'no-store');
    res.json({
      success: true,
      shopperId,
      token: csrfTokenFor(deps.config, shopperId),
      isStore,
      previewCart: previewCart === '1',
      cartHead,
    });
  });

  r.post('/api/auth/user/getUser', requireCsrf(deps.config), async (req, res) => {
    const who = await deps.auth.resolve(readSessionToken(req));
    res.json({ success: true, user: who ? { isStore: isStoreRole(who.user.role), name: who.user.name } : null });
  });

  return r;
}
