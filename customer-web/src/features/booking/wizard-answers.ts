import type { AgeGroup, BookingView, ExamType, Slot } from '@optik/shared';
import type { DetailsForm } from './booking-form';

/* The booking wizard's steps and answers, apart from the wizard so its later-loaded parts (wizard-end) can use them without importing the wizard back. */

export const STEPS = ['exam', 'age', 'store', 'time', 'details', 'summary'] as const;
export type Step = (typeof STEPS)[number];

export interface Answers {
  examType: ExamType | null;
  ageGroup: AgeGroup | null;
  /** Null until chosen; the `?butik=` store stands in for it meanwhile. */
  storeId: string | null;
  slot: Slot | null;
  details: DetailsForm;
}

export type Done = { booking: BookingView; token: string };
