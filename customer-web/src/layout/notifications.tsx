import { atom, getDefaultStore, useAtomValue } from 'jotai';

export interface Notification {
  id: number;
  text: string;
}

export const notificationsAtom = atom<Notification[]>([]);

/** SPEC §4/§9: a notification is cleared after its interval in seconds × 1000 + 400 ms. */
export function notificationLifetimeMs(seconds: number): number {
  return seconds * 1000 + 400;
}

let nextId = 1;

/** Shows `text` for `seconds` (plus 400 ms). Uses jotai's default store, as the app has no Provider. */
export function notify(text: string, seconds: number, store = getDefaultStore()): number {
  const id = nextId++;
  store.set(notificationsAtom, (list) => [...list, { id, text }]);
  setTimeout(() => store.set(notificationsAtom, (list) => list.filter((n) => n.id !== id)), notificationLifetimeMs(seconds));
  return id;
}

/**
 * The notification area: an empty polite live region is always there, so screen readers
 * announce what is added. Each message is its own status element, so nothing with role=status
 * is on screen while there are no notifications.
 */
export function Notifications() {
  const list = useAtomValue(notificationsAtom);
  return (
    <div className="notifications" aria-live="polite">
      {list.map((n) => (
        <p key={n.id} role="status" className="notification">
          {n.text}
        </p>
      ))}
    </div>
  );
}
