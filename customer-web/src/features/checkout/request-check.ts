import { checkoutPlaceRequestSchema, type CheckoutPlaceRequest } from '@optik/shared';

/**
 * The shared request schema's complaints about a checkout body, each with its request path
 * ('contact.email', 'payment.cvc', …). A module of its own because the schema brings zod: the
 * checkout loads it on the first submit, not with the page (first-load JS, issue 5).
 */
export function requestIssues(body: CheckoutPlaceRequest): { path: string; message: string }[] {
  const check = checkoutPlaceRequestSchema.safeParse(body);
  return check.success ? [] : check.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
