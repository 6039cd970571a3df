import { customerUpdateSchema, foldDanish, maskCpr, parseCpr, type AccessAction, type Customer, type CustomerConflict, type CustomerEditField, type CustomerUpdateResult, type DeviceCustomer, type SessionUser, type syncPayloadSchemas } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import type { FieldCrypto } from '../../crypto/field-crypto';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import { nextNumber } from '../../storage/counter';
import { AccessLogService, type AccessLogCustomers } from '../access-log/service';
import { conflictId, customersCollection, type CustomerConflictRecord, type CustomerRecord } from './records';
import { mergeCustomerEdit, type MergeResult } from './merge';
import { CustomerRepository } from './repository';
import { cprIndexOf } from '../../crypto/keys';

export const customerMessages = {
  cprTaken: 'Der findes allerede en kunde med dette CPR-nummer.',
  otherStore: 'Kunden hører til en anden butik – slå kunden op på CPR eller kundenummer først.',
  idTaken: 'Kunde-id’et er allerede brugt til en anden kunde. Opret kunden igen.',
  notFound: 'Kunden findes ikke.',
} as const;

/** How a store stands to a customer (decision 009). */
export type StoreAccess = 'missing' | 'own' | 'granted' | 'other-store';

/** The staff member acting, as the access log names them. */
type Staff = Pick<SessionUser, 'id' | 'name' | 'storeId'>;

type CreateCustomer = z.output<(typeof syncPayloadSchemas)['customer.create']>;
type UpdateCustomer = z.output<typeof customerUpdateSchema>;

/**
 * A customer.update payload, checked by the shared schema; a bad field's message is answered
 * under the field's own name (`phone`, not `changes.phone.value`), as the edit form names it.
 */
export function parseCustomerUpdate(payload: unknown): UpdateCustomer {
  const parsed = customerUpdateSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, field] = issue.path.map(String);
    fields[head === 'changes' && field ? field : issue.path.join('.') || '_'] ??= issue.message;
  }
  throw badRequest(fields);
}

/**
 * Customers created by store staff. CPR is validated (DOMAIN.md: a failed check digit needs
 * the staff member's confirmation), stored encrypted, and only ever answered masked.
 */
