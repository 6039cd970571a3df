import { z } from 'zod/mini';
import './zod-locale';
import { EMPLOYEE_NUMBER, MAX_EMPLOYEE_NUMBERS, normalizeEmployeeNumber } from '../domain/employee-number';
import { parseOrgNumber } from '../domain/cvr';
import { parseEan } from '../domain/ean';
import { isValidEmail, normalizeEmail } from '../domain/email';
import { parseIsoDate } from '../domain/copenhagen-time';
import { lookupPostcode } from '../domain/postcode';
import { da } from '../messages/da';
import { emailField, nameField, phoneField } from './auth';
import { maxChars, maxItems } from './common';
import { companyContractSchema } from './company-contract';
import { invoiceKindSchema } from './enums';
import { limitMessages, TEXT_MAX } from './limits';
import { oreSchema } from './money';
import { requisitionStatusSchema } from './requisition';

/**
 * The company flow (SPEC §1, §2 /b2b/*, §3 company contract, §5 organisation number, §8
 * "organisation not found"): registry lookup, the wizard's agreement, signing by link,
 * the eye-health day and employees' e-requisitions.
 */

const v = da.validation;

export const companyMessages = {
  chooseInvoiceFormat: 'Vælg, hvordan I vil modtage fakturaen.',
  chooseReferenceType: 'Vælg, hvordan medarbejderne skal identificere sig.',
  chooseLevel: 'Vælg et niveau.',
  employeeNumbersRequired: 'Skriv mindst ét medarbejdernummer.',
  employeeNumbersTooMany: `Højst ${MAX_EMPLOYEE_NUMBERS} medarbejdernumre pr. aftale.`,
  employeeNumberInvalid: (n: string) => `Medarbejdernummeret "${n}" er ugyldigt. Brug bogstaver, tal og - _ / . (højst 20 tegn).`,
  referenceRequired: 'Skriv den reference, medarbejderne skal oplyse.',
  invoiceEmailRequired: 'Skriv den e-mail, PDF-fakturaen skal sendes til.',
  consent: 'Du skal bekræfte, at du har læst aftalen og må underskrive for virksomheden.',
  confirmTerminate: 'Bekræft, at aftalen skal opsiges.',
  chooseKind: 'Vælg, om rekvisitionen gælder briller eller en synsprøve.',
  chooseStore: 'Vælg en butik.',
  employees: 'Antal medarbejdere skal være et helt tal fra 5 til 5.000.',
  toBeforeFrom: 'Slutdatoen skal være samme dag som eller efter startdatoen.',
  tooLong: limitMessages.tooLong,
} as const;

const m = companyMessages;

const text = (max: number, required: string = v.required) => z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, m.tooLong(max)));

/** SPEC §5: organisation number NN-NN-NN-NN with the CVR check (DOMAIN.md); the output is the 'NN-NN-NN-NN' form. */
export const orgNumberField = z.pipe(
  z.string({ error: v.required }).check(
    maxChars(TEXT_MAX.code, v.orgNumber.format),
    z.refine((s) => parseOrgNumber(s).ok, {
      error: (iss) => {
        const r = parseOrgNumber(String(iss.input));
        return r.ok ? undefined : r.message;
      },
    }),
  ),
  z.transform((s: string) => {
    const r = parseOrgNumber(s);
    return r.ok ? r.formatted : s;
  }),
);

/** Any Danish postcode in the PostNord list (invoices may go to a 0xxx bulk-recipient code). */
const zipField = z.string({ error: v.required }).check(
  z.trim(),
  maxChars(10, v.zip),
  z.refine((s) => !!lookupPostcode(s), v.zip),
);

export const companyAddressSchema = z.object({ street: text(120), zip: zipField, city: text(60) });
export type CompanyAddress = z.output<typeof companyAddressSchema>;

export const companyPersonSchema = z.object({ name: nameField, email: emailField, phone: phoneField });
export type CompanyPerson = z.output<typeof companyPersonSchema>;

const level = z.enum(['basis', 'plus', 'premium'], { error: m.chooseLevel });

