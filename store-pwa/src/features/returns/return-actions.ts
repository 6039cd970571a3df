import type { ReturnRequest } from '@optik/shared';
import type { LocalOrder, LocalReturn } from '../../db/db';
import { db, syncServices } from '../../services';
import { latestCommandFor } from '../../sync/latest-command';

/**
 * A return received at the counter: the return row and its `return.receive` command in one
 * transaction. It waits for the order's own unsent changes (its creation, the handover), which
 * the server needs first.
 */
export async function receiveReturn(order: LocalOrder, request: ReturnRequest): Promise<LocalReturn> {
  const { engine, trigger } = await syncServices();
  const id = crypto.randomUUID();
  const waitFor = await latestCommandFor(order.id);
  const local: LocalReturn = {
    id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    returnNumber: null,
    lines: request.lines.map((l) => ({ skuId: order.lines[l.lineIndex]!.skuId, description: order.lines[l.lineIndex]!.description, quantity: l.quantity })),
    reason: request.reason,
    status: 'received',
    refundAmount: null,
    createdAt: new Date().toISOString(),
    syncState: 'pending',
  };
  await engine.record(
    { type: 'return.receive', payload: { returnId: id, orderId: order.id, request }, entity: { table: 'returns', id }, dependsOn: waitFor ? [waitFor] : [] },
    () => db.returns.add(local),
  );
  void trigger();
  return local;
}

/** "Godkend retur": the return is confirmed (and refunded by the server, once) after its receipt. */
export async function approveReturn(ret: LocalReturn): Promise<void> {
  const { engine, trigger } = await syncServices();
  const waitFor = await latestCommandFor(ret.id);
  await engine.record(
    { type: 'return.confirm', payload: { returnId: ret.id }, entity: { table: 'returns', id: ret.id }, dependsOn: waitFor ? [waitFor] : [] },
    () => db.returns.update(ret.id, { status: 'confirmed', syncState: 'pending' }),
  );
  void trigger();
}

/** A refused approval (the refund could not go through just then) is sent again as it was. */
export async function resendApproval(commandId: string, payload: Record<string, unknown>): Promise<void> {
  const { engine, trigger } = await syncServices();
  await engine.fixAndResend(commandId, { payload });
  void trigger();
}

/** Staff drop a refused receipt or approval: the engine discards it and undoes it on the device. */
export async function discardReturnChange(commandId: string): Promise<void> {
  const { engine } = await syncServices();
  await engine.discard(commandId);
}
