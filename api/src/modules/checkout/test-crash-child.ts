/**
 * Test fixture of crash.test.ts, run as its own process (`node --import tsx test-crash-child.ts <dataDir> <mode>`):
 * web checkouts against the lowdb store in `dataDir`, one after another, each paying with one of
 * the test's gift cards (which covers part) and the rest by card. It prints a line at each step of
 * a checkout, so the test can kill it with SIGKILL exactly there:
 *   `STEP reserved`  the gift card's part is taken and the order holding it stored (the charge starts);
 *   `STEP charged` / `STEP declined`  the provider answered (the order is not settled yet);
 *   `STEP paid`  the order is paid and the cart emptied (the confirmation mail goes out);
 *   `PLACED <n> <outcome>`  a checkout is done.
 * With `mode` one of the steps, the process stops at that step and waits to be killed (the card is
 * declined in mode `declined`); with `loop` it runs on, every third checkout declined.
 */
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { checkoutPlaceRequestSchema, cartUpdateRequestSchema } from '@optik/shared';
import { createApp } from '../../app';
import { allCollections } from '../../collections';
import { createMemoryCoordination } from '../../coordination/memory';
import { systemClock } from '../../deps';
import { createMemorySms } from '../../ports/sms';
import { createSimulatedPayments, SIMULATOR_CARDS, type PaymentProvider } from '../../ports/payments';
import { openLowdbStorage } from '../../storage/lowdb';
import { testConfig } from '../../test/harness';

/** The test's gift cards: numbers, one PIN, each with this balance (less than the frame bought). */
export const CRASH_CARDS = Array.from({ length: 40 }, (_, i) => `70000000000${String(i).padStart(5, '0')}`);
export const CRASH_PIN = '4321';
export const CRASH_BALANCE = 30_000;
export const CRASH_SHOPPER = 'crash-test-shopper';
export const CRASH_STEPS = ['reserved', 'charged', 'declined', 'paid'] as const;
export type CrashMode = (typeof CRASH_STEPS)[number] | 'loop';

async function main(dir: string, mode: CrashMode, skuId: string) {
  const storage = await openLowdbStorage({ dir, collections: allCollections });
  const stopAt = async (step: string) => {
    process.stdout.write(`STEP ${step}\n`);
    // Wait to be killed here.
    if (step === mode) await new Promise<never>(() => undefined);
  };
  const simulator = createSimulatedPayments();
  const payments: PaymentProvider = {
    ...simulator,
    async charge(req) {
      await stopAt('reserved');
      const result = await simulator.charge(req);
      await stopAt(result.ok ? 'charged' : 'declined');
      return result;
    },
  };
  const mailer = { send: () => stopAt('paid') };
  const { services } = createApp({ storage, coordination: createMemoryCoordination(), clock: systemClock, logger: pino({ level: 'silent' }), config: testConfig, mailer, sms: createMemorySms(), payments });
  for (let n = 0; ; n++) {
    // The first card nothing has taken from yet.
    let number: string | undefined;
    for (const c of CRASH_CARDS) {
      if ((await services.giftCards.balance({ number: c, pin: CRASH_PIN })).balance === CRASH_BALANCE) {
        number = c;
        break;
      }
    }
    if (!number) throw new Error('no untouched gift card left');
    await services.cart.update(CRASH_SHOPPER, cartUpdateRequestSchema.parse({ skuId, quantity: 1 }), { isStore: false });
    const declined = mode === 'declined' || (mode === 'loop' && n % 3 === 2);
    const input = checkoutPlaceRequestSchema.parse({
      contact: { firstName: 'Karen', lastName: 'Sørensen', email: 'karen@example.dk', phone: '26272829' },
      address: { street: 'Søndergade 12', zip: '8000', city: 'Aarhus C' },
      deliveryMethodId: 101,
      giftCards: [{ number, pin: CRASH_PIN }],
      payment: { method: 'card', cardNumber: declined ? SIMULATOR_CARDS.declined : '4111 1111 1111 1111', expiry: '12/39', cvc: '123' },
      acceptTerms: true,
    });
    const result = await services.checkout.place(CRASH_SHOPPER, input, null);
    process.stdout.write(`PLACED ${n} ${result.outcome}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, mode, skuId] = process.argv.slice(2);
  main(dir!, mode as CrashMode, skuId!).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
