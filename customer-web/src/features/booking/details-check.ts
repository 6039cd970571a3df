import { bookingDetailsInputSchema } from '@optik/shared';
import { detailsRequest, fieldErrors, type DetailErrors, type DetailsForm } from './booking-form';

/**
 * Checks the details form with the shared schema; returns the errors by field (none: valid).
 * Apart from the form model because the schema brings zod: it loads with the details form, not
 * with the wizard's first step (first-load JS, issue 5).
 */
export function validateDetails(form: DetailsForm): DetailErrors {
  const r = bookingDetailsInputSchema.safeParse(detailsRequest(form));
  if (r.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fieldErrors(form, fields);
}
