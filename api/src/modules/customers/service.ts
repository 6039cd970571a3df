import { createHmac } from 'node:crypto';
import { foldDanish, maskCpr, parseCpr, type Customer, type syncPayloadSchemas } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest } from '../../http/errors';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import type { CustomerRecord } from './records';
import { nextNumber } from '../../storage/counter';
import { C } from '../../collections';

type CreateCustomer = z.output<(typeof syncPayloadSchemas)['customer.create']>;

/**
 * Customers created by store staff. CPR is validated (DOMAIN.md: a failed check digit needs
 * the staff member's confirmation), stored encrypted, and only ever answered masked.
 */
export class CustomerService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly cprCrypto: FieldCrypto,
    private readonly indexSecret: string,
  ) {}

  private get customers() {
    return this.storage.collection(C.customers);
  }

  private cprIndex(normalized: string): string {
    return createHmac('sha256', this.indexSecret).update(`cpr:${normalized}`).digest('base64url');
  }

  toPublic(record: CustomerRecord): Customer {
    const { cprSealed, cprIndex: _index, ...rest } = record;
    return { ...rest, cpr: cprSealed ? maskCpr(this.cprCrypto.decrypt(cprSealed, record.id)) : null };
  }

  /** Creating the same customer id twice (a replayed offline command) returns the first one. */
  async create(input: CreateCustomer, storeId: string): Promise<Customer> {
    const existing = await this.customers.get(input.customerId);
    if (existing) return this.toPublic(existing);
    let cpr: { normalized: string; birthDate: string } | null = null;
    if (input.cpr) {
      const parsed = parseCpr(input.cpr);
      if (!parsed.ok) throw badRequest({ cpr: parsed.message });
      if (parsed.warning && !input.cprCheckDigitConfirmed) throw badRequest({ cpr: parsed.warning });
      cpr = parsed;
    }
    const index = cpr ? this.cprIndex(cpr.normalized) : null;
    if (index && (await this.customers.findOne((c) => c.cprIndex === index))) {
      throw badRequest({ cpr: 'Der findes allerede en kunde med dette CPR-nummer.' });
    }
    const now = this.clock.now().toISOString();
    const record: CustomerRecord = {
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
      cprSealed: cpr ? this.cprCrypto.encrypt(cpr.normalized, input.customerId) : null,
      cprIndex: index,
    };
    try {
      return this.toPublic(await this.customers.insert(record));
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      return this.toPublic((await this.customers.get(input.customerId))!);
    }
  }

  /** Name, phone, e-mail or customer number by contains; CPR only as an exact match. */
  async search(q: string, limit = 20): Promise<Customer[]> {
    const cpr = parseCpr(q);
    if (cpr.ok) {
      const index = this.cprIndex(cpr.normalized);
      return (await this.customers.find((c) => c.cprIndex === index)).map((c) => this.toPublic(c));
    }
    const needle = foldDanish(q.trim());
    const digits = q.replace(/\D/g, '');
    const hits = await this.customers.find((c) => {
      const text = foldDanish(`${c.firstName} ${c.lastName} ${c.email ?? ''} ${c.customerNumber}`);
      return text.includes(needle) || (digits.length >= 4 && (c.phone ?? '').includes(digits));
    });
    return hits.slice(0, limit).map((c) => this.toPublic(c));
  }

  /** This store's customers changed since `since` (all when absent), most recent `limit`, oldest change first. */
  async recentForStore(storeId: string, since?: string, limit = 500): Promise<Customer[]> {
    const rows = await this.customers.find((c) => c.storeId === storeId && (!since || c.updatedAt >= since));
    return rows
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, limit)
      .reverse()
      .map((c) => this.toPublic(c));
  }

}
