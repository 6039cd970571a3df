import { useId } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatPhone, type CustomerEditField } from '@optik/shared';
import type { LocalCustomerConflict } from '../../db/db';
import { db } from '../../services';
import { dismissConflict } from './customer-edits';
import { ce } from './customer-edit-messages';

const fieldName = (f: string) => ce.field[f as CustomerEditField] ?? f;
const shown = (c: LocalCustomerConflict, v: string | null) => (v === null || v === '' ? ce.empty : c.field === 'phone' ? formatPhone(v) : v);

/**
 * This staff member's changes of the customer that a later change from another device overwrote
 * (decision 011), until they dismiss them with OK. A status region: one arriving with a sync is read out.
 */
export function CustomerEditConflicts({ customerId }: { customerId: string }) {
  const id = useId();
  const rows = useLiveQuery(async () => (await db.customerConflicts.where('customerId').equals(customerId).sortBy('at')).filter((c) => !c.dismissedAt), [customerId], []);
  return (
    <div role="status">
      {rows.length > 0 && (
        <>
          <h3>{ce.conflictsTitle}</h3>
          <ul className="edit-conflicts">
            {rows.map((c) => (
              <li key={c.id}>
                <p id={`${id}-${c.id}`}>{ce.conflict(fieldName(c.field), shown(c, c.mine), shown(c, c.winner))}</p>
                <button type="button" aria-label={ce.okLabel(fieldName(c.field))} aria-describedby={`${id}-${c.id}`} onClick={() => void dismissConflict(db, c.id)}>
                  {ce.ok}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
