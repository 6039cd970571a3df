import { atom } from 'jotai';
import { splitEmployeeNumbers, type CompanyAgreement, type CompanyContractRequest, type CompanyRegistryEntry } from '@optik/shared';

type Level = CompanyAgreement['glassLevel'];
export interface PersonDraft {
  name: string;
  email: string;
  phone: string;
}

/** The wizard's answers as typed (strings, '' for "not chosen yet"); kept while the visitor moves between steps and pages. */
export interface WizardDraft {
  cvr: string;
  /** The company found in the registry for `cvr`. */
  company: CompanyRegistryEntry | null;
  contact: PersonDraft;
  signer: PersonDraft;
  signerIsContact: boolean;
  invoiceAddress: { street: string; zip: string; city: string };
  invoiceFormat: CompanyAgreement['invoiceFormat'] | '';
  ean: string;
  invoiceEmail: string;
  referenceType: CompanyAgreement['referenceType'] | '';
  employeeNumbers: string;
  reference: string;
  glassLevel: Level | '';
  frameLevel: Level | '';
  protectiveGlasses: boolean;
  photochromic: boolean;
}

const person = (): PersonDraft => ({ name: '', email: '', phone: '' });

export const emptyDraft: WizardDraft = {
  cvr: '',
  company: null,
  contact: person(),
  signer: person(),
  signerIsContact: false,
  invoiceAddress: { street: '', zip: '', city: '' },
  invoiceFormat: '',
  ean: '',
  invoiceEmail: '',
  referenceType: '',
  employeeNumbers: '',
  reference: '',
  glassLevel: '',
  frameLevel: '',
  protectiveGlasses: false,
  photochromic: false,
};

export const wizardDraftAtom = atom<WizardDraft>(emptyDraft);
export const wizardStepAtom = atom(0);

const orUndefined = <T extends string>(v: T | '') => (v === '' ? undefined : v);

/** The request the API (and the same shared schema here) checks. */
export function toRequest(d: WizardDraft): CompanyContractRequest {
  return {
    organisationNumber: d.cvr,
    contactPerson: d.contact,
    signingParty: d.signerIsContact ? d.contact : d.signer,
    invoiceAddress: d.invoiceAddress,
    // Not chosen yet: left out, so the schema says "choose one" (the casts are checked by the schema).
    invoiceFormat: orUndefined(d.invoiceFormat) as CompanyContractRequest['invoiceFormat'],
    ean: d.ean,
    invoiceEmail: d.invoiceEmail,
    referenceType: orUndefined(d.referenceType) as CompanyContractRequest['referenceType'],
    employeeNumbers: splitEmployeeNumbers(d.employeeNumbers),
    reference: d.reference,
    glassLevel: orUndefined(d.glassLevel) as CompanyContractRequest['glassLevel'],
    frameLevel: orUndefined(d.frameLevel) as CompanyContractRequest['frameLevel'],
    protectiveGlasses: d.protectiveGlasses,
    photochromic: d.photochromic,
  };
}

/** The request's fields each step asks for; an error on a field belongs to its step. */
export const STEP_FIELDS = [
  ['organisationNumber'],
  ['contactPerson', 'signingParty'],
  ['invoiceAddress', 'invoiceFormat', 'ean', 'invoiceEmail'],
  ['referenceType', 'employeeNumbers', 'reference'],
  ['glassLevel', 'frameLevel', 'protectiveGlasses', 'photochromic'],
  [],
] as const satisfies readonly (readonly string[])[];

export const STEP_COUNT = STEP_FIELDS.length;

/** The step that asks for the field at `path` ('contactPerson.email' → 1); the summary for anything else. */
export function stepOf(path: string): number {
  const root = path.split('.')[0]!;
  const i = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(root));
  return i === -1 ? STEP_COUNT - 1 : i;
}

/** With "the contact signs", the signer's errors are the contact's. */
export function forStep(step: number, errors: Record<string, string>, signerIsContact: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (signerIsContact && path.startsWith('signingParty.')) continue;
    if (stepOf(path) === step) out[path] = message;
  }
  return out;
}
