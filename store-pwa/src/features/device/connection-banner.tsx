import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, syncServices } from '../../services';
import { dm } from './messages';
import { syncNow } from './sync-now';
import './device.css';

/** Whether the browser has a network, kept up to date by its online/offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** Actions on this device the server has not applied yet: queued or refused (waiting to be fixed). */
export const waitingActions = () => db.outbox.where('status').anyOf('pending', 'rejected').count();

/**
 * Shown on every screen once signed in: with the network gone it says so and how many actions
 * wait; "Synkronisér nu" (online too) runs the sync loop and says what it did or why it could not.
 */
export function ConnectionBanner({ services = syncServices }: { services?: typeof syncServices }) {
  const online = useOnline();
  const waiting = useLiveQuery(waitingActions, [], 0);
  const [busy, setBusy] = useState(false);
  // The sentence about the last run, with the connection it was said under: stale (hidden) once the network comes or goes.
  const [said, setSaid] = useState<{ text: string; online: boolean } | null>(null);
  const result = said && said.online === online ? said.text : '';

  async function run() {
    setBusy(true);
    setSaid(null);
    try {
      const { engine, trigger } = await services();
      const text = await syncNow({ resetBackoff: engine.resetBackoff, trigger, pendingCount: () => db.outbox.where('status').equals('pending').count() });
      setSaid({ text, online: navigator.onLine });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={online ? 'connection' : 'connection connection-offline'} aria-label={dm.banner.label}>
      <p role="status" className="connection-state">
        {online ? dm.banner.online(waiting) : <strong>{dm.banner.offline(waiting)}</strong>}
      </p>
      <button type="button" className="secondary" onClick={() => void run()} disabled={busy}>
        {busy ? dm.syncNow.busy : dm.syncNow.button}
      </button>
      <p role="status" className="connection-result">
        {result}
      </p>
    </section>
  );
}
