import { copenhagenIsoDate, staffBookingListResponseSchema, type Customer, type DeviceCustomer, type Order, type OrderReturn, type SessionResponse } from '@optik/shared';
import { api, staffReturns } from './api';
import { StoreDb, type LocalCustomer, type LocalOrder, type LocalReturn } from './db/db';
import { openVault } from './db/vault';
import { cprIndexer } from './features/device/cpr-index';
import { createSyncEngine, fromServerReturn, serverCounterFields, type SyncEngine } from './sync/engine';
import { startSyncLoop, type LoopRun } from './sync/loop';
import { mergeRefreshed, storeConflicts } from './features/customers/customer-edits';

export const db = new StoreDb();

let started: Promise<{ engine: SyncEngine; trigger: () => Promise<LoopRun> }> | null = null;

/** The device's sync engine and its loop, started once after a staff login. */
export function syncServices() {
  started ??= (async () => {
    const engine = createSyncEngine({ db, vault: await openVault(db), send: (commands) => api.sync({ commands }) });
    const loop = startSyncLoop(
      engine,
      {
        events: window,
        isVisible: () => document.visibilityState === 'visible',
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (id) => window.clearInterval(id as number),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (id) => window.clearTimeout(id as number),
      },
      // After each run that reached the server: what changed there (payments, other devices) comes down.
      (r) => {
        if (r.stoppedBy.kind !== 'offline' && r.stoppedBy.kind !== 'unauthenticated') void refreshDeviceCopy();
      },
    );
    void refreshCatalogue();
    window.addEventListener('online', () => void refreshCatalogue());
    return { engine, trigger: loop.trigger };
  })();
  return started;
}

export const CATALOGUE_VERSION_KEY = 'catalogue-version';
export const CATALOGUE_FETCHED_KEY = 'catalogue-fetched-at';

/** Fetches what changed in the catalogue since the device's version; offline, the copy stays as it was. */
export async function refreshCatalogue(): Promise<boolean> {
  const since = ((await db.meta.get(CATALOGUE_VERSION_KEY))?.value as number | undefined) ?? 0;
  const r = await api.getCatalogueSnapshot(since);
  if (!r.ok) return false;
  await db.transaction('rw', [db.catalogue, db.meta], async () => {
    await db.catalogue.bulkPut(r.data.articles);
    await db.meta.put({ key: CATALOGUE_VERSION_KEY, value: r.data.version });
    await db.meta.put({ key: CATALOGUE_FETCHED_KEY, value: new Date().toISOString() });
  });
  return true;
}

// Renamed when the copy began carrying the CPR blind index: a device fetches its store's customers once more to index them.
const CUSTOMERS_SINCE_KEY = 'customers-indexed-since';
const ORDERS_SINCE_KEY = 'orders-since';
let refreshing: Promise<void> | null = null;
let rerun: Promise<void> | null = null;

/**
 * Customers, orders (payment state) and — for managers — requisitions, each since the device last
 * looked. One run at a time; asked while one runs, one more run follows it (what changed on the
 * server after the running one began — e.g. during "Synkronisér nu" — is not missed), and every
 * caller in between waits for that one.
 */
