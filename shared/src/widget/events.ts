import { purchaseEventSchema, type PurchaseEvent } from '../schemas/widget';

/** SPEC §5/§8 validation of the widget's tracking calls, returning the message instead of throwing. */

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const MARKET_NOT_SET = 'Market not set';
// An item that is not an object has no message of its own in the schema; this keeps the SPEC §8 wording style.
const ITEM_NOT_OBJECT = 'purchase item must be an object';

/**
 * Validates a purchase event with purchaseEventSchema. The market is checked first: without one
 * nothing can be sent ('Market not set'). On success transaction_id and item_id are strings.
 * On failure the first message, in the order the schema reports them, is returned.
 */
export function validatePurchaseEvent(event: unknown, market: string | null | undefined): ValidationResult<PurchaseEvent> {
  if (typeof market !== 'string' || !market.trim()) return { ok: false, error: MARKET_NOT_SET };
  const parsed = purchaseEventSchema.safeParse(event);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, error: 'purchase event must be an object' };
  const isItemItself = issue.path.length === 2 && issue.path[0] === 'items' && issue.code === 'invalid_type';
  return { ok: false, error: isItemItself ? ITEM_NOT_OBJECT : issue.message };
}

export type IdCall = 'setMarket' | 'setProductId' | 'setUserId' | 'setSessionId' | 'addToCart';

/** Decision: an empty or blank string, or a non-finite number, is not an id (it would be sent as '' or 'NaN'). */
function idValue(call: IdCall, value: unknown, nullable: boolean): ValidationResult<string | null> {
  if (value === null && nullable) return { ok: true, value: null };
  if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
  if (typeof value === 'string' && value.trim()) return { ok: true, value };
  return { ok: false, error: `${call} requires a non-empty string or number${nullable ? ' (or null)' : ''}` };
}

const required = (call: IdCall, value: unknown) => idValue(call, value, false) as ValidationResult<string>;

export const validateMarket = (market: unknown) => required('setMarket', market);
export const validateProductId = (productId: unknown) => required('setProductId', productId);
/** addToCart takes the product id that was added. */
export const validateAddToCart = (productId: unknown) => required('addToCart', productId);
/** SPEC §5: user id may be null (logged out / unknown). */
export const validateUserId = (userId: unknown) => idValue('setUserId', userId, true);
/** SPEC §5: session id may be null. */
export const validateSessionId = (sessionId: unknown) => idValue('setSessionId', sessionId, true);
