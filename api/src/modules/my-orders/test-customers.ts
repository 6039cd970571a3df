import { CURRENT_TERMS_VERSION } from '@optik/shared';
import { DEMO_PASSWORD } from '../../seed/accounts';
import { seedMyOrders } from '../../seed/my-orders';
import { shopperAgent, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth/password';

/** A second, verified customer, so tests can show that one customer never reaches another's data. */
export const OTHER_CUSTOMER = { id: 'u-anden', email: 'anden@example.dk' } as const;

/**
 * A test app with the My Pages demo data dated from the test clock (the harness copies only the
 * catalogue-like collections; orders and invoices start empty for the other modules' tests).
 */
export async function withDemoData(t: TestApp): Promise<TestApp> {
  await seedMyOrders(t.storage, await t.storage.collection('articles').all(), t.clock.now());
  await t.storage.collection('accounts').put({
    id: OTHER_CUSTOMER.id,
    role: 'customer',
    email: OTHER_CUSTOMER.email,
    username: null,
    firstName: 'Ole',
    lastName: 'Andersen',
    phone: '30405060',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    emailVerified: true,
    termsVersion: CURRENT_TERMS_VERSION,
    storeId: null,
    companyId: null,
    createdAt: '2026-01-05T09:00:00.000Z',
  });
  return t;
}

/** A browser-like client signed in as a customer (the demo customer by default). */
export async function customerAgent(t: TestApp, email = 'kunde@example.dk') {
  const s = await shopperAgent(t);
  await s.post('/api/auth/login', { email, password: DEMO_PASSWORD }).expect(200);
  return s;
}
