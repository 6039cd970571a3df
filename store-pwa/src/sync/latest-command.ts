import { db } from '../services';

/**
 * The newest unsent (pending or rejected) command for a record. A change that must follow the
 * record's earlier ones — an order's next status step, a return's approval after its receipt, a
 * return after the handover — waits for it, and is dropped with it when it is discarded.
 */
export async function latestCommandFor(entityId: string): Promise<string | null> {
  const unsent = await db.outbox.where('status').anyOf('pending', 'rejected').toArray();
  return unsent.filter((r) => r.entity?.id === entityId).sort((a, b) => a.seq! - b.seq!).at(-1)?.id ?? null;
}
