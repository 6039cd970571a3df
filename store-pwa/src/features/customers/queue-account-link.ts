import { syncServices } from '../../services';

/**
 * "Send link til webkonto" without a connection: an outbox command (`accountLink.send`) like every
 * other counter action, sent after the customer's own waiting command (a customer made offline
 * is created first) and answered with the server's reason if refused.
 */
export async function queueAccountLink(customerId: string): Promise<void> {
  const { engine, trigger } = await syncServices();
  const waitFor = await engine.pendingCommandFor(customerId);
  await engine.record({ type: 'accountLink.send', payload: { customerId }, entity: null, ...(waitFor ? { dependsOn: [waitFor] } : {}) }, async () => undefined);
  void trigger();
}
