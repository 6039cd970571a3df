import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import {
  companyPrice,
  contractAction,
  copenhagenIsoDate,
  eyeHealthDayDateErrors,
  normalizeEmployeeNumber,
  requisitionCover,
  routes,
  type CompanyAgreement,
  type CompanyContractAnswers,
  type CompanyRegistryEntry,
  type ContractAction,
  type ContractView,
  type EmployeeRequisition,
  type EyeHealthDay,
  type Requisition,
  type companyLookupQuerySchema,
  type employeeRequisitionRequestSchema,
  type eyeHealthDayRequestSchema,
} from '@optik/shared';
import type { z } from 'zod/mini';
import type { AppConfig, Clock } from '../../deps';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { hashToken, newId } from '../../http/identity';
import type { CompanyRegistry } from '../../ports/company-registry';
import type { Mailer, MailMessage } from '../../ports/mail';
import { DuplicateKeyError, type Storage } from '../../storage/port';
import type { CatalogueService } from '../catalogue/service';
import type { RequisitionService } from '../requisitions/service';
import { renderContractDocument } from './document';
import { linkExpiry, signLinkExpiry, viewLinkExpiry } from './links';
import { companyMails, companyMessages as msg } from './messages';
import type { CompanyContractRecord } from './records';
import { CompanyRepository } from './repository';
import { shopUrl } from '../../http/public-url';

type EyeHealthDayInput = z.output<typeof eyeHealthDayRequestSchema>;
type RequisitionInput = z.output<typeof employeeRequisitionRequestSchema>;
export type LinkPurpose = 'sign' | 'view';

/**
 * A link's token is an HMAC of the agreement id and its purpose (the signing party's link, or the
 * contact's read-only one), so a lost mail can be sent again with the same link; only its hash is
 * stored, with the link's expiry (links.ts). It travels in the URL fragment (`#t=`) and request
 * bodies only, never in a query string.
 */
export function contractLinkToken(secret: string, id: string, purpose: LinkPurpose): string {
  return createHmac('sha256', secret).update(`company-${purpose}:${id}`).digest('base64url');
}

