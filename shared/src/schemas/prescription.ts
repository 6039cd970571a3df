import { z } from 'zod';
import { isoDateSchema as isoDate } from './common';

/**
 * Contact-lens prescription for one eye (SPEC §3). Values are numbers in dioptres / mm;
 * null when not given. Rules live in domain/prescription.ts.
 */
export const contactLensPrescriptionSchema = z.object({
  power: z.number().nullable(),
  baseCurve: z.number().nullable(),
  diameter: z.number().nullable(),
  cylinder: z.number().nullable(),
  axis: z.number().int().nullable(),
  addition: z.number().nullable(),
});
export type ContactLensPrescription = z.infer<typeof contactLensPrescriptionSchema>;

/** Glasses prescription (SPEC §3): right eye (H) first, then left (V). */
export const glassesPrescriptionSchema = z.object({
  rightSphere: z.number().nullable(),
  rightCylinder: z.number().nullable(),
  rightAxis: z.number().int().nullable(),
  rightAddition: z.number().nullable(),
  rightPupillaryDistance: z.number().nullable(),
  leftSphere: z.number().nullable(),
  leftCylinder: z.number().nullable(),
  leftAxis: z.number().int().nullable(),
  leftAddition: z.number().nullable(),
  leftPupillaryDistance: z.number().nullable(),
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
  storeId: z.string().nullable(),
  examDate: isoDate,
  entry: prescriptionEntrySchema,
  createdAt: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
