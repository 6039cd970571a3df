import { z } from 'zod/mini';
import './zod-locale';
import { validatePostcode } from '../domain/postcode';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { maxChars } from './common';
import { TEXT_MAX } from './limits';

const v = da.validation;

/** CPR as entered: DDMMYY with an optional hyphen and four digits (SPEC §5); rules in domain/cpr.ts. */
export const cprInputSchema = z.string().check(z.trim(), z.regex(/^\d{6}-?\d{4}$/, 'CPR-nummeret skal skrives som DDMMÅÅ-XXXX.'));
const zipField = z.string({ error: v.required }).check(z.trim(), z.regex(/^\d{4}$/, v.zip));
const cityField = z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.city));
const streetField = z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.street));

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
  /** Staff's notes about the customer (sealed at rest by the server); absent on copies from before notes existed. */
  notes: z.optional(z.nullable(z.string())),
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
  city: cityField,
  firstName: nameField,
  lastName: nameField,
  email: z.optional(emailField),
  phone: phoneField,
  street: streetField,
  cpr: z.optional(cprInputSchema),
  /** Staff confirmed a CPR whose check digit fails (DOMAIN.md: a warning, never a block). */
  cprCheckDigitConfirmed: z.optional(z.boolean()),
  employeeNumber: z.optional(z.string().check(z.trim(), maxChars(40))),
  reference: z.optional(z.string().check(z.trim(), maxChars(80, 'Referencen er for lang.'))),
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequestSchema>;

/** The fields staff change on an existing customer (customer.update); each is merged on its own (docs/decisions/011). */
export const CUSTOMER_EDIT_FIELDS = ['street', 'zip', 'city', 'phone', 'email', 'notes'] as const;
export type CustomerEditField = (typeof CUSTOMER_EDIT_FIELDS)[number];

/** Empty text is no value (an e-mail or notes cleared). */
const orNull = z.transform((s: string) => s || null);
/** A postcode in use (the create form's rule: it fills the city). */
const knownZipField = zipField.check(z.refine((zip) => validatePostcode(zip).ok, v.zip));
const notesField = z.string().check(z.trim(), maxChars(TEXT_MAX.note, 'Noterne er for lange.'));
/** The value the device based its edit on: only compared with the server's, so only bounded. */
const baseValue = z.nullable(z.string().check(maxChars(TEXT_MAX.note)));
const edit = <T extends z.ZodMiniType>(value: T) => z.object({ value, base: baseValue });

/**
 * customer.update: only the changed fields, each with the value the device had when staff
 * changed it (`base`). The server applies each field in its order of arrival; a base that is no
 * longer the field's value means another change came in between — this one still wins (it is
 * later), and the overwritten one is kept as a conflict for the staff member who made it.
 */
export const customerUpdateSchema = z.object({
  customerId: z.string().check(z.minLength(1), maxChars(TEXT_MAX.id)),
  changes: z
    .object({
      street: z.optional(edit(streetField)),
      zip: z.optional(edit(knownZipField)),
      city: z.optional(edit(cityField)),
      phone: z.optional(edit(phoneField)),
      email: z.optional(edit(z.nullable(emailField))),
      notes: z.optional(edit(z.nullable(z.pipe(notesField, orNull)))),
    })
    .check(z.refine((c) => CUSTOMER_EDIT_FIELDS.some((f) => c[f] !== undefined), 'Der er ingen ændringer.')),
});
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/** What became of each field of a customer.update: set (its base was current), set over a change the device had not seen, or already so. */
export const customerFieldOutcomeSchema = z.enum(['applied', 'overwrote', 'unchanged']);
export const customerUpdateResultSchema = z.object({
  /** The customer after the merge — without notes, which the sync log (holding results) must not keep in clear. */
  customer: customerSchema,
  fields: z.array(z.object({ field: z.enum(CUSTOMER_EDIT_FIELDS), outcome: customerFieldOutcomeSchema })),
});
export type CustomerUpdateResult = z.infer<typeof customerUpdateResultSchema>;

/**
 * A change of the signed-in staff member's that a later change from another device overwrote
 * (docs/decisions/011): the value they set (`mine`) and the one that replaced it (`winner`).
 */
export const customerConflictSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  field: z.enum(CUSTOMER_EDIT_FIELDS),
  mine: z.nullable(z.string()),
  winner: z.nullable(z.string()),
  at: z.string(),
});
export type CustomerConflict = z.infer<typeof customerConflictSchema>;
