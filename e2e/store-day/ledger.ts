import { expect, test, type APIRequestContext } from '@playwright/test';
import { postWithCsrf } from '../csrf';

export interface ApiCustomer {
  id: string;
  customerNumber: string;
  lastName: string;
  cpr: string | null;
}
export interface ApiPrescription {
  id: string;
  examDate: string;
  entry: { kind: 'glasses' | 'contact-lens' };
}
export interface ApiOrder {
  id: string;
  orderNumber: string;
  prescriptionId: string | null;
  deliveryMethodId: number;
  paymentStatus: string;
  lines: { description: string; quantity: number; subscriptionInterval: string | null }[];
}
export interface ApiBooking {
  id: string;
  status: string;
  attendance: string | null;
  customerId: string | null;
}
export interface ApiStoreOrder {
  orderNumber: string;
  status: string;
}
export interface ApiReturn {
  returnNumber: string;
  orderNumber: string;
  status: string;
  refundTransactionId: string | null;
}
export interface ApiRequisition {
  id: string;
  status: string;
  note: string | null;
  decidedBy: string | null;
}

/** What the API holds, read with the staff session the browser has (the page's request context shares its cookies). */
export class StaffApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly base: string,
  ) {}

  private async get<T>(path: string): Promise<T> {
    const res = await this.request.get(`${this.base}${path}`);
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { data: T }).data;
  }

  /** Every customer the store's staff find by `q` (a name, a phone number …). */
  async customersFound(q: string): Promise<ApiCustomer[]> {
    const res = await postWithCsrf(this.request, `${this.base}/api/staff/customers/search`, { q });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: ApiCustomer[] }).data;
  }

  /** Every customer the store's staff find by this exact CPR number. */
  customersByCpr = (cpr: string) => this.customersFound(cpr.replace('-', ''));

  /** The one customer with this CPR number (fails when there is none or more). */
  async customerByCpr(cpr: string): Promise<ApiCustomer> {
    const found = await this.customersByCpr(cpr);
    expect(found, `customers with CPR ${cpr.slice(0, 6)}-XXXX`).toHaveLength(1);
    return found[0]!;
  }

  prescriptions = (customerId: string) => this.get<ApiPrescription[]>(`/api/staff/customers/${customerId}/prescriptions`);
  orders = (customerId: string) => this.get<ApiOrder[]>(`/api/staff/customers/${customerId}/orders`);
  requisitions = () => this.get<ApiRequisition[]>('/api/staff/requisitions');
  /** The store's bookings of `from` (YYYY-MM-DD) and the week after. */
  bookings = (from: string) => this.get<ApiBooking[]>(`/api/staff/bookings?from=${from}&days=8`);
  /** The store's orders, its own and the web orders collected there. */
  storeOrders = () => this.get<ApiStoreOrder[]>('/api/staff/orders');
  /** The returns the store received. */
  returns = () => this.get<ApiReturn[]>('/api/staff/returns');
}

/** One counter action as the API must end up holding it. */
export interface Recorded {
  /** For the report: "Ny kunde Anne Holm-Kxyz". */
  what: string;
  /** Actions with the same key are the same kind of thing for the same subject: the API must hold exactly as many. */
  key: string;
  /** How many the API holds now (may assert more about them: a wrong state throws). */
  count(api: StaffApi): Promise<number>;
}

/**
 * The day's record: every counter action done through the UI adds what the API must hold
 * afterwards. Each action makes exactly one outbox command, so the record's size is also
 * the number of commands the device must have waiting — and, after closing, sent.
 */
export class DayLedger {
  private readonly actions: Recorded[] = [];

  record(action: Recorded): void {
    this.actions.push(action);
  }

  get size(): number {
    return this.actions.length;
  }

  /** Every recorded action applied exactly once: per key, the API holds as many as were recorded. */
  async verify(api: StaffApi): Promise<void> {
    const byKey = new Map<string, Recorded[]>();
    for (const a of this.actions) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
    for (const [, same] of byKey) {
      await test.step(`applied once: ${same[0]!.what}`, async () => {
        await expect.poll(() => same[0]!.count(api), { message: same[0]!.what }).toBe(same.length);
      });
    }
  }
}
