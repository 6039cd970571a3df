import { z } from 'zod/mini';
import './zod-locale';
import { maxChars } from './common';
import { TEXT_MAX } from './limits';

/**
 * A requisition (SPEC §4, §6): an employee of a company with a glasses agreement asks for
 * glasses in a store; the store's manager approves or rejects it with a note.
 */
export const requisitionStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type RequisitionStatus = z.infer<typeof requisitionStatusSchema>;

const level = z.enum(['basis', 'plus', 'premium']);

export const requisitionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  contractId: z.string(),
  companyName: z.string(),
  employeeName: z.string(),
  employeeNumber: z.nullable(z.string()),
  glassLevel: level,
  frameLevel: level,
  protectiveGlasses: z.boolean(),
  photochromic: z.boolean(),
  /** Amount the company covers, in øre. */
  maxAmount: z.number().check(z.int(), z.nonnegative()),
  requestedAt: z.string(),
  status: requisitionStatusSchema,
  note: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
});
export type Requisition = z.infer<typeof requisitionSchema>;
export const requisitionListResponseSchema = z.object({ data: z.array(requisitionSchema) });

/** A manager's decision — also the outbox command payload `requisition.decide`. A rejection needs a note. */
export const requisitionDecisionSchema = z
  .object({
    requisitionId: z.string().check(z.minLength(1), maxChars(TEXT_MAX.id)),
    decision: z.enum(['approved', 'rejected']),
    note: z._default(z.string().check(z.trim(), z.maxLength(TEXT_MAX.freeText, 'Noten må højst være 500 tegn.')), ''),
  })
  .check(z.refine((d) => d.decision === 'approved' || d.note.length > 0, { path: ['note'], message: 'Skriv en note om, hvorfor rekvisitionen afvises.' }));
export type RequisitionDecision = z.input<typeof requisitionDecisionSchema>;
