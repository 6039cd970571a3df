import type { Order, OrderReturn, SyncCommandEnvelope, SyncResult } from '@optik/shared';

/**
 * A stand-in for the API module in screen tests (`vi.mock('../../api', () => import('../../fake-api'))`):
 * the store's orders and returns as the test sets them, and a sync endpoint that is offline until
 * the test puts it online and says how it answers each command.
 */
export const fake = {
  orders: [] as Order[],
  returns: [] as OrderReturn[],
  online: false,
  /** The commands that reached the "server". */
  sent: [] as SyncCommandEnvelope[],
  answer: (_c: SyncCommandEnvelope): Omit<SyncResult, 'id'> => ({ status: 'applied', result: null, error: null }),
  reset() {
    fake.orders = [];
    fake.returns = [];
    fake.online = false;
    fake.sent = [];
    fake.answer = () => ({ status: 'applied', result: null, error: null });
  },
};

const offline = { ok: false as const, status: 0, error: { code: 'internal' as const, message: 'Ingen forbindelse' } };
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });

export const api = {
  staffOrders: async () => ok({ data: fake.orders }),
  recentCustomers: async () => ok({ data: [] }),
  requisitions: async () => ok({ data: [] }),
  getCatalogueSnapshot: async () => offline,
  /** Any other read (the bookings list of the device copy): offline in these screen tests. */
  get: async () => offline,
  sync: async ({ commands }: { commands: SyncCommandEnvelope[] }) => {
    if (!fake.online) return offline;
    fake.sent.push(...commands);
    return ok({ results: commands.map((c) => ({ id: c.id, ...fake.answer(c) })) });
  },
};
export const staffReturns = async () => ok({ data: fake.returns });
export const payGiftCardAtCounter = async () => offline;
