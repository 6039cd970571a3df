import { z } from 'zod';

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
