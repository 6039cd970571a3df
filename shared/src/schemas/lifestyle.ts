import { z } from 'zod/mini';
import './zod-locale';
import { parseCpr } from '../domain/cpr';
import { REFERRAL_CODE_PATTERN, normalizeReferralCode } from '../domain/lifestyle';
import { da } from '../messages/da';
import { mediaSchema } from './article';
import { isoDateSchema as isoDate, maxChars } from './common';
import { contractStatusSchema } from './enums';
import { invoicePaymentMethodSchema } from './invoice';
import { TEXT_MAX } from './limits';
import { oreSchema } from './money';

/**
 * The Lifestyle glasses agreement (SPEC §1, §2 /min-konto/abonnement/briller/…, /fortrodmig,
 * §3 contract statuses and referral code, §4, §9). Rules live in domain/lifestyle.ts. The shop's
 * subscription list shows each agreement through its `kind: 'lifestyle'` subscription record,
 * which has the agreement's id.
 */

/** SPEC §8 messages of the Lifestyle platform. */
export const lifestyleErrors = {
  maintenance: 'Lifestyle-platformen er under vedligeholdelse, så dine aftaler bliver måske ikke vist. Prøv igen senere.',
  connectionFailed: 'Forbindelsen til Lifestyle mislykkedes. Det virker kun med en Lifestyle-aftale – kontrollér dine oplysninger, og prøv igen.',
} as const;

const int = z.number().check(z.int(), z.nonnegative());

export const freeMonthReasonSchema = z.enum(['winback', 'referral-friend', 'referral-referrer']);
export const freeMonthGrantSchema = z.object({ reason: freeMonthReasonSchema, months: z.number().check(z.int(), z.gte(1)), grantedOn: isoDate });

/** The glasses the agreement covers (frame and lenses); changed by the yearly exchange. */
export const lifestyleProductSchema = z.object({ articleId: z.nullable(z.string()), name: z.string(), brand: z.string(), lenses: z.string() });
export const lifestyleExchangeSchema = z.object({ id: z.string(), date: isoDate, articleId: z.string(), productName: z.string() });
/** Whose agreement it is, as written in the contract. */
export const lifestyleHolderSchema = z.object({ firstName: z.string(), lastName: z.string(), street: z.string(), zip: z.string(), city: z.string() });

export const lifestyleAgreementSchema = z.object({
  id: z.string(),
  /** The number printed on the contract; with the holder's birth date it connects the agreement to a web account. */
  agreementNumber: z.string(),
  /** The web account it is connected to; null until connected (/forbind-til-lifestyle). */
  customerId: z.nullable(z.string()),
  /** The day it was connected; earlier months were invoiced by the platform, later ones appear under Min konto. */
  connectedOn: z.nullable(isoDate),
  status: contractStatusSchema,
  product: lifestyleProductSchema,
  holder: lifestyleHolderSchema,
  monthlyPrice: oreSchema,
  /** Frames up to this price can be chosen at the yearly exchange. */
  frameAllowance: oreSchema,
  paymentMethod: invoicePaymentMethodSchema,
  storeName: z.nullable(z.string()),
  signedOn: isoDate,
  /** First day of the first billing month; the agreement becomes Active on it. */
  startDate: isoDate,
  noticeGivenOn: z.nullable(isoDate),
  /** The notice date plus 30 days (SPEC §9); Terminated from that day. */
  terminationDate: z.nullable(isoDate),
  terminatedOn: z.nullable(isoDate),
  winback: z.object({ offeredOn: z.nullable(isoDate), acceptedOn: z.nullable(isoDate), declinedOn: z.nullable(isoDate) }),
  freeMonths: z.array(freeMonthGrantSchema),
  exchanges: z.array(lifestyleExchangeSchema),
  /** The holder's own refer-a-friend code. */
  referralCode: z.string(),
  /** The friend's code this agreement was connected with, if any. */
  referredByCode: z.nullable(z.string()),
});
export type LifestyleAgreement = z.infer<typeof lifestyleAgreementSchema>;

