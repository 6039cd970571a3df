import { createHmac } from 'node:crypto';
import { foldDanish, maskCpr, parseCpr, type Customer, type syncPayloadSchemas } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest } from '../../http/errors';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import { nextNumber } from '../../storage/counter';
import { customersCollection, type CustomerRecord } from './records';
import { CustomerRepository } from './repository';

export const customerMessages = {
  cprTaken: 'Der findes allerede en kunde med dette CPR-nummer.',
} as const;

type CreateCustomer = z.output<(typeof syncPayloadSchemas)['customer.create']>;

/**
 * Customers created by store staff. CPR is validated (DOMAIN.md: a failed check digit needs
 * the staff member's confirmation), stored encrypted, and only ever answered masked.
 */
export class CustomerService {
  private readonly repo: CustomerRepository;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly cprCrypto: FieldCrypto,
    private readonly indexSecret: string,
  ) {
    this.repo = new CustomerRepository(storage);
  }

  private cprIndex(normalized: string): string {
    return createHmac('sha256', this.indexSecret).update(`cpr:${normalized}`).digest('base64url');
  }

  toPublic(record: CustomerRecord): Customer {
    const { cprSealed, cprIndex: _index, ...rest } = record;
    return { ...rest, cpr: cprSealed ? maskCpr(this.cprCrypto.decrypt(cprSealed, record.id)) : null };
  }

  /** One customer as staff see it (CPR masked), for the modules that act on a customer. */
  async get(id: string): Promise<Customer | undefined> {
    const record = await this.repo.get(id);
    return record && this.toPublic(record);
  }

  /**
   * Creating the same customer id twice (a replayed offline command) returns the first one.
   * A CPR already held by a customer is refused by the unique key at insert (never checked
   * first), and the customer number is taken in the same transaction, so a refused customer
   * uses no number.
   */
  async create(input: CreateCustomer, storeId: string): Promise<Customer> {
    const existing = await this.repo.get(input.customerId);
    if (existing) return this.toPublic(existing);
    let cpr: { normalized: string; birthDate: string } | null = null;
    if (input.cpr) {
      const parsed = parseCpr(input.cpr);
      if (!parsed.ok) throw badRequest({ cpr: parsed.message });
      if (parsed.warning && !input.cprCheckDigitConfirmed) throw badRequest({ cpr: parsed.warning });
      cpr = parsed;
    }
    const cprSealed = cpr ? this.cprCrypto.encrypt(cpr.normalized, input.customerId) : null;
    const cprIndex = cpr ? this.cprIndex(cpr.normalized) : null;
    try {
      const saved = await this.storage.transaction(async () => {
        const now = this.clock.now().toISOString();
        return this.repo.insert({
          id: input.customerId,
          customerNumber: `K${await nextNumber(this.storage, 'customer-number', 100001)}`,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email ?? null,
          phone: input.phone,
          street: input.street,
          zip: input.zip,
          city: input.city,
          birthDate: cpr?.birthDate ?? null,
          employeeNumber: input.employeeNumber ?? null,
          reference: input.reference ?? null,
          storeId,
          createdAt: now,
          updatedAt: now,
          version: 1,
          cprSealed,
          cprIndex,
        });
      });
      return this.toPublic(saved);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError) || err.collection !== customersCollection.name) throw err;
      if (err.key === 'cprIndex') throw badRequest({ cpr: customerMessages.cprTaken });
      const first = err.key === 'id' ? await this.repo.get(input.customerId) : undefined;
      if (!first) throw err;
      return this.toPublic(first);
    }
  }

  /**
   * Staff search. CPR only as an exact match; the customer number, e-mail and phone number
   * exactly in every store; name, e-mail, phone or customer number "contains" only among the
   * staff member's own store's customers (never a scan of the whole customer base).
   */
  async search(q: string, storeId: string | null, limit = 20): Promise<Customer[]> {
    const cpr = parseCpr(q);
    if (cpr.ok) {
      const hit = await this.repo.byCprIndex(this.cprIndex(cpr.normalized));
      return hit ? [this.toPublic(hit)] : [];
    }
    const trimmed = q.trim();
    const number = trimmed.toUpperCase();
    const byNumber = await this.repo.byCustomerNumber(/^\d+$/.test(number) ? `K${number}` : number);
    const exact = [
      ...(byNumber ? [byNumber] : []),
      ...(trimmed.includes('@') ? await this.repo.byEmail(trimmed, limit) : []),
      ...(await this.repo.byPhone(trimmed, limit)),
    ];
    const needle = foldDanish(trimmed);
    const digits = q.replace(/\D/g, '');
    const ownStore = storeId ? await this.repo.forStore(storeId) : [];
    const contains = ownStore.filter((c) => {
      const text = foldDanish(`${c.firstName} ${c.lastName} ${c.email ?? ''} ${c.customerNumber}`);
      return text.includes(needle) || (digits.length >= 4 && (c.phone ?? '').includes(digits));
    });
    // Exact matches first, each customer once.
    const hits = [...new Map([...exact, ...contains].map((c) => [c.id, c] as const)).values()].slice(0, limit);
    return hits.map((c) => this.toPublic(c));
  }

  /** This store's customers changed since `since` (all when absent), most recent `limit`, oldest change first. */
  async recentForStore(storeId: string, since?: string, limit = 500): Promise<Customer[]> {
    const newestFirst = await this.repo.forStore(storeId, { from: since, desc: true, limit });
    return newestFirst.reverse().map((c) => this.toPublic(c));
  }
}
