import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { foldDanish, formatPhone, type Customer } from '@optik/shared';
import { api } from '../../api';
import type { LocalCustomer } from '../../db/db';
import { t } from '../../messages';
import { db, syncServices, toLocalCustomer } from '../../services';
import { sessionAtom } from '../../session';
import { CustomerForm } from './customer-form';
import { createCustomer } from './create-customer';
import { cprDigits, cprIndexOf } from '../device/cpr-index';

function matches(c: LocalCustomer, q: string): boolean {
  const needle = foldDanish(q.trim());
  if (!needle) return true;
  const digits = q.replace(/\D/g, '');
  return foldDanish(`${c.firstName} ${c.lastName} ${c.email ?? ''} ${c.customerNumber ?? ''}`).includes(needle) || (digits.length >= 4 && (c.phone ?? '').includes(digits));
}

export function Customers() {
  const session = useAtomValue(sessionAtom);
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [server, setServer] = useState<Customer[] | 'offline' | null>(null);
  const id = useId();
  const local = useLiveQuery(() => db.customers.orderBy('lastName').toArray(), [], []);
  // A full CPR (with or without dash) is looked up by the device's blind index, offline too; the CPR itself is on no row.
  const cprIndex = useCprIndex(q);
  const byCpr = useLiveQuery(async () => (cprIndex ? db.customers.where('cprIndex').equals(cprIndex).toArray() : null), [cprIndex], null);
  const shown = byCpr ?? local.filter((c) => matches(c, q));
  const navigate = useNavigate();

  /** A customer found on the server is kept on the device from now on, so staff can work with them offline too (found by CPR: with the device's index of it). */
  async function openServerCustomer(c: Customer) {
    // The results are those of `q` (a new query clears them): an exact-CPR search found this customer by it.
    const index = await cprIndexOf(db, q);
    const existing = await db.customers.get(c.id);
    if (!existing) await db.customers.put(toLocalCustomer(c, index));
    else if (index && !existing.cprIndex) await db.customers.update(c.id, { cprIndex: index });
    await navigate({ to: '/kunder/$customerId', params: { customerId: c.id } });
  }

  if (creating && session) {
    return (
      <CustomerForm
        title={t.form.title}
        onCancel={() => setCreating(false)}
        onSubmit={async (r) => {
          const { engine, trigger } = await syncServices();
          const c = await createCustomer(engine, session, r);
          setCreating(false);
          setNotice(t.customers.created(`${c.firstName} ${c.lastName}`));
          void trigger();
        }}
      />
    );
  }

  async function searchServer() {
    const r = await api.searchCustomers(q);
    setServer(r.ok ? r.data.data : 'offline');
  }

  return (
    <div className="card wide">
      <h1>{t.customers.title}</h1>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <button type="button" onClick={() => setCreating(true)}>
        {t.customers.newCustomer}
      </button>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t.customers.search}</label>
        <input id={`${id}-q`} type="search" value={q} autoComplete="off" onChange={(e) => (setQ(e.target.value), setServer(null))} />
      </div>
      {q.trim().length >= 2 && (
        <>
          <button type="button" className="secondary" onClick={() => void searchServer()} aria-describedby={`${id}-server-hint`}>
            {t.customers.searchServer}
          </button>
          <p id={`${id}-server-hint`} className="hint">
            {t.customers.serverHint}
          </p>
        </>
      )}
      {server === 'offline' && <p role="alert">{t.customers.offlineSearch}</p>}
      {Array.isArray(server) && (
        <section aria-labelledby={`${id}-server`}>
          <h2 id={`${id}-server`}>{t.customers.serverResults}</h2>
          {server.length === 0 ? <p>{t.customers.noneFound}</p> : <CustomerList customers={server.map((c) => toLocalCustomer(c))} onOpen={(c) => void openServerCustomer(server.find((s) => s.id === c.id)!)} />}
        </section>
      )}
      <section aria-labelledby={`${id}-local`}>
        <h2 id={`${id}-local`}>{t.customers.onDevice}</h2>
        {local.length === 0 ? <p>{t.customers.none}</p> : shown.length === 0 ? <p>{t.customers.noneFound}</p> : <CustomerList customers={shown} local />}
      </section>
    </div>
  );
}

/** The device's blind index of `q` when it is a full CPR; null otherwise (and while it is computed). */
function useCprIndex(q: string): string | null {
  const [found, setFound] = useState<{ q: string; index: string | null } | null>(null);
  const isCpr = cprDigits(q) !== null;
  useEffect(() => {
    if (!isCpr) return;
    let live = true;
    void cprIndexOf(db, q).then((index) => live && setFound({ q, index }));
    return () => {
      live = false;
    };
  }, [q, isCpr]);
  return isCpr && found?.q === q ? found.index : null;
}

function CustomerList({ customers, local = false, onOpen }: { customers: LocalCustomer[]; local?: boolean; onOpen?: (c: LocalCustomer) => void }) {
  return (
    <ul className="customer-list">
      {customers.map((c) => (
        <li key={c.id}>
          <strong>
            {c.firstName} {c.lastName}
          </strong>
          <span>{c.customerNumber ?? t.customers.awaitingNumber}</span>
          <span>
            {c.street}, {c.zip} {c.city}
          </span>
          {c.phone && <span>{formatPhone(c.phone)}</span>}
          {c.cprMasked && <span>CPR {c.cprMasked}</span>}
          <span className={`state state-${c.syncState}`}>{t.syncState[c.syncState]}</span>
          {local && (
            <Link to="/kunder/$customerId" params={{ customerId: c.id }} aria-label={`${t.prescriptions.open}: ${c.firstName} ${c.lastName}`}>
              {t.prescriptions.open}
            </Link>
          )}
          {onOpen && (
            <button type="button" className="secondary" onClick={() => onOpen(c)}>
              {t.customers.openServer(`${c.firstName} ${c.lastName}`)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