/** The comparison of a typed signature with the name in the agreement: case, accents' form and spacing do not count. */
const sameName = (a: string, b: string) => a.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() === b.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The company flow (SPEC §1, §2 /b2b/*, §3, §4): registry lookup, agreements from the wizard,
 * signing and termination by the signing party's link, eye-health-day requests and employees'
 * e-requisitions, and the decision mails when a store manager decides a requisition.
 */
export interface CompanyDeps {
  storage: Storage;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  registry: CompanyRegistry;
  logger: Logger;
  /** The stores requisitions go to. */
  catalogue: Pick<CatalogueService, 'store'>;
  /** The store managers' requisitions an e-requisition becomes (modules/requisitions). */
  requisitions: Pick<RequisitionService, 'get' | 'add'>;
}

export class CompanyService {
  private readonly repo: CompanyRepository;
  private readonly storage: Storage;
  private readonly clock: Clock;
  private readonly config: AppConfig;
  private readonly mailer: Mailer;
  private readonly registry: CompanyRegistry;
  private readonly logger: Logger;
  private readonly catalogue: CompanyDeps['catalogue'];
  private readonly requisitions: CompanyDeps['requisitions'];

  constructor(deps: CompanyDeps) {
    ({ storage: this.storage, clock: this.clock, config: this.config, mailer: this.mailer, registry: this.registry, logger: this.logger, catalogue: this.catalogue, requisitions: this.requisitions } = deps);
    this.repo = new CompanyRepository(deps.storage);
  }

  private token(id: string, purpose: LinkPurpose): string {
    return contractLinkToken(this.config.secret, id, purpose);
  }

  private url(path: string): string {
    return `${shopUrl(this.config)}${path}`;
  }

  /** The mailed link: the token in the fragment, which browsers never send to a server. */
  private link(id: string, purpose: LinkPurpose): string {
    return this.url(`${routes.signCompanyAgreement}#t=${this.token(id, purpose)}`);
  }

  /** SPEC §8 "organisation not found" when the registry has no such company. */
  async lookup(query: z.output<typeof companyLookupQuerySchema>): Promise<CompanyRegistryEntry> {
    const company = await this.registry.lookup(query.cvr);
    if (!company) throw new HttpError(404, 'not_found', msg.organisationNotFound);
    return company;
  }

  private async registered(organisationNumber: string): Promise<CompanyRegistryEntry> {
    const company = await this.registry.lookup(organisationNumber);
    if (!company) throw badRequest({ organisationNumber: msg.organisationNotFound });
    return company;
  }

  /**
   * The wizard's agreement: stored as Created with its price fixed, mailed to the signing party and
   * the contact. It replaces the company's earlier unsigned agreements: their links stop working
   * (410) in the same transaction as the new one is stored.
   */
  async createContract(answers: CompanyContractAnswers): Promise<CompanyAgreement> {
    const company = await this.registered(answers.organisationNumber);
    const id = `co-${newId(9)}`;
    const agreement: CompanyAgreement = {
      ...answers,
      id,
      organisationNumber: company.organisationNumber,
      companyName: company.name,
      companyAddress: { street: company.street, zip: company.zip, city: company.city },
      price: companyPrice(answers),
      status: 'Created',
      createdAt: this.clock.now().toISOString(),
      signedBy: null,
      signedAt: null,
      terminatedAt: null,
    };
    const record: CompanyContractRecord = {
      ...agreement,
      signTokenHash: hashToken(this.token(id, 'sign')),
      viewTokenHash: hashToken(this.token(id, 'view')),
      signLinkExpiresAt: signLinkExpiry(agreement),
      viewLinkExpiresAt: viewLinkExpiry(agreement.createdAt),
      replacedBy: null,
    };
    await this.storage.transaction(async () => {
      for (const old of await this.repo.pendingContractsOf(agreement.organisationNumber)) {
        // Only while still unsigned: one signed meanwhile keeps its links.
        await this.repo.updateContract(old.id, (c) => (c.status === 'Created' && !c.replacedBy ? { ...c, replacedBy: id } : c));
      }
      await this.repo.insertContract(record);
    });
    await this.mailer.send(companyMails.signRequest(agreement, this.link(id, 'sign'), record.signLinkExpiresAt!));
    await this.mailer.send(companyMails.created(agreement, this.link(id, 'view'), record.viewLinkExpiresAt!));
    return agreement;
  }

  /** Why a link of this agreement no longer opens it (410), or null while it works. */
  private refusal(record: CompanyContractRecord, role: 'signer' | 'viewer'): HttpError | null {
    if (record.replacedBy) return new HttpError(410, 'gone', msg.linkReplaced);
    if (this.clock.now().getTime() >= Date.parse(linkExpiry(record, role))) {
      return new HttpError(410, 'gone', role === 'signer' && record.status === 'Created' ? msg.signLinkExpired : msg.linkExpired);
    }
    return null;
  }

  /** The agreement and role a link opens; unknown → 404, expired or replaced → 410. */
  private async open(token: string): Promise<{ record: CompanyContractRecord; role: 'signer' | 'viewer' }> {
    const hash = hashToken(token);
    const record = await this.repo.contractByTokenHash(hash);
    if (!record) throw new HttpError(404, 'not_found', msg.unknownLink);
    const role = record.signTokenHash === hash ? 'signer' : 'viewer';
    const refused = this.refusal(record, role);
    if (refused) throw refused;
    return { record, role };
  }

  private view(record: CompanyContractRecord, role: 'signer' | 'viewer'): ContractView {
    const { signTokenHash: _s, viewTokenHash: _v, signLinkExpiresAt: _se, viewLinkExpiresAt: _ve, replacedBy: _r, ...contract } = record;
    return { contract, role, documentPath: `/api/company/contracts/${encodeURIComponent(record.id)}/document`, linkExpiresAt: linkExpiry(record, role) };
  }

  /** What a mailed link opens (SPEC §2 /b2b/underskrive-kontrakt). */
  async lookupByToken(token: string): Promise<ContractView> {
    const { record, role } = await this.open(token);
    return this.view(record, role);
  }

  /** The printable contract (a standalone HTML page); the token must belong to this agreement. */
  async document(id: string, token: string): Promise<{ html: string }> {
    const { record } = await this.open(token);
    if (record.id !== id) throw notFound(msg.unknownLink);
    return { html: renderContractDocument(record) };
  }

  /** Moves the agreement by the domain's state machine; only the signing party's link may. */
  private async act(token: string, action: ContractAction, change: (c: CompanyContractRecord) => Partial<CompanyContractRecord>): Promise<CompanyContractRecord> {
    const { record, role } = await this.open(token);
    if (role !== 'signer') throw new HttpError(403, 'forbidden', msg.viewerCannotAct);
    let refusal: HttpError | null = null;
    let updated: CompanyContractRecord | undefined;
    try {
      updated = await this.repo.updateContract(record.id, (c) => {
        // Checked again on the stored record: a newer agreement may have replaced it since it was opened.
        refusal = this.refusal(c, 'signer');
        const step = contractAction(c.status, action);
        if (!refusal && !step.ok) refusal = new HttpError(409, 'conflict', step.message);
        if (refusal || !step.ok) return c;
        const next = { ...c, ...change(c), status: step.to };
        return { ...next, signLinkExpiresAt: signLinkExpiry(next) };
      });
    } catch (err) {
      // One active agreement per company (a unique key): another of its agreements was signed first.
      if (err instanceof DuplicateKeyError && err.key === 'activeOrganisation') throw new HttpError(409, 'conflict', msg.alreadyActive);
      throw err;
    }
    if (refusal) throw refusal;
    return updated!;
  }

  /** The signing party types their name and consents: Created → Active; the contact and signer get a confirmation. */
  async sign(input: { token: string; name: string }): Promise<ContractView> {
    const { record, role } = await this.open(input.token);
    if (role !== 'signer') throw new HttpError(403, 'forbidden', msg.viewerCannotAct);
    if (record.status === 'Created' && !sameName(input.name, record.signingParty.name)) throw badRequest({ name: msg.nameMismatch(record.signingParty.name) });
    // One active agreement per company: requisitions find the agreement by CVR (the storage's unique key `activeOrganisation` holds it when two are signed at once).
    const active = await this.repo.activeContractOf(record.organisationNumber);
    if (active && active.id !== record.id && record.status === 'Created') throw new HttpError(409, 'conflict', msg.alreadyActive);
    const now = this.clock.now().toISOString();
    // The confirmation mails the contact's link again: it works 90 days from this mail.
    const signed = await this.act(input.token, 'sign', () => ({ signedBy: input.name.trim().replace(/\s+/g, ' '), signedAt: now, viewLinkExpiresAt: viewLinkExpiry(now) }));
    const requisitionLink = this.url('/b2b/rekvisition');
    await this.mailer.send(companyMails.signed(signed, signed.contactPerson.email, this.link(signed.id, 'view'), linkExpiry(signed, 'viewer'), requisitionLink));
    if (signed.signingParty.email !== signed.contactPerson.email) {
      await this.mailer.send(companyMails.signed(signed, signed.signingParty.email, this.link(signed.id, 'sign'), linkExpiry(signed, 'signer'), requisitionLink));
    }
    return this.view(signed, 'signer');
  }

  /** The signing party ends the agreement: Active → Terminated; new requisitions are refused from then on. */
  async terminate(input: { token: string }): Promise<ContractView> {
    const now = this.clock.now().toISOString();
    const ended = await this.act(input.token, 'terminate', () => ({ terminatedAt: now }));
    for (const to of new Set([ended.contactPerson.email, ended.signingParty.email])) await this.mailer.send(companyMails.terminated(ended, to));
    return this.view(ended, 'signer');
  }

  /** SPEC §2 /b2b/øjehelsedag: a request for an eye-health day at the company; the contact gets a confirmation. */
  async requestEyeHealthDay(input: EyeHealthDayInput): Promise<EyeHealthDay> {
    const today = copenhagenIsoDate(this.clock.now());
    const dates = eyeHealthDayDateErrors(input.dateFrom, input.dateTo, today);
    if (Object.keys(dates).length) throw badRequest(dates as Record<string, string>);
    const company = await this.registered(input.organisationNumber);
    const day: EyeHealthDay = {
      id: `ohd-${newId(9)}`,
      ...input,
      organisationNumber: company.organisationNumber,
      companyName: company.name,
      status: 'requested',
      createdAt: this.clock.now().toISOString(),
    };
    await this.repo.insertEyeHealthDay(day);
    await this.mailer.send(companyMails.eyeHealthDay(day));
    return day;
  }

  /**
   * An employee of an active agreement asks for glasses or an exam in a store: identified by the
   * company's CVR and the employee number (or the agreement's reference). The requisition goes to
   * that store's manager in the store app (`/rekvisitioner`).
   */
  async createRequisition(input: RequisitionInput): Promise<EmployeeRequisition> {
    const contract = await this.repo.activeContractOf(input.organisationNumber);
    if (!contract) throw badRequest({ organisationNumber: msg.noActiveAgreement });
    const given = normalizeEmployeeNumber(input.employeeReference);
    if (contract.referenceType === 'none') throw badRequest({ employeeReference: msg.physicalOnly });
    if (contract.referenceType === 'employee-number' && !contract.employeeNumbers.includes(given)) throw badRequest({ employeeReference: msg.unknownEmployeeNumber });
    if (contract.referenceType === 'reference' && normalizeEmployeeNumber(contract.reference ?? '') !== given) throw badRequest({ employeeReference: msg.wrongReference });
    const store = await this.catalogue.store(input.storeId);
    if (!store) throw badRequest({ storeId: msg.unknownStore });

    const employeeNumber = contract.referenceType === 'employee-number' ? given : null;
    const now = this.clock.now().toISOString();
    const requisition: Requisition = {
      id: `rq-${newId(9)}`,
      storeId: store.id,
      contractId: contract.id,
      companyName: contract.companyName,
      employeeName: input.employeeName,
      employeeNumber,
      glassLevel: contract.glassLevel,
      frameLevel: contract.frameLevel,
      protectiveGlasses: contract.protectiveGlasses,
      photochromic: contract.photochromic,
      maxAmount: requisitionCover(contract, input.kind),
      requestedAt: now,
      status: 'pending',
      note: null,
      decidedBy: null,
      decidedAt: null,
    };
    // The check for a pending one and the two records are one transaction: two requests at once make one requisition.
    await this.storage.transaction(async () => {
      const extras = (await this.repo.requisitionExtrasOf(contract.id)).filter((x) => x.kind === input.kind);
      for (const x of extras) {
        const r = await this.requisitions.get(x.id);
        const same = employeeNumber ? r?.employeeNumber === employeeNumber : x.employeeEmail === input.employeeEmail;
        if (r?.status === 'pending' && same) throw new HttpError(409, 'conflict', msg.duplicatePending(input.kind));
      }
      await this.repo.insertRequisitionExtra({ id: requisition.id, contractId: contract.id, kind: input.kind, employeeEmail: input.employeeEmail, createdAt: now });
      await this.requisitions.add(requisition);
    });
    await this.mailer.send(companyMails.requisitionReceived(requisition, input.kind, input.employeeEmail, store.name));
    return {
      id: requisition.id,
      kind: input.kind,
      companyName: requisition.companyName,
      employeeName: requisition.employeeName,
      storeId: store.id,
      storeName: store.name,
      maxAmount: requisition.maxAmount,
      status: requisition.status,
      requestedAt: now,
    };
  }

  /**
   * Called when a store manager has decided a requisition (requisitions/service.ts): the decision
   * is mailed to the company's contact and, for an e-requisition, to the employee. The decision
   * stands even if a mail fails; the failure is logged (without addresses) for a resend.
   */
  async requisitionDecided(r: Requisition): Promise<void> {
    const contract = await this.repo.contract(r.contractId);
    const extra = await this.repo.requisitionExtra(r.id);
    const store = await this.catalogue.store(r.storeId);
    const to = [contract?.contactPerson.email, extra?.employeeEmail].filter((x): x is string => !!x);
    for (const address of new Set(to)) {
      const mail: MailMessage = companyMails.requisitionDecided(r, extra?.kind ?? null, address, store?.name ?? 'Butikken');
      try {
        await this.mailer.send(mail);
      } catch (err) {
        this.logger.error({ err, requisitionId: r.id }, 'requisition decision mail failed');
      }
    }
  }
}