export const lifestyleExchangeStatusSchema = z.object({
  available: z.boolean(),
  yearFrom: isoDate,
  yearTo: isoDate,
  usedOn: z.nullable(isoDate),
  nextAvailableOn: z.nullable(isoDate),
});

export const lifestyleChargeSchema = z.object({ date: isoDate, amount: oreSchema, gross: oreSchema, free: z.nullable(freeMonthReasonSchema) });

/** An agreement as the customer sees it: the record plus what the rules say about it today. */
export const lifestyleAgreementViewSchema = z.extend(lifestyleAgreementSchema, {
  exchange: lifestyleExchangeStatusSchema,
  freeMonthsLeft: int,
  nextInvoice: z.nullable(lifestyleChargeSchema),
  /** Starting a cancellation now would show the winback offer. */
  winbackAvailable: z.boolean(),
  cancellable: z.boolean(),
});
export type LifestyleAgreementView = z.infer<typeof lifestyleAgreementViewSchema>;

export const lifestyleDocumentKindSchema = z.enum(['agreement', 'terms', 'winback', 'exchange', 'referral', 'notice']);
export type LifestyleDocumentKind = z.infer<typeof lifestyleDocumentKindSchema>;
export const lifestyleDocumentSectionSchema = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });

/** An agreement document (contract, terms, addenda): written once, when it is made, and never changed. */
export const lifestyleDocumentSchema = z.object({
  id: z.string(),
  agreementId: z.string(),
  kind: lifestyleDocumentKindSchema,
  title: z.string(),
  createdOn: isoDate,
  sections: z.array(lifestyleDocumentSectionSchema),
});
export type LifestyleDocument = z.infer<typeof lifestyleDocumentSchema>;
export const lifestyleDocumentSummarySchema = z.pick(lifestyleDocumentSchema, { id: true, agreementId: true, kind: true, title: true, createdOn: true });
export type LifestyleDocumentSummary = z.infer<typeof lifestyleDocumentSummarySchema>;

export const lifestylePerkSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
export const lifestylePerksSchema = z.object({
  agreement: lifestyleAgreementViewSchema,
  perks: z.array(lifestylePerkSchema),
  referral: z.object({ code: z.string(), friendsReferred: int, monthsEarned: int, friendMonths: int, referrerMonths: int, active: z.boolean() }),
});
export type LifestylePerks = z.infer<typeof lifestylePerksSchema>;

/** A frame that can be chosen for the yearly exchange. */
export const lifestyleFrameOptionSchema = z.object({ articleId: z.string(), name: z.string(), brand: z.string(), price: oreSchema, image: z.nullable(z.pick(mediaSchema, { sm: true, alt: true })) });
export type LifestyleFrameOption = z.infer<typeof lifestyleFrameOptionSchema>;

/**
 * Reads answer 200 with `service: 'maintenance'` while the Lifestyle platform is down (SPEC §8):
 * a 5xx would make the shared client retry for minutes (SPEC §7) before the message could show.
 */
export const lifestyleMaintenanceSchema = z.object({ service: z.literal('maintenance'), message: z.string() });
export function lifestyleAnswerSchema<T extends z.ZodMiniType>(data: T) {
  return z.discriminatedUnion('service', [z.object({ service: z.literal('ok'), data }), lifestyleMaintenanceSchema]);
}

export const lifestyleAgreementsResponseSchema = lifestyleAnswerSchema(z.array(lifestyleAgreementViewSchema));
export const lifestyleAgreementResponseSchema = lifestyleAnswerSchema(lifestyleAgreementViewSchema);
export const lifestyleDocumentsResponseSchema = lifestyleAnswerSchema(z.array(lifestyleDocumentSummarySchema));
export const lifestyleDocumentResponseSchema = lifestyleAnswerSchema(lifestyleDocumentSchema);
export const lifestylePerksResponseSchema = lifestyleAnswerSchema(lifestylePerksSchema);
export const lifestyleFrameOptionsResponseSchema = lifestyleAnswerSchema(z.array(lifestyleFrameOptionSchema));

