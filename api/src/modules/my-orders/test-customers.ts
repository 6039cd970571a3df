import { seedMyOrders } from '../../seed/my-orders';
import type { TestApp } from '../../test/harness';

/**
 * A test app with the My Pages demo data dated from the test clock (the harness copies only the
 * catalogue-like collections; orders and invoices start empty for the other modules' tests).
 * Sign customers in with the harness's customerAgent and otherCustomerAgent.
 */
export async function withDemoData(t: TestApp): Promise<TestApp> {
  await seedMyOrders(t.storage, (await t.services.catalogue.load()).articles, t.clock.now());
  return t;
}
