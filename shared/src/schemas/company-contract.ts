import { z } from 'zod/mini';
import './zod-locale';
import { contractStatusSchema, invoiceKindSchema } from './enums';

const person = z.object({ name: z.string().check(z.minLength(1)), email: z.string(), phone: z.string() });

/** SPEC §3 company contract (the company glasses agreement). */
export const companyContractSchema = z.object({
  id: z.string(),
  organisationNumber: z.string().check(z.regex(/^\d{2}-\d{2}-\d{2}-\d{2}$/, 'CVR-nummeret skal skrives som NN-NN-NN-NN.')),
  companyName: z.string(),
  contactPerson: person,
  signingParty: person,
  invoiceAddress: z.object({ street: z.string(), zip: z.string().check(z.regex(/^\d{4}$/)), city: z.string() }),
  invoiceFormat: invoiceKindSchema,
  /** 13-digit EAN/GLN for public-sector e-invoices. */
  ean: z.nullable(z.string().check(z.regex(/^\d{13}$/))),
  referenceType: z.enum(['employee-number', 'reference', 'none']),
  glassLevel: z.enum(['basis', 'plus', 'premium']),
  frameLevel: z.enum(['basis', 'plus', 'premium']),
  protectiveGlasses: z.boolean(),
  photochromic: z.boolean(),
  status: contractStatusSchema,
  createdAt: z.string(),
});
export type CompanyContract = z.infer<typeof companyContractSchema>;