// ---------------------------------------------------------------------------------------------
// Registry lookup: GET /api/company/lookup?cvr=

export const companyLookupQuerySchema = z.object({ cvr: orgNumberField });

/** A production unit (P-number, 10 digits) of a company, when the registry has them. */
export const productionUnitSchema = z.object({ pNumber: z.string().check(z.regex(/^\d{10}$/)), name: z.string(), street: z.string(), zip: z.string(), city: z.string() });

export const companyRegistryEntrySchema = z.object({
  organisationNumber: z.string(),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  productionUnits: z.array(productionUnitSchema),
});
export type CompanyRegistryEntry = z.infer<typeof companyRegistryEntrySchema>;
export const companyLookupResponseSchema = z.object({ data: companyRegistryEntrySchema });

// ---------------------------------------------------------------------------------------------
// The agreement: wizard request, stored agreement, price.

export const priceLineSchema = z.object({
  key: z.enum(['frame', 'glass', 'protectiveGlasses', 'photochromic', 'exam']),
  label: z.string(),
  amount: oreSchema,
  /** 0.25 on glasses, 0 on the eye exam (DOMAIN.md). */
  vatRate: z.number(),
  vat: oreSchema,
});
export type PriceLine = z.infer<typeof priceLineSchema>;

/** The price per employee, fixed on the agreement when it is created. */
export const companyPriceSchema = z.object({
  lines: z.array(priceLineSchema),
  /** Frame, glass and options: the most a glasses requisition covers. */
  glasses: oreSchema,
  exam: oreSchema,
  total: oreSchema,
  vat: oreSchema,
});
export type CompanyPrice = z.infer<typeof companyPriceSchema>;

type Draft = { invoiceFormat?: unknown; ean?: unknown; invoiceEmail?: unknown; referenceType?: unknown; employeeNumbers?: unknown; reference?: unknown };
const str = (x: unknown) => (typeof x === 'string' ? x : '');
/**
 * Cross-field checks run even while other fields are still missing (zod skips a refinement once
 * a field has a type error), so the wizard can show one step's errors before later steps are answered.
 */
const always = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };
const numbers = (x: unknown): string[] => (Array.isArray(x) ? x.map((n) => normalizeEmployeeNumber(str(n))).filter(Boolean) : []);

/**
 * The wizard's answers (SPEC §2 company wizard, §3 company contract). An e-invoice needs a valid
 * EAN/GLN, a PDF invoice an e-mail address; reference type "employee-number" needs the list of
 * employee numbers and "reference" the reference text employees quote.
 */
