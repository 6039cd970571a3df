import { CUSTOMER_EDIT_FIELDS, type CustomerEditField, type CustomerUpdateResult } from '@optik/shared';
import type { FieldEdit } from './records';

/** One changed field of a customer.update: the new value and the value the device based the change on. */
export interface FieldChange {
  value: string | null;
  base: string | null;
}

/** A value of someone's that the change overwrote without having seen it (docs/decisions/011). */
export interface LostEdit {
  field: CustomerEditField;
  lost: string | null;
  won: string | null;
  /** Who set the lost value, by which command, when. */
  writer: FieldEdit;
}

export interface MergeResult {
  /** The fields to write (only those whose value changes). */
  values: Partial<Record<CustomerEditField, string | null>>;
  fieldEdits: Partial<Record<CustomerEditField, FieldEdit>>;
  outcomes: CustomerUpdateResult['fields'];
  lost: LostEdit[];
}

/**
 * The field-level merge of decision 011, applied in the server's order of arrival: each changed
 * field takes the command's value (the later change wins, whatever the devices' clocks said).
 * - the value is already the field's value: `unchanged`, nothing written, nobody loses anything;
 * - the base is the field's value: `applied` — the device saw what it replaced;
 * - otherwise `overwrote`: someone changed the field after this device last saw it. The change
 *   still wins, and the overwritten value is lost to its writer — when a staff member's
 *   customer.update set it (`current.fieldEdits`), it is reported to be kept for them.
 * Fields the command does not carry are left as they are, so two devices changing two different
 * fields both keep their change.
 */
export function mergeCustomerEdit(opts: {
  current: Record<CustomerEditField, string | null>;
  fieldEdits: Partial<Record<CustomerEditField, FieldEdit>> | undefined;
  changes: Partial<Record<CustomerEditField, FieldChange>>;
  writer: FieldEdit;
}): MergeResult {
  const values: MergeResult['values'] = {};
  const fieldEdits = { ...opts.fieldEdits };
  const outcomes: MergeResult['outcomes'] = [];
  const lost: LostEdit[] = [];
  for (const field of CUSTOMER_EDIT_FIELDS) {
    const change = opts.changes[field];
    if (!change) continue;
    const now = opts.current[field];
    if (change.value === now) {
      outcomes.push({ field, outcome: 'unchanged' });
      continue;
    }
    const seen = change.base === now;
    outcomes.push({ field, outcome: seen ? 'applied' : 'overwrote' });
    const writer = fieldEdits[field];
    if (!seen && writer) lost.push({ field, lost: now, won: change.value, writer });
    values[field] = change.value;
    fieldEdits[field] = opts.writer;
  }
  return { values, fieldEdits, outcomes, lost };
}
