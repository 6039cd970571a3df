import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@optik/shared';
import { allCollections } from '../../collections';
import { seedIfEmpty } from '../../seed/index';
import { openLowdbStorage } from '../../storage/lowdb';
import { cartsCollection } from '../cart/records';
import { CatalogueService } from '../catalogue/service';
import { giftCardsCollection } from '../gift-cards/records';
import { hashGiftCardPin } from '../gift-cards/service';
import { ordersCollection } from '../orders/records';
import { testConfig } from '../../test/harness';
import { CRASH_BALANCE, CRASH_CARDS, CRASH_PIN, CRASH_SHOPPER, type CrashMode } from './test-crash-child';

const CHILD = fileURLToPath(new URL('./test-crash-child.ts', import.meta.url));
const API_DIR = path.resolve(path.dirname(CHILD), '../../..');

/**
 * Runs the checkout loop of test-crash-child.ts in its own process on `dir` and kills it with
 * SIGKILL as soon as it prints a line `at` accepts — the child waits there (a step) or runs on (a
 * checkout done), so the kill lands at that step or somewhere in the next checkout. No timing:
 * the test waits for the line.
 */
async function killAt(dir: string, mode: CrashMode, skuId: string, at: (line: string) => boolean): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, mode, skuId], { cwd: API_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (at(line) && child.kill('SIGKILL')) resolve();
    });
    void exited.then((how) => reject(new Error(`the child ended (${String(how)}) before the line we wait for; it printed ${JSON.stringify(lines)}; stderr: ${stderr}`)));
  });
  expect(await exited).toBe('SIGKILL');
  return lines;
}

/** The orders the child placed (guest web orders of its contact), oldest first. */
const childOrders = (orders: Order[]) => orders.filter((o) => o.customerId === null && o.contact?.email === 'karen@example.dk').sort((a, b) => Number(a.orderNumber.slice(1)) - Number(b.orderNumber.slice(1)));

/**
 * Reopens the store as a restarted server would and checks that no balance was lost or doubled:
 * every card's balance plus what orders hold of it is what it started with, never below zero;
 * every order holds its reservation once (a paid order too); the cart is emptied exactly when an
 * order was paid for it.
 */
async function invariant(dir: string) {
  const storage = await openLowdbStorage({ dir, collections: allCollections });
  try {
    const cards = await storage.collection(giftCardsCollection).getMany(CRASH_CARDS);
    const orders = childOrders(await storage.collection(ordersCollection).all());
    const cart = await storage.collection(cartsCollection).get(CRASH_SHOPPER);
    expect(cards).toHaveLength(CRASH_CARDS.length);
    for (const card of cards) {
      expect(card.balance).toBeGreaterThanOrEqual(0);
      const held = orders.flatMap((o) => o.giftCards ?? []).filter((c) => c.number === card.id);
      // No doubled reservation: at most one order holds a card (each costs more than a card holds).
      expect(held.length).toBeLessThanOrEqual(1);
      expect(card.balance + held.reduce((s, c) => s + c.amount, 0)).toBe(CRASH_BALANCE);
    }
    for (const o of orders) {
      // Paid or not yet settled; never a paid order without its reservation.
      expect(['paid', 'awaiting-payment']).toContain(o.paymentStatus);
      expect(o.giftCards).toHaveLength(1);
      expect(o.giftCards![0]!.amount).toBe(CRASH_BALANCE);
      expect(o.giftCardAmount).toBe(CRASH_BALANCE);
      if (o.paymentStatus === 'paid') expect(o).toMatchObject({ paymentMethod: 'card', paidAt: expect.any(String) });
    }
    return { orders, cart, cards };
  } finally {
    await storage.close();
  }
}

describe('checkout killed with SIGKILL at any point (issue 13: money and stock in one transaction)', () => {
  let dir: string;
  let skuId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'optik-crash-'));
    const storage = await openLowdbStorage({ dir, collections: allCollections });
    await seedIfEmpty(storage, () => undefined, { secret: testConfig.secret });
    await storage.collection(giftCardsCollection).putMany(CRASH_CARDS.map((id) => ({ id, pinHash: hashGiftCardPin(testConfig.secret, id, CRASH_PIN), balance: CRASH_BALANCE, expiresAt: null })));
    // A frame sold online that costs more than a card holds: the card pays part, the rest is charged.
    const { articles } = await new CatalogueService(storage).load();
    const frame = articles.find((a) => a.category === 'briller' && a.price.unit.publicationStatus === 20 && a.price.unit.amount > 2 * CRASH_BALANCE && a.skus[0]!.stock >= 12);
    skuId = frame!.skus[0]!.id;
    await storage.close();
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('after the reservation, after the charge, after a declined charge, after the payment, and mid-loop: no balance lost or doubled', { timeout: 300_000 }, async () => {
    // Killed with the card's part taken and the order holding it stored, before the charge.
    await killAt(dir, 'reserved', skuId, (l) => l === 'STEP reserved');
    let state = await invariant(dir);
    expect(state.orders.at(-1)).toMatchObject({ paymentStatus: 'awaiting-payment' });
    expect(state.cart!.items).toHaveLength(1);

    // Killed after the provider charged, before the order is marked paid: the order still holds the card's part.
    await killAt(dir, 'charged', skuId, (l) => l === 'STEP charged');
    state = await invariant(dir);
    expect(state.orders.at(-1)).toMatchObject({ paymentStatus: 'awaiting-payment' });
    expect(state.cart!.items).toHaveLength(1);

    // Killed after a declined charge, before the card gets its part back: still held by the unpaid order, not lost.
    await killAt(dir, 'declined', skuId, (l) => l === 'STEP declined');
    state = await invariant(dir);
    expect(state.orders.at(-1)).toMatchObject({ paymentStatus: 'awaiting-payment' });

    // Killed after the order was marked paid (and the cart emptied with it).
    await killAt(dir, 'paid', skuId, (l) => l === 'STEP paid');
    state = await invariant(dir);
    expect(state.orders.at(-1)).toMatchObject({ paymentStatus: 'paid' });
    expect(state.cart!.items).toEqual([]);
    const settled = state.orders.length;

    // Running checkouts (every third declined), killed somewhere in the checkout after the n-th.
    for (const n of [1, 2, 4]) {
      const lines = await killAt(dir, 'loop', skuId, (l) => l.startsWith(`PLACED ${n} `));
      expect(lines.filter((l) => l.startsWith('PLACED ')).map((l) => l.split(' ')[2])).toEqual(Array.from({ length: n + 1 }, (_, i) => (i % 3 === 2 ? 'failed' : 'paid')));
      state = await invariant(dir);
    }
    // The loops paid their orders (declined ones left no order behind).
    expect(state.orders.filter((o) => o.paymentStatus === 'paid').length).toBeGreaterThanOrEqual(1 + 2 + 2 + 4);
    expect(state.orders.length).toBeGreaterThan(settled);
  });
});
