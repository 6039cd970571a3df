import type { Requisition, SessionUser, requisitionDecisionSchema } from '@optik/shared';
import type { z } from 'zod';
import type { Clock } from '../../deps';
import { badRequest, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/port';
import { C } from '../../collections';

type Decision = z.output<typeof requisitionDecisionSchema>;

export const requisitionMessages = {
  managersOnly: 'Kun butikschefen kan godkende eller afvise rekvisitioner.',
  unknown: 'Rekvisitionen findes ikke i din butik.',
  decided: (status: 'approved' | 'rejected') => `Rekvisitionen er allerede ${status === 'approved' ? 'godkendt' : 'afvist'}.`,
} as const;

/** Company employees' requisitions; a store's manager decides them (SPEC §4, §6). */
export class RequisitionService {
  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
    /** Mails the decision to the company's contact and the employee (company/service.ts). */
    private readonly onDecided: (decided: Requisition) => Promise<void> = async () => {},
  ) {}

  /** The manager's own store's requisitions, undecided first, newest first. */
  async forStore(storeId: string): Promise<Requisition[]> {
    const rows = await this.storage.collection(C.requisitions).find((r) => r.storeId === storeId);
    return rows.sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending') || b.requestedAt.localeCompare(a.requestedAt));
  }

  /** The `requisition.decide` command: managers only, own store only, once. */
  async decide(input: Decision, user: SessionUser): Promise<Requisition> {
    if (user.role !== 'manager') throw new HttpError(403, 'forbidden', requisitionMessages.managersOnly);
    const current = await this.storage.collection(C.requisitions).get(input.requisitionId);
    if (!current || current.storeId !== user.storeId) throw badRequest({ requisitionId: requisitionMessages.unknown });
    const decidedAt = this.clock.now().toISOString();
    let refused: 'approved' | 'rejected' | null = null;
    const updated = await this.storage.collection(C.requisitions).update(input.requisitionId, (r) => {
      if (r.status !== 'pending') {
        refused = r.status;
        return r;
      }
      return { ...r, status: input.decision, note: input.note || null, decidedBy: user.name, decidedAt };
    });
    if (refused) throw new HttpError(409, 'conflict', requisitionMessages.decided(refused));
    await this.onDecided(updated!);
    return updated!;
  }
}
