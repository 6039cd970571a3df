import type { Eye } from './prescription-values';

/**
 * Danish texts of the prescription inputs, apart from `pt` (./messages): they load with the inputs
 * when the form first needs them, so a frame's first load does not carry them.
 */
export const ptPrescription = {
  lensPrescription: 'Din styrke',
  lensPrescriptionHint: 'Udfyld for det eller de øjne, linserne skal bruges til.',
  eyes: { right: 'Højre øje (H)', left: 'Venstre øje (V)' } satisfies Record<Eye, string>,
  lensFields: { power: 'Styrke', baseCurve: 'Basekurve', diameter: 'Diameter', cylinder: 'Cylinder', axis: 'Akse', addition: 'Addition' },
  choose: 'Vælg',
  glassesFields: { Sphere: 'Sfære', Cylinder: 'Cylinder', Axis: 'Akse', Addition: 'Addition', PupillaryDistance: 'PD (mm)' },
  confirmPrescription: 'Jeg bekræfter, at min recept ikke er ældre end et år',
  notANumber: 'Skriv et tal, fx -1,25.',
  notes: 'Bemærk',
} as const;