export function refreshDeviceCopy(): Promise<void> {
  if (refreshing) {
    rerun ??= refreshing.catch(() => undefined).then(() => ((rerun = null), refreshDeviceCopy()));
    return rerun;
  }
  refreshing = (async () => {
    try {
      await refreshCustomers();
      await refreshOrders();
      await refreshBookings();
      await refreshReturns();
      const session = await offlineSession();
      if (session?.user.role === 'manager') await refreshRequisitions();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const since = async (key: string) => (await db.meta.get(key))?.value as string | undefined;
const newest = (rows: { updatedAt?: string; createdAt: string }[]) => rows.reduce((m, r) => ((r.updatedAt ?? r.createdAt) > m ? (r.updatedAt ?? r.createdAt) : m), '');

/**
 * Only this store's recent customers come down (never the whole customer base); local unsynced
 * edits win, field by field. Each comes with its full CPR, which is turned into the device's blind
 * index here and dropped: only the masked CPR and the index are stored (decision 009). The
 * signed-in staff member's overwritten edits come with them (decision 011).
 */
export async function refreshCustomers(): Promise<boolean> {
  const r = await api.recentCustomers(await since(CUSTOMERS_SINCE_KEY));
  if (!r.ok) return false;
  const indexOf = await cprIndexer(db);
  // Computed before the transaction: IndexedDB transactions end at an await on anything else.
  const rows = await Promise.all(r.data.data.map(async (c) => toLocalCustomer(c, await indexOf(c.cprForIndex))));
  await db.transaction('rw', [db.customers, db.customerConflicts, db.meta], async () => {
    for (const c of rows) {
      const merged = mergeRefreshed(await db.customers.get(c.id), c);
      if (merged) await db.customers.put(merged);
    }
    await storeConflicts(db, r.data.conflicts ?? []);
    if (r.data.data.length) await db.meta.put({ key: CUSTOMERS_SINCE_KEY, value: newest(r.data.data) });
  });
  return true;
}

/** A server customer as the device keeps it: the CPR only masked, as the server sent it, and the device's blind index of it; a full CPR sent along is dropped. */
export function toLocalCustomer({ cpr, cprForIndex: _dropped, ...c }: Customer & Partial<Pick<DeviceCustomer, 'cprForIndex'>>, cprIndex: string | null = null): LocalCustomer {
  return { ...c, cprMasked: cpr, cprIndex, syncState: 'synced' };
}

/**
 * The store's orders changed on the server — its own and web orders collected here: numbers,
 * totals, payment state (paid by link) and status. A status step made here and not yet applied
 * stays as the device has it.
 */
export async function refreshOrders(): Promise<boolean> {
  const r = await api.staffOrders(await since(ORDERS_SINCE_KEY));
  if (!r.ok) return false;
  await db.transaction('rw', [db.orders, db.meta], async () => {
    for (const o of r.data.data) {
      const local = await db.orders.get(o.id);
      const server = toLocalOrder(o, local?.customerId ?? o.customerId ?? '');
      if (!local) await db.orders.put(server);
      else {
        const { orderNumber, totalPrice, paymentStatus, paidAt, giftCardAmount, status, createdBy, pickupStoreId, contactName, updatedAt } = server;
        await db.orders.update(o.id, { orderNumber, totalPrice, paymentStatus, paidAt, giftCardAmount, createdBy, pickupStoreId, contactName, ...(local.syncState === 'synced' ? { status, updatedAt } : {}) });
      }
    }
    if (r.data.data.length) await db.meta.put({ key: ORDERS_SINCE_KEY, value: newest(r.data.data) });
  });
  return true;
}

/**
 * A customer opened on this device: their prescriptions (sealed with the device key, like those
 * entered here) and this store's orders for them come down, so staff can order offline later.
 */
export async function refreshCustomerRecords(customerId: string): Promise<boolean> {
  const [rx, orders] = await Promise.all([api.customerPrescriptions(customerId), api.customerOrders(customerId)]);
  if (!rx.ok || !orders.ok) return false;
  const vault = await openVault(db);
  const sealed = await Promise.all(rx.data.data.map(async (p) => ({ p, sealed: await vault.seal(p.entry) })));
  await db.transaction('rw', [db.prescriptions, db.orders], async () => {
    for (const { p, sealed: s } of sealed) {
      if (await db.prescriptions.get(p.id)) continue;
      await db.prescriptions.put({ id: p.id, customerId, kind: p.entry.kind, examDate: p.examDate, sealed: s, createdAt: p.createdAt, syncState: 'synced' });
    }
    // The linked web account's orders are shown online on the customer page (linked-account.tsx), never kept as this store's.
    for (const o of orders.data.data) if (o.createdBy === 'store' && !(await db.orders.get(o.id))) await db.orders.put(toLocalOrder(o, customerId));
  });
  return true;
}

function toLocalOrder(o: Order, customerId: string): LocalOrder {
  return {
    id: o.id,
    customerId,
    orderNumber: o.orderNumber,
    lines: o.lines.map((l) => ({ skuId: l.skuId, description: l.description, quantity: l.quantity, subscriptionInterval: l.subscriptionInterval, unitPrice: l.unitPrice })),
    deliveryMethodId: o.deliveryMethodId === 119 ? 119 : 101,
    totalPrice: o.totalPrice,
    paymentStatus: o.paymentStatus,
    paidAt: o.paidAt,
    giftCardAmount: o.giftCardAmount,
    status: o.status,
    createdBy: o.createdBy,
    pickupStoreId: o.pickupStoreId,
    contactName: o.contact ? `${o.contact.firstName} ${o.contact.lastName}` : null,
    updatedAt: o.updatedAt ?? o.createdAt,
    createdAt: o.createdAt,
    syncState: 'synced',
  };
}

/** The returns this store received (every device's); one received or approved here and not yet applied stays as the device has it. */
export async function refreshReturns(): Promise<boolean> {
  const r = await staffReturns();
  if (!r.ok) return false;
  await db.transaction('rw', [db.returns, db.orders], async () => {
    for (const ret of r.data.data) {
      const local = await db.returns.get(ret.id);
      if (local?.syncState === 'pending' || local?.syncState === 'failed') continue;
      await db.returns.put(await toLocalReturn(ret, local));
    }
  });
  return true;
}

async function toLocalReturn(r: OrderReturn, local: LocalReturn | undefined): Promise<LocalReturn> {
  const order = await db.orders.get(r.orderId);
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    lines: r.lines.map((l) => ({ skuId: order?.lines[l.lineIndex]?.skuId ?? '', description: l.description, quantity: l.quantity })),
    reason: r.reason,
    createdAt: local?.createdAt ?? r.createdAt,
    ...fromServerReturn(r),
    syncState: null,
  };
}

/** The manager's requisitions; decisions still on their way (or rejected) stay as the device has them. */
export async function refreshRequisitions(): Promise<boolean> {
  const r = await api.requisitions();
  if (!r.ok) return false;
  await db.transaction('rw', [db.requisitions], async () => {
    for (const q of r.data.data) {
      const local = await db.requisitions.get(q.id);
      if (local?.syncState) continue;
      await db.requisitions.put({ ...q, syncState: null });
    }
  });
  return true;
}

/** Days of bookings on the device: today and the coming week. */
export const BOOKING_DAYS = 8;

/**
 * This store's bookings for today and the coming week (the API answers only the staff member's
 * store). The device copy is that answer: bookings no longer in it go, except those with a change
 * made here still on its way, whose shown state wins (the server's state is kept as their baseline).
 */
export async function refreshBookings(today = copenhagenIsoDate(new Date())): Promise<boolean> {
  const r = await api.get(staffBookingListResponseSchema, `/api/staff/bookings?from=${today}&days=${BOOKING_DAYS}`);
  if (!r.ok) return false;
  await db.transaction('rw', [db.bookings], async () => {
    const seen = new Set<string>();
    for (const b of r.data.data) {
      seen.add(b.id);
      const server = serverCounterFields(b);
      const local = await db.bookings.get(b.id);
      if (local?.syncState) await db.bookings.update(b.id, { server });
      else await db.bookings.put({ ...b, server, syncState: null });
    }
    await db.bookings.filter((b) => !seen.has(b.id) && !b.syncState).delete();
  });
  return true;
}

const SESSION_KEY = 'offline-session';

/**
 * After one online login the session is kept on the device, so staff keep working with the
 * network cut — until the session's own expiry, after which an online login is needed again.
 */
export async function rememberSession(session: SessionResponse | null): Promise<void> {
  if (session) await db.meta.put({ key: SESSION_KEY, value: session });
  else await db.meta.delete(SESSION_KEY);
}

export async function offlineSession(now = Date.now()): Promise<SessionResponse | null> {
  const s = (await db.meta.get(SESSION_KEY))?.value as SessionResponse | undefined;
  return s && Date.parse(s.expiresAt) > now ? s : null;
}