export class CustomerService implements AccessLogCustomers {
  private readonly repo: CustomerRepository;
  private readonly accessLog: AccessLogService;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly cprCrypto: FieldCrypto,
    private readonly indexSecret: string,
    /** Seals the notes and the values of overwritten edits (purpose `customer-personal`). */
    private readonly personalCrypto: FieldCrypto,
  ) {
    this.repo = new CustomerRepository(storage);
    this.accessLog = new AccessLogService(storage, clock);
  }

  private cprIndex(normalized: string): string {
    return cprIndexOf(this.indexSecret, normalized);
  }

  /** The customer as staff see it: CPR masked, notes opened (left out with `notes: false`, for what the sync log keeps). */
  toPublic(record: CustomerRecord, opts: { notes?: boolean } = {}): Customer {
    return this.publicWith(record, this.cprOf(record), opts);
  }

  private cprOf(record: CustomerRecord): string | null {
    return record.cprSealed ? this.cprCrypto.decrypt(record.cprSealed, record.id) : null;
  }

  private publicWith(record: CustomerRecord, cpr: string | null, opts: { notes?: boolean } = {}): Customer {
    const { cprSealed: _sealed, cprIndex: _index, notesSealed: _notes, fieldEdits: _edits, ...rest } = record;
    const masked = cpr ? maskCpr(cpr) : null;
    return opts.notes === false ? { ...rest, cpr: masked } : { ...rest, cpr: masked, notes: this.notesOf(record) };
  }

  private notesOf(record: CustomerRecord): string | null {
    return record.notesSealed ? this.personalCrypto.decrypt(record.notesSealed, record.id) : null;
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
  async create(input: CreateCustomer, storeId: string, by?: Staff): Promise<Customer> {
    const existing = await this.repo.get(input.customerId);
    if (existing) {
      // A replayed command answers what it stored; another store's customer id answers nothing of theirs.
      if (existing.storeId !== storeId) throw new HttpError(409, 'conflict', customerMessages.idTaken);
      return this.toPublic(existing);
    }
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
        const saved = await this.repo.insert({
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
        if (by) await this.recordAccess(by, input.customerId, 'customer.create');
        return saved;
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
   * customer.update (docs/decisions/011): the changed fields merged one by one in the server's
   * order of arrival (merge.ts), in one atomic update of the customer; each value the change
   * overwrote unseen is kept for the staff member who set it, in the same transaction. Another
   * store's customer only once this store opened them (decision 009); logged.
   */
  async update(input: UpdateCustomer, user: Staff, commandId: string): Promise<CustomerUpdateResult> {
    await this.requireStoreAccess(input.customerId, user);
    return this.storage.transaction(async () => {
      const at = this.clock.now().toISOString();
      const writer = { by: user.id, commandId, at };
      // Set by the update's function, which PostgreSQL may run again: only its last run counts.
      const out: { merge?: MergeResult } = {};
      const saved = await this.repo.update(input.customerId, (rec) => {
        const merge = mergeCustomerEdit({ current: this.editableValues(rec), fieldEdits: rec.fieldEdits, changes: input.changes, writer });
        out.merge = merge;
        // The schema lets only e-mail and notes be cleared, so the other values are text.
        const { notes, ...plain } = merge.values as Partial<Pick<CustomerRecord, 'street' | 'zip' | 'city' | 'phone' | 'email'>> & { notes?: string | null };
        if (!Object.keys(merge.values).length) return rec;
        const sealedNotes = notes === undefined ? {} : { notesSealed: notes === null ? null : this.personalCrypto.encrypt(notes, rec.id) };
        return { ...rec, ...plain, ...sealedNotes, fieldEdits: merge.fieldEdits, updatedAt: at, version: rec.version + 1 };
      });
      const merge = out.merge;
      if (!saved || !merge) throw notFound(customerMessages.notFound);
      await this.repo.addConflicts(
        merge.lost.map((l): CustomerConflictRecord => {
          const id = conflictId(commandId, l.field);
          const sealed = this.personalCrypto.encrypt(JSON.stringify({ lost: l.lost, won: l.won }), id);
          return { id, customerId: saved.id, field: l.field, lostBy: l.writer.by, lostCommandId: l.writer.commandId, lostAt: l.writer.at, wonBy: user.id, wonCommandId: commandId, at, sealed };
        }),
      );
      await this.recordAccess(user, saved.id, 'customer.update');
      return { customer: this.toPublic(saved, { notes: false }), fields: merge.outcomes };
    });
  }

  /** The editable fields' current values (notes opened), what a change's base is compared with. */
  private editableValues(rec: CustomerRecord): Record<CustomerEditField, string | null> {
    return { street: rec.street, zip: rec.zip, city: rec.city, phone: rec.phone, email: rec.email, notes: this.notesOf(rec) };
  }

  /** A staff member's edits overwritten at or after `since` (the device copy's cursor), newest first: shown to them on their devices. */
  async conflictsOf(staffId: string, since?: string, limit = 100): Promise<CustomerConflict[]> {
    const rows = await this.repo.conflictsOf(staffId, { from: since, limit });
    return rows.map((r) => {
      const { lost, won } = JSON.parse(this.personalCrypto.decrypt(r.sealed, r.id)) as { lost: string | null; won: string | null };
      return { id: r.id, customerId: r.customerId, field: r.field, mine: lost, winner: won, at: r.at };
    });
  }

  /**
   * Staff search (decision 009). Free text — name, e-mail or phone, a part of any of them, a
   * customer number or part of one — covers only the staff member's own store's customers (its
   * store index). An exact CPR (by the keyed index, never decrypting anyone) or an exact customer
   * number finds a customer of any store: that opens the customer, which is logged, and for
   * another store's customer gives this store access to them from then on.
   * `user` null: a server-side lookup (tools), neither logged nor granting.
   */
  async search(q: string, user: SessionUser | null, limit = 20): Promise<Customer[]> {
    const storeId = user?.storeId ?? null;
    const cpr = parseCpr(q);
    if (cpr.ok) {
      const hit = await this.repo.byCprIndex(this.cprIndex(cpr.normalized));
      return hit ? [this.toPublic(await this.open(hit, user))] : [];
    }
    const trimmed = q.trim();
    const number = trimmed.toUpperCase();
    const byNumber = await this.repo.byCustomerNumber(/^\d+$/.test(number) ? `K${number}` : number);
    const own = (c: CustomerRecord) => storeId !== null && c.storeId === storeId;
    const exact = [
      ...(byNumber ? [await this.open(byNumber, user)] : []),
      // Exact e-mail and phone (as typed in any form) by their indexes, but only this store's customers.
      ...(storeId && trimmed.includes('@') ? (await this.repo.byEmail(trimmed, 100)).filter(own) : []),
      ...(storeId ? (await this.repo.byPhone(trimmed, 100)).filter(own) : []),
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

  /** A customer opened by exact CPR or number: logged, and another store's customer is granted to this store. */
  private async open(record: CustomerRecord, user: SessionUser | null): Promise<CustomerRecord> {
    const storeId = user?.storeId;
    if (!user || !storeId) return record;
    await this.storage.transaction(async () => {
      if (record.storeId !== storeId) {
        await this.repo.addGrant({ storeId, customerId: record.id, grantedAt: this.clock.now().toISOString(), grantedBy: user.id });
      }
      await this.recordAccess(user, record.id, 'customer.lookup');
    });
    return record;
  }

  /** Whether `storeId` may work with the customer: its own, opened by exact lookup (granted), another store's, or no such customer. */
  async accessFor(customerId: string, storeId: string | null): Promise<StoreAccess> {
    const record = await this.repo.get(customerId);
    if (!record) return 'missing';
    if (storeId && record.storeId === storeId) return 'own';
    if (storeId && (await this.repo.grant(storeId, customerId))) return 'granted';
    return 'other-store';
  }

  /** Refuses (403) a store acting for another store's customer it has not opened; a missing customer is left to the caller. */
  async requireStoreAccess(customerId: string, user: Staff): Promise<void> {
    if ((await this.accessFor(customerId, user.storeId)) === 'other-store') throw new HttpError(403, 'forbidden', customerMessages.otherStore);
  }

  /** Writes an access-log entry: `user` did `action` on the customer (decision 009). */
  recordAccess(user: Staff, customerId: string, action: AccessAction): Promise<void> {
    return this.accessLog.record(user, customerId, action);
  }

  /** Names, numbers and home stores of customers by id, for the manager's access log. */
  async summaries(ids: readonly string[]): Promise<Map<string, { name: string; customerNumber: string; storeId: string | null }>> {
    const found = ids.length ? await this.repo.getMany(ids) : [];
    return new Map(found.map((c) => [c.id, { name: `${c.firstName} ${c.lastName}`, customerNumber: c.customerNumber, storeId: c.storeId }]));
  }

  /**
   * The store customer a customer account is: the one with the CPR e-ID gave the account
   * (`sealedCpr`, from its profile, bound to the account id); null when the account has no CPR or
   * no store customer has it. Never by e-mail or name.
   */
  async linkedToAccount(accountId: string, sealedCpr: string | null): Promise<string | null> {
    if (!sealedCpr) return null;
    const cpr = parseCpr(this.cprCrypto.decrypt(sealedCpr, accountId));
    if (!cpr.ok) return null;
    return (await this.repo.byCprIndex(this.cprIndex(cpr.normalized)))?.id ?? null;
  }

  /**
   * The device copy: this store's customers changed since `since` (all when absent), most recent
   * `limit`, oldest change first — each with its full CPR for the device's own blind index, which
   * the device computes and then drops (decision 009). Only this store's own customers, never a
   * granted one; the caller answers it `no-store`.
   */
  async recentForStore(storeId: string, since?: string, limit = 500): Promise<DeviceCustomer[]> {
    const newestFirst = await this.repo.forStore(storeId, { from: since, desc: true, limit });
    return newestFirst.reverse().map((c) => {
      const cpr = this.cprOf(c);
      return { ...this.publicWith(c, cpr), cprForIndex: cpr };
    });
  }
}
