import { z } from 'zod/mini';
import './zod-locale';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { maxChars } from './common';
import { TEXT_MAX } from './limits';

const v = da.validation;

/** CPR as entered: DDMMYY with an optional hyphen and four digits (SPEC §5); rules in domain/cpr.ts. */
export const cprInputSchema = z.string().check(z.trim(), z.regex(/^\d{6}-?\d{4}$/, 'CPR-nummeret skal skrives som DDMMÅÅ-XXXX.'));
const zipField = z.string({ error: v.required }).check(z.trim(), z.regex(/^\d{4}$/, v.zip));

/** SPEC §3 customer. `cpr` is stored encrypted by the server and only ever shown masked. */
export const customerSchema = z.object({
  id: z.string(),
  customerNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  cpr: z.nullable(z.string()),
  birthDate: z.nullable(z.string()),
  employeeNumber: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  storeId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().check(z.int(), z.nonnegative()),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * A store's own customer in the device copy (GET /api/staff/customers/recent, decision 009
 * "The CPR blind index on the device"): also the full CPR ('DDMMYY-SSSS'), so the device can
 * compute its keyed blind index and drop it at once. Only this no-store answer carries it; the
 * device never stores it.
 */
export const deviceCustomerSchema = z.extend(customerSchema, { cprForIndex: z.nullable(z.string().check(z.maxLength(11))) });
export type DeviceCustomer = z.infer<typeof deviceCustomerSchema>;
export const deviceCustomerListResponseSchema = z.object({ data: z.array(deviceCustomerSchema) });

/** Store staff create a customer: postcode first, then name, contact, address and the lens user's CPR. */
export const customerCreateRequestSchema = z.object({
  zip: zipField,
  city: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.city)),
  firstName: nameField,
  lastName: nameField,
  email: z.optional(emailField),
  phone: phoneField,
  street: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.street)),
  cpr: z.optional(cprInputSchema),
  /** Staff confirmed a CPR whose check digit fails (DOMAIN.md: a warning, never a block). */
  cprCheckDigitConfirmed: z.optional(z.boolean()),
  employeeNumber: z.optional(z.string().check(z.trim(), maxChars(40))),
  reference: z.optional(z.string().check(z.trim(), maxChars(80, 'Referencen er for lang.'))),
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequestSchema>;
