/**
 * What booking needs only once the customer is past the first choices: the time picker, the
 * details form with its check (the shared schema brings zod), the wizard's summary and
 * completion. Loaded by later.ts then, not with the page (first-load JS ≤ 130 KB gzip, issue 5).
 */
export { TimePicker } from './time-picker';
export { DetailsFields } from './details-fields';
export { validateDetails } from './details-check';
export { Completion, Summary } from './wizard-end';
