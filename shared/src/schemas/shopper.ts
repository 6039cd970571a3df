import { z } from 'zod/mini';
import './zod-locale';
import { cartHeadSchema } from './cart';

/** SPEC §3 user as the shop sees it. */
export const shopUserSchema = z.object({ isStore: z.boolean(), name: z.string() });
export type ShopUser = z.infer<typeof shopUserSchema>;

/** GET /api/site/shopper answer: the cart head, the shopper id and the CSRF token. */
export const shopperResponseSchema = z.object({
  success: z.literal(true),
  shopperId: z.string(),
  token: z.string(),
  isStore: z.boolean(),
  previewCart: z.boolean(),
  cartHead: cartHeadSchema,
});
export type ShopperResponse = z.infer<typeof shopperResponseSchema>;

/** POST /api/auth/user/getUser answer. `user` is null for an anonymous visitor. */
export const getUserResponseSchema = z.object({
  success: z.boolean(),
  user: z.nullable(shopUserSchema),
});
export type GetUserResponse = z.infer<typeof getUserResponseSchema>;
