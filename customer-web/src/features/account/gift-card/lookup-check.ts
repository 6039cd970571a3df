import { giftCardLookupRequestSchema } from '@optik/shared';
import { schemaErrors } from '../../../form';

/**
 * The lookup's check with the shared schema, in a module of its own because the schema brings
 * zod: loaded on the first submit, not with the page (first-load JS, issue 5). Card numbers are
 * printed in groups: spaces do not matter. `card` is what to ask for, null when a field is refused.
 */
export function checkLookup(number: string, pin: string) {
  const check = giftCardLookupRequestSchema.safeParse({ number: number.replace(/\s+/g, ''), pin });
  return { errors: schemaErrors(check), card: check.success ? check.data : null };
}
