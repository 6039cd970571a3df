import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { syncResponseSchema, type Article } from '@optik/shared';
import { buyableArticle, command, staffAgent, type TestApp } from '../../test/harness';

/** A customer with phone and e-mail, and an order for them in st-001 (made through /api/sync) of the first glasses `pick` accepts. */
export async function orderInStore(t: TestApp, patch: Record<string, unknown> = {}, pick: (a: Article) => boolean = () => true) {
  const s = await staffAgent(t);
  const customerId = randomUUID();
  const orderId = randomUUID();
  const a = await buyableArticle(t, (x) => x.category === 'briller' && pick(x));
  const res = await s
    .post('/api/sync', {
      commands: [
        command('customer.create', { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Karen', lastName: 'Sørensen', phone: '+45 26 27 28 29', email: 'karen@example.dk', street: 'Søndergade 12', ...patch }),
        command('order.create', { orderId, customerId, prescriptionId: null, deliveryMethodId: 119, lines: [{ skuId: a.skus[0]!.id, quantity: 1, subscriptionInterval: null }] }),
      ],
    })
    .expect(200);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
  return { s, orderId, customerId, total: a.price.unit.amount };
}

export async function sendRequest(s: Awaited<ReturnType<typeof staffAgent>>, orderId: string, channel: 'sms' | 'email' = 'sms') {
  const cmd = command('paymentRequest.send', { requestId: randomUUID(), orderId, channel });
  const res = syncResponseSchema.parse((await s.post('/api/sync', { commands: [cmd] }).expect(200)).body);
  return { cmd, result: res.results[0]! };
}

export function tokenFrom(text: string): string {
  const m = /\/betal\/([\w-]+)/.exec(text);
  if (!m) throw new Error(`no pay link in: ${text}`);
  return m[1]!;
}

/** An order in the store with a payment link sent by SMS, and the link's token. */
export async function linkFor(t: TestApp, pick?: (a: Article) => boolean) {
  const o = await orderInStore(t, {}, pick);
  await sendRequest(o.s, o.orderId);
  return { ...o, token: tokenFrom(t.sms.sent.at(-1)!.text) };
}
