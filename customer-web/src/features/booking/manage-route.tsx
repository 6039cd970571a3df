import { useState } from 'react';
import { useLocation, useParams } from '@tanstack/react-router';
import { copenhagenIsoDate } from '@optik/shared';
import { api } from '../../api';
import { usePageMeta } from '../../page-meta';
import { LeaveGuard } from './leave-guard';
import { ManageBooking } from './manage-booking';
import { bm } from './manage-messages';

/** /bestil-tid-til-synstest/{id}#token=…: the manage link of the e-mails (the token stays in the fragment). */
export function BookingManageRoute() {
  usePageMeta(bm.title);
  const { id } = useParams({ from: '/bestil-tid-til-synstest/$id' });
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const [dirty, setDirty] = useState(false);
  return (
    <div className="page narrow booking-page">
      <h1>{bm.title}</h1>
      <ManageBooking key={`${id}#${token}`} api={api} id={id ?? ''} token={token} today={copenhagenIsoDate(new Date())} onDirtyChange={setDirty} />
      <LeaveGuard when={dirty} />
    </div>
  );
}