export const companyContractRequestSchema = z.pipe(
  z
    .object({
      organisationNumber: orgNumberField,
      contactPerson: companyPersonSchema,
      signingParty: companyPersonSchema,
      invoiceAddress: companyAddressSchema,
      invoiceFormat: z.enum(invoiceKindSchema.options, { error: m.chooseInvoiceFormat }),
      ean: z.optional(z.string().check(maxChars(TEXT_MAX.code))),
      invoiceEmail: z.optional(z.string().check(maxChars(TEXT_MAX.email))),
      referenceType: z.enum(['employee-number', 'reference', 'none'], { error: m.chooseReferenceType }),
      employeeNumbers: z._default(z.array(z.string().check(maxChars(TEXT_MAX.code))).check(maxItems(MAX_EMPLOYEE_NUMBERS, m.employeeNumbersTooMany)), []),
      // The reference itself is at most 60 characters once trimmed (the check below says so).
      reference: z.optional(z.string().check(maxChars(100))),
      glassLevel: level,
      frameLevel: level,
      protectiveGlasses: z._default(z.boolean(), false),
      photochromic: z._default(z.boolean(), false),
    })
    .check(
      z.refine((d: Draft) => d.invoiceFormat !== 'e-invoice' || parseEan(str(d.ean)).ok, {
        path: ['ean'], ...always,
        error: (iss) => {
          const r = parseEan(str((iss.input as Draft).ean));
          return r.ok ? undefined : r.message;
        },
      }),
      z.refine((d: Draft) => d.invoiceFormat !== 'pdf' || isValidEmail(str(d.invoiceEmail)), {
        path: ['invoiceEmail'], ...always,
        error: (iss) => (str((iss.input as Draft).invoiceEmail).trim() ? v.email : m.invoiceEmailRequired),
      }),
      z.refine((d: Draft) => d.referenceType !== 'employee-number' || (numbers(d.employeeNumbers).length > 0 && numbers(d.employeeNumbers).length <= MAX_EMPLOYEE_NUMBERS && numbers(d.employeeNumbers).every((n) => EMPLOYEE_NUMBER.test(n))), {
        path: ['employeeNumbers'], ...always,
        error: (iss) => {
          const list = numbers((iss.input as Draft).employeeNumbers);
          if (list.length === 0) return m.employeeNumbersRequired;
          if (list.length > MAX_EMPLOYEE_NUMBERS) return m.employeeNumbersTooMany;
          return m.employeeNumberInvalid(list.find((n) => !EMPLOYEE_NUMBER.test(n)) ?? '');
        },
      }),
      z.refine((d: Draft) => d.referenceType !== 'reference' || (str(d.reference).trim().length > 0 && str(d.reference).trim().length <= 60), {
        path: ['reference'], ...always,
        error: (iss) => (str((iss.input as Draft).reference).trim() ? m.tooLong(60) : m.referenceRequired),
      }),
    ),
  // The answers as stored: only the details the chosen formats use, normalised.
  z.transform((d) => ({
    ...d,
    ean: d.invoiceFormat === 'e-invoice' ? (parseEan(str(d.ean)) as { digits: string }).digits : null,
    invoiceEmail: d.invoiceFormat === 'pdf' ? normalizeEmail(str(d.invoiceEmail)) : null,
    employeeNumbers: d.referenceType === 'employee-number' ? [...new Set(numbers(d.employeeNumbers))] : [],
    reference: d.referenceType === 'reference' ? str(d.reference).trim() : null,
  })),
);
export type CompanyContractRequest = z.input<typeof companyContractRequestSchema>;
export type CompanyContractAnswers = z.output<typeof companyContractRequestSchema>;

/** The stored agreement: SPEC §3's company contract plus what the wizard and signing add. */
export const companyAgreementSchema = z.extend(companyContractSchema, {
  /** The registered address from the company registry. */
  companyAddress: z.object({ street: z.string(), zip: z.string(), city: z.string() }),
  invoiceEmail: z.nullable(z.string()),
  employeeNumbers: z.array(z.string()),
  reference: z.nullable(z.string()),
  price: companyPriceSchema,
  /** The name the signing party typed when signing. */
  signedBy: z.nullable(z.string()),
  signedAt: z.nullable(z.string()),
  terminatedAt: z.nullable(z.string()),
});
export type CompanyAgreement = z.infer<typeof companyAgreementSchema>;
export const companyAgreementResponseSchema = z.object({ data: companyAgreementSchema });

// ---------------------------------------------------------------------------------------------
// Signing by link (SPEC §2 /b2b/underskrive-kontrakt): the token travels in the body only.

const tokenField = z.string({ error: da.errors.notFound }).check(z.minLength(20, da.errors.notFound), z.maxLength(200, da.errors.notFound));

export const contractTokenRequestSchema = z.object({ token: tokenField });
export const contractSignRequestSchema = z.object({
  token: tokenField,
  name: nameField,
  consent: z.literal(true, { error: m.consent }),
});
export type ContractSignRequest = z.input<typeof contractSignRequestSchema>;
export const contractTerminateRequestSchema = z.object({ token: tokenField, confirm: z.literal(true, { error: m.confirmTerminate }) });
/** The printable contract is asked for with a POST carrying the link's token (never a query string, which logs and history keep). */
export const contractDocumentRequestSchema = contractTokenRequestSchema;

