import Dexie, { type EntityTable } from 'dexie';
import type { Article, Booking, Customer, CustomerEditField, Order, PaymentChannel, Requisition, SyncResult } from '@optik/shared';

/** Sensitive data sealed with the device key (vault.ts): AES-GCM, fresh 96-bit IV, base64 fields. */
export interface Sealed {
  iv: string;
  data: string;
}

/** Where a local record stands with the server; screens show it from this union. */
export type SyncState = 'pending' | 'synced' | 'failed';

export type LocalCustomer = Omit<Customer, 'customerNumber' | 'cpr'> & {
  customerNumber: string | null;
  /** Masked (DDMMYY-XXXX); the full CPR only travels inside the encrypted outbox payload. */
  cprMasked: string | null;
  /** Keyed blind index of the full CPR (HMAC with a device-held key): finds a customer by exact CPR offline, never the CPR in clear. */
  cprIndex?: string | null;
  /**
   * Fields changed here that the server has not confirmed yet (customer.update, decision 010): the
   * value the server is known to have (`base`). A refreshed copy leaves these fields as the device
   * has them; a discarded change puts `base` back.
   */
  localEdits?: Partial<Record<CustomerEditField, { base: string | null }>>;
  syncState: SyncState;
};

/** A booking of this store (today and the coming week) as the device last saw it, with what staff did to it here. */
export type LocalBooking = Booking & {
  /** Contact data the booking was made with (for check-in); absent when the server sent none. */
  contact?: { firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  /** Counter state set here or by the server: checked in, no-show. */
  attendance?: 'checked-in' | 'no-show' | null;
  /** When the customer was checked in or marked as a no-show. */
  attendanceAt?: string | null;
  /** Requisition (company) bookings: the employer and its reference. */
  companyName?: string | null;
  reference?: string | null;
  /** The counter fields as the server last sent them: what a discarded change made here is undone to. */
  server?: Pick<LocalBooking, 'status' | 'confirmationState' | 'customerId'> & { attendance: 'checked-in' | 'no-show' | null; attendanceAt: string | null };
  /** null: as the server has it; otherwise a change made on this device on its way. */
  syncState: SyncState | null;
};

/** A return received at this store's counter (or sent to it), with the lines and reason staff picked. */
export interface LocalReturn {
  id: string;
  orderId: string;
  orderNumber: string | null;
  /** The server's return number once it knows the return. */
  returnNumber: string | null;
  lines: { skuId: string; description: string; quantity: number }[];
  reason: string;
  status: 'received' | 'confirmed' | 'refunded' | 'rejected';
  refundAmount: number | null;
  createdAt: string;
  syncState: SyncState | null;
}

/** A field this device changed on a customer that lost to a later change from another device (shown to the staff who lost). */
export interface LocalCustomerConflict {
  id: string;
  customerId: string;
  field: string;
  /** The value typed on this device, and the value that won (personal data: kept on the device only until dismissed). */
  mine: string | null;
  winner: string | null;
  at: string;
  dismissedAt: string | null;
}

/** A prescription on the device: the values (health data) only sealed with the device key. */
export interface LocalPrescription {
  id: string;
  customerId: string;
  kind: 'glasses' | 'contact-lens';
  examDate: string;
  sealed: Sealed;
  createdAt: string;
  syncState: SyncState;
}

/** An order made on the device; prices are the device catalogue's until the server answers with its own. */
export interface LocalOrder {
  id: string;
  customerId: string;
  orderNumber: string | null;
  lines: { skuId: string; description: string; quantity: number; subscriptionInterval: 'm1' | 'm2' | 'm3' | 'm6' | null; unitPrice: number }[];
  deliveryMethodId: 101 | 119;
  totalPrice: number;
  paymentStatus: 'awaiting-payment' | 'paid' | 'failed' | 'refunded';
  /** Set from the server when the customer has paid (pay-by-link, gift card at the counter). */
  paidAt?: string | null;
  /** Paid with gift cards so far (from the server); the rest is paid through a payment request. */
  giftCardAmount?: number;
  /** SPEC §4 lifecycle as the server (or a status change made here) has it; absent on orders from before v7. */
  status?: Order['status'];
  /** Web orders collected in this store appear here too. */
  createdBy?: Order['createdBy'];
  pickupStoreId?: string | null;
  /** A web order's customer as they ordered (store orders name their customer through `customerId`). */
  contactName?: string | null;
  updatedAt?: string;
  createdAt: string;
  syncState: SyncState;
}

/** A payment request staff sent for an order; `sentTo` (masked) comes back from the server. */
export interface LocalPaymentRequest {
  id: string;
  orderId: string;
  channel: PaymentChannel;
  sentTo: string | null;
  createdAt: string;
  syncState: SyncState;
}

/** A requisition of the manager's store; `syncState` is set while a decision made here is on its way (null: as the server has it). */
export type LocalRequisition = Requisition & { syncState: SyncState | null };

export type EntityRef = { table: 'customers' | 'prescriptions' | 'orders' | 'paymentRequests' | 'requisitions' | 'bookings' | 'returns'; id: string };

export interface OutboxRow {
  /** Auto-increment: the order commands were made in, and are sent in. */
  seq?: number;
  /** Client-generated command id — the server's idempotency key. */
  id: string;
  type: string;
  createdAt: string;
  /** The command's payload without its personal data … */
  payload: unknown;
  /** … which is kept here, encrypted with the device key, and merged in only when sending. */
  sealed?: Sealed | null;
  /** The local record this command writes, so its sync state can follow the command. */
  entity: EntityRef | null;
  /** Commands that must be applied first (e.g. the customer an order is for). */
  dependsOn: string[];
  status: 'pending' | 'sent' | 'rejected' | 'discarded';
  attempts: number;
  /** Epoch ms before which the engine does not retry (backoff). */
  nextAttemptAt: number;
  error: SyncResult['error'];
  sentAt: string | null;
}

export interface SyncLogRow {
  seq?: number;
  at: string;
  commandId: string | null;
  kind: 'sent' | 'rejected' | 'discarded' | 'resent' | 'retry';
  message: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * The store app's device database. Version history is kept: each version's stores and
 * upgrade stay here so a tablet that skipped releases migrates step by step, and queued
 * commands in the outbox survive every upgrade.
 */
export class StoreDb extends Dexie {
  /** Every table a local change can write, for transactions that write a change with its command. */
  get entityTables() {
    return [this.customers, this.prescriptions, this.orders, this.paymentRequests, this.requisitions, this.bookings, this.returns];
  }

  catalogue!: EntityTable<Article, 'id'>;
  customers!: EntityTable<LocalCustomer, 'id'>;
  prescriptions!: EntityTable<LocalPrescription, 'id'>;
  orders!: EntityTable<LocalOrder, 'id'>;
  paymentRequests!: EntityTable<LocalPaymentRequest, 'id'>;
  requisitions!: EntityTable<LocalRequisition, 'id'>;
  bookings!: EntityTable<LocalBooking, 'id'>;
  returns!: EntityTable<LocalReturn, 'id'>;
  customerConflicts!: EntityTable<LocalCustomerConflict, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  syncLog!: EntityTable<SyncLogRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'optik-store') {
    super(name);
    // v1 (first release): outbox rows had no dependency list.
    this.version(1).stores({
      catalogue: 'id, slug, category, *routes',
      customers: 'id, customerNumber, lastName, phone, email, syncState',
      outbox: '++seq, &id, status',
      syncLog: '++seq, at',
      meta: 'key',
    });
    // v2: commands can depend on others; old rows get an empty list and stay queued.
    this.version(2)
      .stores({ outbox: '++seq, &id, status, *dependsOn', syncLog: '++seq, at, kind, commandId' })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((row: Partial<OutboxRow>) => {
            row.dependsOn ??= [];
            row.attempts ??= 0;
            row.nextAttemptAt ??= 0;
          }),
      );
    // v3: prescriptions on the device.
    this.version(3).stores({ prescriptions: 'id, customerId, syncState' });
    // v4: orders on the device.
    this.version(4).stores({ orders: 'id, customerId, syncState' });
    // v5: payment requests per order, and the manager's requisitions.
    this.version(5).stores({ paymentRequests: 'id, orderId, syncState', requisitions: 'id, status' });
    // v6: pending commands in order without reading the whole outbox (sync/engine.ts nextBatch).
    this.version(6).stores({ outbox: '++seq, &id, status, *dependsOn, [status+seq]' });
    // v7 (the counter day): bookings, returns, lost customer edits; orders by status and number; customers by CPR blind index.
    this.version(7).stores({
      customers: 'id, customerNumber, lastName, phone, email, syncState, cprIndex',
      orders: 'id, customerId, syncState, status, orderNumber',
      bookings: 'id, start, status, customerId',
      returns: 'id, orderId, createdAt, syncState',
      customerConflicts: 'id, customerId, dismissedAt',
    });
  }
}
