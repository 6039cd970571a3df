import type { Requisition, SessionUser, requisitionDecisionSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import { RequisitionRepository } from './repository';

type Decision = z.output<typeof requisitionDecisionSchema>;

export const requisitionMessages = {
  managersOnly: 'Kun butikschefen kan godkende eller afvise rekvisitioner.',
  unknown: 'Rekvisitionen findes ikke i din butik.',
  decided: (status: 'approved' | 'rejected') => `Rekvisitionen er allerede ${status === 'approved' ? 'godkendt' : 'afvist'}.`,
} as const;

/** Company employees' requisitions; a store's manager decides them (SPEC §4, §6). */
export class RequisitionService {
  private readonly repo: RequisitionRepository;

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    /** Mails the decision to the company's contact and the employee (company/service.ts). */
    private readonly onDecided: (decided: Requisition) => Promise<void> = async () => {},
  ) {
    this.repo = new RequisitionRepository(storage);
  }

  /** One requisition (the company module checks an employee's pending ones). */
  get(id: string): Promise<Requisition | undefined> {
    return this.repo.get(id);
  }

  /** A new requisition for a store's manager to decide (the company module's employee request); DuplicateKeyError when its id is taken. */
  add(requisition: Requisition): Promise<Requisition> {
    return this.repo.insert(requisition);
  }

  /** The manager's own store's requisitions, undecided first, newest first. */
  async forStore(storeId: string): Promise<Requisition[]> {
    const newestFirst = await this.repo.forStore(storeId);
    // A stable sort keeps the index's newest-first order within each group.
    return newestFirst.sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending'));
  }

  /**
   * The `requisition.decide` command: managers only, own store only, once. The decision is
   * mailed only after it is committed (never for a decision that is rolled back).
   */
  async decide(input: Decision, user: SessionUser): Promise<Requisition> {
    if (user.role !== 'manager') throw new HttpError(403, 'forbidden', requisitionMessages.managersOnly);
    return this.storage.transaction(async () => {
      const current = await this.repo.get(input.requisitionId);
      if (!current || current.storeId !== user.storeId) throw badRequest({ requisitionId: requisitionMessages.unknown });
      if (current.status !== 'pending') throw new HttpError(409, 'conflict', requisitionMessages.decided(current.status));
      const decidedAt = this.clock.now().toISOString();
      const updated = (await this.repo.update(input.requisitionId, (r) => ({ ...r, status: input.decision, note: input.note || null, decidedBy: user.name, decidedAt })))!;
      this.storage.afterCommit(() => this.onDecided(updated));
      return updated;
    });
  }
}