/** Answer of a change (exchange, winback accepted, notice confirmed). */
export const lifestyleChangeResponseSchema = z.object({ data: lifestyleAgreementViewSchema });

/** Starting a cancellation: the winback offer while it is available (once per agreement), and the end date notice would give. */
export const lifestyleCancellationResponseSchema = z.object({
  data: z.object({
    agreement: lifestyleAgreementViewSchema,
    winbackOffer: z.nullable(z.object({ freeMonths: z.number().check(z.int(), z.gte(1)), value: oreSchema })),
    terminationDate: isoDate,
  }),
});
export type LifestyleCancellation = z.infer<typeof lifestyleCancellationResponseSchema>['data'];

export const lifestyleConnectResponseSchema = z.object({ data: z.object({ agreement: lifestyleAgreementViewSchema, referralApplied: z.boolean() }) });

/** Path parameters of /api/lifestyle/agreements/:id[/documents/:documentId]. */
const idParam = z.string().check(z.minLength(1), z.maxLength(80), z.regex(/^[\w-]+$/));
export const lifestyleAgreementParamsSchema = z.object({ id: idParam });
export const lifestyleDocumentParamsSchema = z.object({ id: idParam, documentId: idParam });

const v = da.validation;
const digitsOnly = (s: string) => s.replace(/[\s-]+/g, '');
/** Typed from the contract: short, whatever the spacing. */
const required = (message: string) => z.string({ error: v.required }).check(z.minLength(1, v.required), maxChars(TEXT_MAX.code, message));

export const lifestyleMessages = {
  agreementNumber: 'Aftalenummeret består af 8 cifre. Du finder det øverst på din aftale.',
  birthDateDate: 'Datoen findes ikke. Kontrollér fødselsdatoen.',
  referralCode: 'Koden skal skrives som VEN- og 6 tegn, fx VEN-7K3P9Q.',
  chooseFrame: 'Vælg det stel, du vil bytte til.',
} as const;

/** /min-konto/abonnement/forbind-til-lifestyle: the number on the contract, the holder's birth date and optionally a friend's code. */
export const lifestyleConnectRequestSchema = z.object({
  agreementNumber: z.pipe(z.pipe(required(lifestyleMessages.agreementNumber), z.transform(digitsOnly)), z.string().check(z.regex(/^\d{8}$/, lifestyleMessages.agreementNumber))),
  /** SPEC §5: a birth date as DDMMYY where asked. Never logged or put in a URL. */
  birthDate: z.pipe(
    z.pipe(required(v.cpr.birthDateFormat), z.transform(digitsOnly)),
    z.string().check(
      z.regex(/^\d{6}$/, v.cpr.birthDateFormat),
      z.refine((s) => parseCpr(s, { allowBirthDateOnly: true }).ok, lifestyleMessages.birthDateDate),
    ),
  ),
  referralCode: z.optional(
    z.pipe(z.pipe(z.string().check(maxChars(TEXT_MAX.code, lifestyleMessages.referralCode)), z.transform(normalizeReferralCode)), z.string().check(z.refine((s) => s === '' || REFERRAL_CODE_PATTERN.test(s), lifestyleMessages.referralCode))),
  ),
});
export type LifestyleConnectRequest = z.input<typeof lifestyleConnectRequestSchema>;

/** /fordele: the yearly exchange to another frame. */
export const lifestyleExchangeRequestSchema = z.object({
  articleId: z.string({ error: lifestyleMessages.chooseFrame }).check(z.minLength(1, lifestyleMessages.chooseFrame), maxChars(TEXT_MAX.id)),
});
export type LifestyleExchangeRequest = z.input<typeof lifestyleExchangeRequestSchema>;