/** What the link opens: the agreement, whether this link may sign, and where the printable document is asked for. */
export const contractViewSchema = z.object({
  contract: companyAgreementSchema,
  /** 'signer': the signing party's link (sign, terminate); 'viewer': the contact's copy. */
  role: z.enum(['signer', 'viewer']),
  /** The API path the printable document is POSTed for (with the token in the body); holds no token. */
  documentPath: z.string(),
  /** When this link stops working (ISO). */
  linkExpiresAt: z.string(),
});
export type ContractView = z.infer<typeof contractViewSchema>;
export const contractViewResponseSchema = z.object({ data: contractViewSchema });

/** The printable contract: a standalone Danish HTML page the shop opens as a blob URL. */
export const contractDocumentSchema = z.object({ html: z.string() });
export const contractDocumentResponseSchema = z.object({ data: contractDocumentSchema });

// ---------------------------------------------------------------------------------------------
// Eye-health day (SPEC §2 /b2b/øjehelsedag).

const dateField = z.string({ error: v.required }).check(
  z.minLength(1, v.required),
  maxChars(TEXT_MAX.code, 'Datoen skal skrives som ÅÅÅÅ-MM-DD og findes i kalenderen.'),
  z.refine((s) => parseIsoDate(s) !== null, 'Datoen skal skrives som ÅÅÅÅ-MM-DD og findes i kalenderen.'),
);

export const eyeHealthDayRequestSchema = z
  .object({
    organisationNumber: orgNumberField,
    dateFrom: dateField,
    dateTo: dateField,
    employees: z.number({ error: m.employees }).check(z.int(m.employees), z.gte(5, m.employees), z.lte(5000, m.employees)),
    location: companyAddressSchema,
    contact: companyPersonSchema,
    note: z._default(z.string().check(z.trim(), z.maxLength(1000, m.tooLong(1000))), ''),
  })
  .check(
    z.refine((d: { dateFrom?: unknown; dateTo?: unknown }) => !parseIsoDate(str(d.dateFrom)) || !parseIsoDate(str(d.dateTo)) || str(d.dateTo) >= str(d.dateFrom), {
      path: ['dateTo'],
      message: m.toBeforeFrom,
      ...always,
    }),
  );
export type EyeHealthDayRequest = z.input<typeof eyeHealthDayRequestSchema>;

export const eyeHealthDaySchema = z.object({
  id: z.string(),
  organisationNumber: z.string(),
  companyName: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  employees: z.number(),
  location: z.object({ street: z.string(), zip: z.string(), city: z.string() }),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  note: z.string(),
  status: z.enum(['requested', 'confirmed', 'cancelled']),
  createdAt: z.string(),
});
export type EyeHealthDay = z.infer<typeof eyeHealthDaySchema>;
export const eyeHealthDayResponseSchema = z.object({ data: eyeHealthDaySchema });

// ---------------------------------------------------------------------------------------------
// Employees' e-requisitions (SPEC §4 requisitions; the store's manager decides them).

export const requisitionKindSchema = z.enum(['glasses', 'exam'], { error: m.chooseKind });
export type RequisitionKind = z.infer<typeof requisitionKindSchema>;

export const employeeRequisitionRequestSchema = z.object({
  organisationNumber: orgNumberField,
  /** The employee number or the agreement's reference, as the agreement's reference type says. */
  employeeReference: text(60),
  employeeName: nameField,
  employeeEmail: emailField,
  kind: requisitionKindSchema,
  storeId: z.string({ error: m.chooseStore }).check(z.minLength(1, m.chooseStore), z.maxLength(20, m.chooseStore)),
});
export type EmployeeRequisitionRequest = z.input<typeof employeeRequisitionRequestSchema>;

/** What the employee sees after sending it. */
export const employeeRequisitionSchema = z.object({
  id: z.string(),
  kind: requisitionKindSchema,
  companyName: z.string(),
  employeeName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  maxAmount: oreSchema,
  status: requisitionStatusSchema,
  requestedAt: z.string(),
});
export type EmployeeRequisition = z.infer<typeof employeeRequisitionSchema>;
export const employeeRequisitionResponseSchema = z.object({ data: employeeRequisitionSchema });
