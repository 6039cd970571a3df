import type { BookingDetailsInput, BookingView } from '@optik/shared';

/** The details form as typed: strings only, so nothing entered is lost to parsing. */
export interface DetailsForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthDate: string;
  noteToStore: string;
  viaEmployer: boolean;
  companyName: string;
  reference: string;
  requisitionType: '' | 'e-requisition' | 'physical';
  distances: [string, string, string];
  tools: string;
  other: string;
}

export type DetailsField = Exclude<keyof DetailsForm, 'distances' | 'viaEmployer'> | 'distance0' | 'distance1' | 'distance2';
export type DetailErrors = Partial<Record<DetailsField, string>>;

/** The element id of a field, for focusing the first error. */
export const fieldId = (prefix: string, field: DetailsField) => `${prefix}-${field}`;

export const emptyDetails: DetailsForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  birthDate: '',
  noteToStore: '',
  viaEmployer: false,
  companyName: '',
  reference: '',
  requisitionType: '',
  distances: ['', '', ''],
  tools: '',
  other: '',
};

/** A signed-in customer's name and e-mail as a starting point. */
export function prefillDetails(user: { name: string; email: string | null } | null): DetailsForm {
  if (!user) return emptyDetails;
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  return { ...emptyDetails, firstName, lastName: rest.join(' '), email: user.email ?? '' };
}

/** A booking's details back in the form (the manage page's edit form). */
export function detailsFromBooking(b: BookingView): DetailsForm {
  const d = b.workingDistances ?? [];
  return {
    ...b.contact,
    birthDate: b.birthDate ? `${b.birthDate.slice(8, 10)}${b.birthDate.slice(5, 7)}${b.birthDate.slice(2, 4)}` : '',
    noteToStore: b.noteToStore ?? '',
    viaEmployer: b.companyName !== null,
    companyName: b.companyName ?? '',
    reference: b.reference ?? '',
    requisitionType: b.requisitionType ?? '',
    distances: [String(d[0] ?? ''), String(d[1] ?? ''), String(d[2] ?? '')],
    tools: b.tools ?? '',
    other: b.other ?? '',
  };
}

/** The request body of the form (the API applies the same schema). */
export function detailsRequest(f: DetailsForm): BookingDetailsInput {
  return {
    contact: { firstName: f.firstName, lastName: f.lastName, email: f.email, phone: f.phone },
    birthDate: f.birthDate,
    noteToStore: f.noteToStore,
    company: f.viaEmployer
      ? {
          companyName: f.companyName,
          reference: f.reference,
          // An unanswered choice ('') is sent as it is: the schema answers it with its Danish message.
          requisitionType: f.requisitionType as 'e-requisition' | 'physical',
          workingDistances: f.distances.map((x) => x.trim()).filter(Boolean),
          tools: f.tools,
          other: f.other,
        }
      : null,
  };
}

/** A request path of the schema or the API ('contact.email', 'company.workingDistances.1') → the form field. */
export function fieldOf(path: string): DetailsField | null {
  const [head, key, index] = path.split('.');
  if (head === 'contact' && (key === 'firstName' || key === 'lastName' || key === 'email' || key === 'phone')) return key;
  if (head === 'birthDate' || head === 'noteToStore') return head;
  if (head === 'company') {
    if (key === 'workingDistances') return index === undefined ? 'distance0' : (`distance${index}` as DetailsField);
    if (key === 'companyName' || key === 'reference' || key === 'requisitionType' || key === 'tools' || key === 'other') return key;
  }
  return null;
}

/**
 * Field errors keyed by form field from request paths. Distances are sent without the empty
 * boxes, so the n-th distance sent is mapped back to the n-th filled box.
 */
export function fieldErrors(form: DetailsForm, fields: Record<string, string>): DetailErrors {
  const filled = form.distances.map((d, i) => (d.trim() ? i : -1)).filter((i) => i >= 0);
  const out: DetailErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    let field = fieldOf(path);
    const m = /^company\.workingDistances\.(\d)$/.exec(path);
    if (m) field = `distance${filled[Number(m[1])] ?? 0}` as DetailsField;
    if (field) out[field] ??= message;
  }
  return out;
}

/** The order fields are shown in, for focusing the first error. */
export const DETAILS_FIELD_ORDER: readonly DetailsField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'birthDate',
  'noteToStore',
  'companyName',
  'reference',
  'requisitionType',
  'distance0',
  'distance1',
  'distance2',
  'tools',
  'other',
];

export function isDetailsDirty(f: DetailsForm, start: DetailsForm): boolean {
  return JSON.stringify(f) !== JSON.stringify(start);
}
