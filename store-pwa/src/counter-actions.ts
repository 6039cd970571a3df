import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from './db/db';
import { db } from './services';

/** The refused (rejected) commands of these types, by the record they change: the screens show their reason beside the record. */
export function useRefusedCommands(types: readonly string[]): Map<string, OutboxRow> | undefined {
  const key = types.join(',');
  return useLiveQuery(
    async () => new Map((await db.outbox.where('status').equals('rejected').toArray()).filter((r) => r.entity && types.includes(r.type)).map((r) => [r.entity!.id, r] as const)),
    // The types are a constant list per screen; joined, they are a stable dependency.
    [key],
  );
}

/** A record's action button: busy while it runs (no double submit), then a notice for its role="status" line. */
export function useCardAction() {
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      setNotice(done);
    } finally {
      setBusy(false);
    }
  }
  return { notice, busy, run };
}
