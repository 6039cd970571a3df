import { z } from 'zod';

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
  employeeNumber: z.string().nullable(),
  glassLevel: level,
  frameLevel: level,
  protectiveGlasses: z.boolean(),
  photochromic: z.boolean(),
  /** Amount the company covers, in øre. */
  maxAmount: z.number().int().nonnegative(),
  requestedAt: z.string(),
  status: requisitionStatusSchema,
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Requisition = z.infer<typeof requisitionSchema>;
export const requisitionListResponseSchema = z.object({ data: z.array(requisitionSchema) });

/** A manager's decision — also the outbox command payload `requisition.decide`. A rejection needs a note. */
export const requisitionDecisionSchema = z
  .object({
    requisitionId: z.string().min(1),
    decision: z.enum(['approved', 'rejected']),
    note: z.string().trim().max(500, 'Noten må højst være 500 tegn.').default(''),
  })
  .refine((d) => d.decision === 'approved' || d.note.length > 0, { path: ['note'], message: 'Skriv en note om, hvorfor rekvisitionen afvises.' });
export type RequisitionDecision = z.input<typeof requisitionDecisionSchema>;
