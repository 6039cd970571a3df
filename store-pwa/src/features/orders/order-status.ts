import type { OrderLifecycle } from '@optik/shared';
import type { LocalOrder } from '../../db/db';
import { db, syncServices } from '../../services';
import { latestCommandFor } from '../../sync/latest-command';

/** The status step from the counter: the order changes on the device and its `order.status` command is queued, in one transaction. */
export async function stepOrder(order: LocalOrder, to: OrderLifecycle): Promise<string> {
  const { engine, trigger } = await syncServices();
  // After the order's creation or earlier step, if those are still on their way.
  const waitFor = await latestCommandFor(order.id);
  const from = order.status ?? 'handled';
  const { commandId } = await engine.record(
    { type: 'order.status', payload: { orderId: order.id, status: to, from }, entity: { table: 'orders', id: order.id }, dependsOn: waitFor ? [waitFor] : [] },
    () => db.orders.update(order.id, { status: to, updatedAt: new Date().toISOString(), syncState: 'pending' }),
  );
  void trigger();
  return commandId;
}

/** Staff drop a refused step: the engine discards it and puts the order back as it was. */
export async function undoStep(commandId: string): Promise<void> {
  const { engine } = await syncServices();
  await engine.discard(commandId);
}
