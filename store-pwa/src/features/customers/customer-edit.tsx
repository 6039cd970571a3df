import { useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { CUSTOMER_EDIT_FIELDS, customerUpdateSchema, formatPhone, TEXT_MAX, validatePostcode, type CustomerEditField } from '@optik/shared';
import type { LocalCustomer, OutboxRow } from '../../db/db';
import { t } from '../../messages';
import { db, syncServices } from '../../services';
import { fillCity, TextField } from './customer-form';
import { customerUpdateCommand, editableOf, writeCustomerEdit, type CustomerChanges } from './customer-edits';
import { CustomerEditConflicts } from './customer-edit-conflicts';
import { ce } from './customer-edit-messages';
import './customer-edit.css';

type Values = Record<CustomerEditField, string>;
type Baseline = Record<CustomerEditField, string | null>;

/** Postcode first, as when the customer was created (SPEC §5 store ordering). */
const ORDER: readonly CustomerEditField[] = ['zip', 'city', 'street', 'phone', 'email', 'notes'];
/** Fields that may be emptied (no value); the others are required, as when creating a customer. */
const OPTIONAL: ReadonlySet<CustomerEditField> = new Set(['email', 'notes']);
const baselineOf = (c: LocalCustomer): Baseline => ({ street: c.street, zip: c.zip, city: c.city, phone: c.phone, email: c.email, notes: c.notes ?? null });

/**
 * The customer's contact details on their page, with "Redigér": address, phone, e-mail and notes
 * changed on the device at once and sent as customer.update (decision 011). Changes of this
 * staff member's that a later change from another device overwrote are shown here until dismissed.
 */
export function CustomerEdit({ customer }: { customer: LocalCustomer }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();
  const name = `${customer.firstName} ${customer.lastName}`;

  if (editing) {
    return (
      <CustomerEditForm
        title={ce.title(name)}
        initial={editableOf(customer)}
        baseline={baselineOf(customer)}
        onCancel={() => setEditing(false)}
        onSubmit={async (changes) => {
          const { engine, trigger } = await syncServices();
          await engine.record(await customerUpdateCommand(db, customer.id, changes), () => writeCustomerEdit(db, customer.id, changes));
          setEditing(false);
          setNotice(ce.saved);
          void trigger();
        }}
      />
    );
  }

  const waiting = customer.localEdits && Object.keys(customer.localEdits).length > 0;
  const shown = (v: string | null | undefined) => v || ce.notSet;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{ce.contact}</h2>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <CustomerEditConflicts customerId={customer.id} />
      <dl className="contact-details">
        <dt>{ce.address}</dt>
        <dd>{`${customer.street}, ${customer.zip} ${customer.city}`}</dd>
        <dt>{ce.phone}</dt>
        <dd>{customer.phone ? formatPhone(customer.phone) : ce.notSet}</dd>
        <dt>{ce.email}</dt>
        <dd>{shown(customer.email)}</dd>
        <dt>{ce.notes}</dt>
        <dd>{shown(customer.notes)}</dd>
      </dl>
      {waiting && <p>{customer.syncState === 'failed' ? ce.failed : ce.waiting}</p>}
      <button type="button" aria-label={ce.editLabel(name)} onClick={() => (setNotice(null), setEditing(true))}>
        {ce.edit}
      </button>
    </section>
  );
}

/**
 * A rejected customer.update fixed in the edit form and sent again under a new id (sync panel):
 * the form shows the device's values and the server's errors; the new command carries every
 * field that differs from what the server had before the rejected change.
 */
export function CustomerEditFix({ row, onDone }: { row: OutboxRow; onDone: () => void }) {
  const customerId = row.entity?.id ?? '';
  const customer = useLiveQuery(() => db.customers.get(customerId), [customerId]);
  if (!customer) return <p role="status">{t.session.checking}</p>;
  const rejected = (row.payload as { changes: CustomerChanges }).changes;
  const baseline = baselineOf(customer);
  for (const f of CUSTOMER_EDIT_FIELDS) if (rejected[f]) baseline[f] = rejected[f].base;
  return (
    <CustomerEditForm
      title={t.form.fixTitle}
      initial={editableOf(customer)}
      baseline={baseline}
      serverErrors={row.error?.fields}
      onCancel={onDone}
      onSubmit={async (changes) => {
        const { engine, trigger } = await syncServices();
        await engine.fixAndResend(row.id, { payload: { customerId, changes } }, () => writeCustomerEdit(db, customerId, changes, rejected));
        onDone();
        void trigger();
      }}
    />
  );
}

/**
 * The edit form. A field counts as changed when it differs from `baseline` (what the server is
 * known to have); only those are checked — by the shared customer.update schema, the postcode as
 * the create form checks it — and sent, each with its baseline as base. Errors never clear what was typed.
 */
export function CustomerEditForm({
  title,
  initial,
  baseline,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: Values;
  baseline: Baseline;
  serverErrors?: Partial<Record<string, string>>;
  onSubmit: (changes: CustomerChanges) => Promise<void>;
  onCancel: () => void;
}) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<CustomerEditField, string>>>(serverErrors ?? {});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function set(k: CustomerEditField, value: string) {
    setV((old) => (k === 'zip' ? fillCity({ ...old, zip: value }) : { ...old, [k]: value }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed: CustomerChanges = {};
    for (const f of CUSTOMER_EDIT_FIELDS) {
      const value = v[f].trim();
      if (value !== (baseline[f] ?? '')) typed[f] = { value: value === '' && OPTIONAL.has(f) ? null : value, base: baseline[f] };
    }
    const found: Partial<Record<CustomerEditField, string>> = {};
    const parsed = customerUpdateSchema.shape.changes.safeParse(typed);
    if (!parsed.success) for (const i of parsed.error.issues) found[i.path[0] as CustomerEditField] ??= i.message;
    const pc = typed.zip && validatePostcode(v.zip);
    if (pc && !pc.ok) found.zip = pc.message;
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      setStatus(null);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    // Typed differently but the same value (a phone number with spaces): no change.
    const changes: CustomerChanges = {};
    if (parsed.success) for (const f of CUSTOMER_EDIT_FIELDS) if (parsed.data[f] && parsed.data[f].value !== baseline[f]) changes[f] = { value: parsed.data[f].value, base: baseline[f] };
    if (!Object.keys(changes).length) {
      setStatus(ce.noChanges);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(changes);
    } finally {
      setBusy(false);
    }
  }

  const field = (k: CustomerEditField, label: string, extra: Record<string, unknown>, hint?: string, multiline = false) => (
    <TextField id={`${id}-${k}`} name={k} label={label} value={v[k]} onChange={(value) => set(k, value)} error={errors[k]} hint={hint} extra={extra} multiline={multiline} />
  );

  return (
    <form onSubmit={submit} noValidate className="card wide" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {status && <p role="status">{status}</p>}
      {field('zip', t.form.zip, { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4, autoFocus: true }, t.form.zipHint)}
      {field('city', t.form.city, { autoComplete: 'address-level2', maxLength: TEXT_MAX.city })}
      {field('street', t.form.street, { autoComplete: 'street-address', maxLength: TEXT_MAX.street })}
      {field('phone', t.form.phone, { type: 'tel', autoComplete: 'tel', maxLength: TEXT_MAX.phone })}
      {field('email', t.form.email, { type: 'email', autoComplete: 'email', maxLength: TEXT_MAX.email })}
      {field('notes', ce.notes, { maxLength: TEXT_MAX.note, rows: 4 }, ce.notesHint, true)}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {ce.save}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t.form.cancel}
        </button>
      </div>
    </form>
  );
}
