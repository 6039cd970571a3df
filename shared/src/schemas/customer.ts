import { z } from 'zod';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';

const v = da.validation;

/** CPR as entered: DDMMYY with an optional hyphen and four digits (SPEC §5); rules in domain/cpr.ts. */
export const cprInputSchema = z.string().trim().regex(/^\d{6}-?\d{4}$/, 'CPR-nummeret skal skrives som DDMMÅÅ-XXXX.');
const zipField = z.string({ error: v.required }).trim().regex(/^\d{4}$/, v.zip);

/** SPEC §3 customer. `cpr` is stored encrypted by the server and only ever shown masked. */
export const customerSchema = z.object({
  id: z.string(),
  customerNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  cpr: z.string().nullable(),
  birthDate: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  reference: z.string().nullable(),
  storeId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().nonnegative(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Store staff create a customer: postcode first, then name, contact, address and the lens user's CPR. */
export const customerCreateRequestSchema = z.object({
  zip: zipField,
  city: z.string({ error: v.required }).trim().min(1, v.required),
  firstName: nameField,
  lastName: nameField,
  email: emailField.optional(),
  phone: phoneField,
  street: z.string({ error: v.required }).trim().min(1, v.required).max(120, v.address),
  cpr: cprInputSchema.optional(),
  /** Staff confirmed a CPR whose check digit fails (DOMAIN.md: a warning, never a block). */
  cprCheckDigitConfirmed: z.boolean().optional(),
  employeeNumber: z.string().trim().max(40).optional(),
  reference: z.string().trim().max(80, 'Referencen er for lang.').optional(),
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequestSchema>;
