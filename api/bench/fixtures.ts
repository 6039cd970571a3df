// What several benches share: percentiles, number formatting and the stored records they fill
// a store with (orders like the seeded ones, customers with a real CPR each).
import { createHmac } from 'node:crypto';
import type { Order } from '@optik/shared';
import { createFieldCrypto } from '../src/crypto/field-crypto';
import type { CustomerRecord } from '../src/modules/customers/records';
import { generateArticles } from '../src/seed/catalogue';
import { generateMyOrders } from '../src/seed/my-orders';

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
export const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
export const sortedTimes = (times: number[]) => [...times].sort((a, b) => a - b);

/** Orders spread over this many customers (20 each at 100k orders). */
export const ORDER_CUSTOMERS = 5000;

let template: Order | null = null;
/** Order `i`: a seeded order (lines, prices) with its own id, order number, customer and time. */
export function benchOrder(i: number): Order {
  template ??= generateMyOrders(generateArticles(), new Date(Date.UTC(2026, 10, 1)))[0]!;
  return { ...template, id: `bench-order-${i}`, orderNumber: `B${String(i).padStart(9, '0')}`, customerId: `bench-customer-${i % ORDER_CUSTOMERS}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() };
}

/**
 * Customer `i`'s CPR, distinct for every i below 168 million: a birth date 1950–1999 (days 1–28)
 * and a serial starting with 0 (so the 1900s). Not check-digit valid, which staff search accepts.
 */
export function benchCpr(i: number): string {
  const date = i % 16_800;
  const dd = String((date % 28) + 1).padStart(2, '0');
  const mm = String((Math.floor(date / 28) % 12) + 1).padStart(2, '0');
  const yy = String(50 + Math.floor(date / (28 * 12))).padStart(2, '0');
  return `${dd}${mm}${yy}-${String(Math.floor(i / 16_800)).padStart(4, '0')}`;
}

/**
 * Makes stored customers as `CustomerService.create` stores them: the CPR sealed with the data key
 * and indexed by the same keyed hash (a lookup that finds nobody would show a drift from the service).
 */
export function benchCustomers(dataKey: string) {
  const crypto = createFieldCrypto(dataKey, 'cpr');
  const index = (normalized: string) => createHmac('sha256', dataKey).update(`cpr:${normalized}`).digest('base64url');
  return (i: number): CustomerRecord => {
    const id = `bench-customer-${i}`;
    const cpr = benchCpr(i);
    const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
    return {
      id,
      customerNumber: `K${200_000 + i}`,
      firstName: ['Anna', 'Bo', 'Carl', 'Dorte', 'Erik', 'Frida', 'Gustav', 'Hanne'][i % 8]!,
      lastName: `Bench${i}`,
      email: `bench${i}@example.dk`,
      phone: String(30_000_000 + i),
      street: `Banegårdsgade ${(i % 200) + 1}`,
      zip: '8000',
      city: 'Aarhus C',
      birthDate: `19${cpr.slice(4, 6)}-${cpr.slice(2, 4)}-${cpr.slice(0, 2)}`,
      employeeNumber: null,
      reference: null,
      storeId: `st-${String((i % 40) + 1).padStart(3, '0')}`,
      createdAt: at,
      updatedAt: at,
      version: 1,
      cprSealed: crypto.encrypt(cpr, id),
      cprIndex: index(cpr),
    };
  };
}
