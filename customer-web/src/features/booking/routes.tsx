import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { copenhagenIsoDate } from '@optik/shared';
import { api } from '../../api';
import { usePageMeta } from '../../page-meta';
import { useSession } from '../account/session';
import { prefillDetails } from './booking-form';
import { BookingWizard } from './booking-wizard';
import { LeaveGuard } from './leave-guard';
import { bt } from './messages';

/** /bestil-tid-til-synstest (optionally ?butik={slug or id}): the wizard, with the leave warning while answers are unsaved. */
export function BookingWizardRoute() {
  usePageMeta(bt.title, bt.description);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const butik = typeof search.butik === 'string' && search.butik ? search.butik : null;
  const [session] = useSession(api);
  const [dirty, setDirty] = useState(false);
  const customer = session.state === 'signed-in' && session.user.role === 'customer' ? session.user : null;
  return (
    <div className="page narrow booking-page">
      <h1>{bt.title}</h1>
      {session.state === 'loading' ? (
        <p role="status">{bt.loading}</p>
      ) : (
        <BookingWizard api={api} preselectStore={butik} today={copenhagenIsoDate(new Date())} prefill={customer ? prefillDetails(customer) : null} onDirtyChange={setDirty} />
      )}
      <LeaveGuard when={dirty} />
    </div>
  );
}
