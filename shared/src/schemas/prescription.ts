import { z } from 'zod/mini';
import './zod-locale';
import { isoDateSchema as isoDate } from './common';

/**
 * Contact-lens prescription for one eye (SPEC §3). Values are numbers in dioptres / mm;
 * null when not given. Rules live in domain/prescription.ts.
 */
export const contactLensPrescriptionSchema = z.object({
  power: z.nullable(z.number()),
  baseCurve: z.nullable(z.number()),
  diameter: z.nullable(z.number()),
  cylinder: z.nullable(z.number()),
  axis: z.nullable(z.number().check(z.int())),
  addition: z.nullable(z.number()),
});
export type ContactLensPrescription = z.infer<typeof contactLensPrescriptionSchema>;

/** Glasses prescription (SPEC §3): right eye (H) first, then left (V). */
export const glassesPrescriptionSchema = z.object({
  rightSphere: z.nullable(z.number()),
  rightCylinder: z.nullable(z.number()),
  rightAxis: z.nullable(z.number().check(z.int())),
  rightAddition: z.nullable(z.number()),
  rightPupillaryDistance: z.nullable(z.number()),
  leftSphere: z.nullable(z.number()),
  leftCylinder: z.nullable(z.number()),
  leftAxis: z.nullable(z.number().check(z.int())),
  leftAddition: z.nullable(z.number()),
  leftPupillaryDistance: z.nullable(z.number()),
});
export type GlassesPrescription = z.infer<typeof glassesPrescriptionSchema>;


/** A prescription entered by store staff for a customer (SPEC §5), glasses or contact lenses. */
export const prescriptionEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('glasses'), glasses: glassesPrescriptionSchema }),
  z.object({ kind: z.literal('contact-lens'), right: contactLensPrescriptionSchema, left: contactLensPrescriptionSchema }),
]);

export const prescriptionCreateSchema = z.object({
  prescriptionId: z.uuid(),
  customerId: z.uuid(),
  examDate: isoDate,
  /** SPEC §5: staff confirm the prescription is not older than one year. */
  confirmedNotOlderThanYear: z.boolean(),
  entry: prescriptionEntrySchema,
});
export type PrescriptionCreate = z.infer<typeof prescriptionCreateSchema>;

export const prescriptionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  storeId: z.nullable(z.string()),
  examDate: isoDate,
  entry: prescriptionEntrySchema,
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
