import {
  LIFESTYLE_RULES,
  canAcceptWinback,
  canExchange,
  canGiveNotice,
  checkReferral,
  contractTransition,
  copenhagenIsoDate,
  da,
  duePeriods,
  exchangeStatus,
  formatCopenhagenDate,
  formatDkk,
  freeMonthsLeft,
  isTerminationDue,
  lifestyleErrors,
  lifestyleMessages,
  nextCharge,
  terminationDateFor,
  winbackOffer,
  type FreeMonthGrant,
  type LifestyleAgreementView,
  type LifestyleCancellation,
  type LifestyleDocument,
  type LifestyleDocumentSummary,
  type LifestyleFrameOption,
  type LifestylePerks,
  type PeriodCharge,
} from '@optik/shared';
import type { Clock } from '../../deps';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { newId } from '../../http/identity';
import type { LifestylePlatform } from '../../ports/lifestyle';
import type { Mailer } from '../../ports/mail';
import type { AuthService } from '../auth/service';
import type { CatalogueService } from '../catalogue/service';
import type { InvoiceService } from '../invoices/service';
import type { SubscriptionService } from '../subscriptions/service';
import { billing, lifestyleInvoice, lifestyleSubscription } from './billing';
import { draftDocument, type Addendum } from './documents';
import type { LifestyleAgreementRecord } from './records';

/** Danish answers to refused actions (SPEC §4 states, §9 rules). */
export const lifestyleRefusals = {
  notActive: 'Aftalen er ikke aktiv, så den kan ikke opsiges.',
  noticeAlreadyGiven: (date: string) => `Aftalen er allerede opsagt og ophører den ${formatCopenhagenDate(date)}.`,
  winbackNotOffered: 'Start opsigelsen først – så kan du se vores tilbud.',
  winbackUsed: 'Tilbuddet om gratis måneder kan kun bruges én gang pr. aftale.',
  exchangeNotActive: 'Ombytning kræver en aktiv aftale.',
  exchangeNoticeGiven: 'Aftalen er opsagt, så der kan ikke bestilles ombytning.',
  exchangeUsed: (next: string) => `Du har allerede byttet i dette aftaleår. Næste ombytning kan ske fra den ${formatCopenhagenDate(next)}.`,
  frameNotInAgreement: (allowance: number) => `Stellet koster mere, end din aftale dækker. Vælg et stel til højst ${formatDkk(allowance)}`,
  alreadyConnected: 'Aftalen er allerede forbundet til din konto.',
  referral: {
    'unknown-code': 'Koden findes ikke. Kontrollér, at den er skrevet rigtigt.',
    'own-code': 'Du kan ikke bruge din egen kode.',
    'already-referred': 'Du har allerede fået gratis måneder for en anbefaling. En kode kan kun bruges én gang pr. ven.',
    'code-inactive': 'Koden kan ikke bruges længere, fordi aftalen bag den ikke er aktiv.',
  },
} as const;

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The monthly run reads the agreements this many at a time. */
const RUN_PAGE = 100;

export interface LifestyleDeps {
  clock: Clock;
  platform: LifestylePlatform;
  mailer: Mailer;
  catalogue: CatalogueService;
  /** The shop's subscription list shows each agreement (modules/subscriptions). */
  subscriptions: Pick<SubscriptionService, 'saveLifestyle'>;
  /** The monthly invoices, whose ids come from the period: stored once (modules/invoices). */
  invoices: Pick<InvoiceService, 'issue'>;
  /** Where confirmations are mailed. */
  accounts: Pick<AuthService, 'contact'>;
}

/** The Lifestyle agreement of SPEC §1 for the signed-in customer: reads, changes and the monthly run. */
export class LifestyleService {
  private readonly clock: Clock;
  private readonly platform: LifestylePlatform;
  private readonly mailer: Mailer;
  private readonly catalogue: CatalogueService;
  private readonly subscriptions: LifestyleDeps['subscriptions'];
  private readonly invoices: LifestyleDeps['invoices'];
  private readonly accounts: LifestyleDeps['accounts'];

  constructor(deps: LifestyleDeps) {
    ({ clock: this.clock, platform: this.platform, mailer: this.mailer, catalogue: this.catalogue, subscriptions: this.subscriptions, invoices: this.invoices, accounts: this.accounts } = deps);
  }

  private today(): string {
    return copenhagenIsoDate(this.clock.now());
  }

  // ---- reads -----------------------------------------------------------------------------------

  /** The customer's agreements, each brought up to date first (state, invoices) so what shows is current. */
  async list(customerId: string): Promise<LifestyleAgreementView[]> {
    const list = await this.platform.agreementsOf(customerId);
    const current = await Promise.all(list.map((a) => this.bringUpToDate(a)));
    return current.sort((a, b) => (a.signedOn < b.signedOn ? -1 : 1)).map((a) => this.view(a));
  }

  async get(customerId: string, id: string): Promise<LifestyleAgreementView> {
    return this.view(await this.bringUpToDate(await this.own(customerId, id)));
  }

  async documents(customerId: string, id: string): Promise<LifestyleDocumentSummary[]> {
    await this.own(customerId, id);
    return (await this.platform.documents(id)).map(({ sections: _sections, ...summary }) => summary);
  }

  async document(customerId: string, id: string, documentId: string): Promise<{ document: LifestyleDocument; agreementNumber: string }> {
    const a = await this.own(customerId, id);
    const doc = await this.platform.document(documentId);
    // A document of another agreement is "not found" here, whoever owns it.
    if (!doc || doc.agreementId !== a.id) throw notFound();
    return { document: doc, agreementNumber: a.agreementNumber };
  }

  async perks(customerId: string, id: string): Promise<LifestylePerks> {
    const a = await this.bringUpToDate(await this.own(customerId, id));
    const referrals = a.freeMonths.filter((g) => g.reason === 'referral-referrer');
    return {
      agreement: this.view(a),
      perks: [
        { id: 'exchange', title: 'Ny brille hvert år', text: `Byt til et andet stel én gang i hvert aftaleår – stel op til ${formatDkk(a.frameAllowance)} er med i aftalen.` },
        { id: 'service', title: 'Fri service', text: 'Gratis justering, rens, nye næsepuder og småreparationer i alle vores butikker.' },
        { id: 'insurance', title: 'Uheldsforsikring', text: 'Brud og ridser ved et uheld er dækket, så længe aftalen løber.' },
        { id: 'eye-test', title: 'Synstest', text: 'En gratis synstest hvert år, så dine glas altid passer til dit syn.' },
        {
          id: 'referral',
          title: 'Anbefal en ven',
          text: `Din ven får ${LIFESTYLE_RULES.referralFriendMonths} gratis måneder, og du får ${LIFESTYLE_RULES.referralReferrerMonths} gratis måned for hver ven, der forbinder sin aftale med din kode.`,
        },
      ],
      referral: {
        code: a.referralCode,
        friendsReferred: referrals.length,
        monthsEarned: referrals.reduce((s, g) => s + g.months, 0),
        friendMonths: LIFESTYLE_RULES.referralFriendMonths,
        referrerMonths: LIFESTYLE_RULES.referralReferrerMonths,
        active: a.status !== 'Terminated',
      },
    };
  }

  /** Frames that can be chosen at the exchange: glasses sold online, in stock, within the agreement's allowance. */
  async frameOptions(customerId: string, id: string): Promise<LifestyleFrameOption[]> {
    const a = await this.own(customerId, id);
    return this.framesFor(a);
  }

  private async framesFor(a: LifestyleAgreementRecord): Promise<LifestyleFrameOption[]> {
    const { data } = await this.catalogue.list({ route: '/briller', limit: 10_000, offset: 0 });
    return data
      .filter((x) => x.category === 'briller' && x.dto && x.price.unit.publicationStatus === 20 && x.skus.some((s) => s.stock > 0))
      .filter((x) => x.price.unit.amount <= a.frameAllowance && x.id !== a.product.articleId)
      .sort((x, y) => x.brand.localeCompare(y.brand, 'da') || x.name.localeCompare(y.name, 'da'))
      .map((x) => ({ articleId: x.id, name: x.name, brand: x.brand, price: x.price.unit.amount, image: x.medias[0] ? { sm: x.medias[0].sm, alt: x.medias[0].alt } : null }));
  }

  // ---- changes ---------------------------------------------------------------------------------

  /** SPEC §1: one product exchange per agreement year, to a frame within the agreement. */
  async exchange(customerId: string, id: string, articleId: string): Promise<LifestyleAgreementView> {
    const today = this.today();
    const current = await this.bringUpToDate(await this.own(customerId, id));
    this.assertExchange(current, today);
    const frame = (await this.framesFor(current)).find((f) => f.articleId === articleId);
    if (!frame) {
      const article = await this.catalogue.getArticle(articleId);
      if (article && article.category === 'briller' && (!article.dto || article.price.unit.publicationStatus !== 20)) throw new HttpError(422, 'unprocessable', da.errors.frameNotOnline);
      if (article && article.category === 'briller' && article.price.unit.amount > current.frameAllowance) throw new HttpError(422, 'unprocessable', lifestyleRefusals.frameNotInAgreement(current.frameAllowance));
      throw badRequest({ articleId: lifestyleMessages.chooseFrame });
    }
    const productName = `${frame.name} (${frame.brand})`;
    const updated = await this.change(customerId, id, (a) => {
      this.assertExchange(a, today);
      return {
        ...a,
        product: { ...a.product, articleId: frame.articleId, name: frame.name, brand: frame.brand },
        exchanges: [...a.exchanges, { id: newId(9), date: today, articleId: frame.articleId, productName }],
      };
    });
    await this.addDocument(updated, today, { kind: 'exchange', exchangeTo: productName });
    await this.mail(updated, 'Din ombytning er bestilt', [
      `Tak for din bestilling. Vi laver dine nye briller: ${productName} med ${updated.product.lenses}.`,
      'Vi giver besked, når de er klar til tilpasning i butikken. Din aftale fortsætter med samme månedlige pris.',
    ]);
    return this.view(await this.bringUpToDate(updated));
  }

  private assertExchange(a: LifestyleAgreementRecord, today: string) {
    const v = canExchange(a, today);
    if (v.ok) return;
    if (v.reason === 'used-this-year') throw conflict(lifestyleRefusals.exchangeUsed(exchangeStatus(a.startDate, a.exchanges, today).nextAvailableOn!));
    throw conflict(v.reason === 'notice-given' ? lifestyleRefusals.exchangeNoticeGiven : lifestyleRefusals.exchangeNotActive);
  }

  private assertNotice(a: LifestyleAgreementRecord) {
    const v = canGiveNotice(a);
    if (!v.ok) throw conflict(v.reason === 'not-active' ? lifestyleRefusals.notActive : lifestyleRefusals.noticeAlreadyGiven(a.terminationDate!));
  }

  /** /fortrodmig: starting a cancellation shows the winback offer while it has not been answered (once per agreement). */
  async startCancellation(customerId: string, id: string): Promise<LifestyleCancellation> {
    const today = this.today();
    await this.bringUpToDate(await this.own(customerId, id));
    const a = await this.change(customerId, id, (cur) => {
      this.assertNotice(cur);
      return winbackOffer(cur.winback) === 'offer' ? { ...cur, winback: { ...cur.winback, offeredOn: today } } : cur;
    });
    const offered = winbackOffer(a.winback) === 'pending';
    return {
      agreement: this.view(a),
      winbackOffer: offered ? { freeMonths: LIFESTYLE_RULES.winbackFreeMonths, value: LIFESTYLE_RULES.winbackFreeMonths * a.monthlyPrice } : null,
      terminationDate: terminationDateFor(today),
    };
  }

  /** Accepting the winback: 3 free months from the next invoice, the agreement stays. */
  async acceptWinback(customerId: string, id: string): Promise<LifestyleAgreementView> {
    const today = this.today();
    const a = await this.change(customerId, id, (cur) => {
      this.assertNotice(cur);
      const v = canAcceptWinback(cur.winback);
      if (!v.ok) throw conflict(v.reason === 'not-offered' ? lifestyleRefusals.winbackNotOffered : lifestyleRefusals.winbackUsed);
      const grant: FreeMonthGrant = { reason: 'winback', months: LIFESTYLE_RULES.winbackFreeMonths, grantedOn: today };
      return { ...cur, winback: { ...cur.winback, acceptedOn: today }, freeMonths: [...cur.freeMonths, grant] };
    });
    const first = nextCharge(billing(a), today);
    await this.addDocument(a, today, { kind: 'winback', firstFreeInvoice: first?.from ?? null });
    await this.mail(a, 'Tak, fordi du bliver', [
      `Du har takket ja til ${LIFESTYLE_RULES.winbackFreeMonths} gratis måneder og beholder din Lifestyle-aftale nr. ${a.agreementNumber}.`,
      first ? `De gratis måneder gælder fra fakturaen den ${formatCopenhagenDate(first.from)}.` : '',
    ]);
    return this.view(await this.bringUpToDate(a));
  }

  /** Declining the offer (or confirming without one): notice today, the agreement ends 30 days later. */
  async confirmNotice(customerId: string, id: string): Promise<LifestyleAgreementView> {
    const today = this.today();
    const terminationDate = terminationDateFor(today);
    const a = await this.change(customerId, id, (cur) => {
      this.assertNotice(cur);
      const winback = winbackOffer(cur.winback) === 'pending' ? { ...cur.winback, declinedOn: today } : cur.winback;
      return { ...cur, winback, noticeGivenOn: today, terminationDate };
    });
    await this.addDocument(a, today, { kind: 'notice', terminationDate });
    await this.mail(a, 'Bekræftelse af din opsigelse', [
      `Vi har modtaget din opsigelse af Lifestyle-aftale nr. ${a.agreementNumber}.`,
      `Aftalen ophører den ${formatCopenhagenDate(terminationDate)} (${LIFESTYLE_RULES.noticeDays} dages varsel). Indtil da gælder den som før, og den sidste faktura dækker kun dagene frem til ophøret.`,
    ]);
    return this.view(await this.bringUpToDate(a));
  }

  /**
   * /forbind-til-lifestyle: the agreement number and the holder's birth date connect an agreement
   * signed in a store to this account. Any mismatch gives the one SPEC §8 message, so nobody can
   * tell whether a number exists. A friend's code gives 2 free months here and its owner 1.
   */
  async connect(customerId: string, input: { agreementNumber: string; birthDate: string; referralCode?: string }): Promise<{ agreement: LifestyleAgreementView; referralApplied: boolean }> {
    const today = this.today();
    const found = await this.platform.verifyHolder(input.agreementNumber, input.birthDate);
    if (!found || found.status === 'Terminated' || (found.customerId && found.customerId !== customerId)) throw new HttpError(422, 'unprocessable', lifestyleErrors.connectionFailed);
    if (found.customerId === customerId) throw conflict(lifestyleRefusals.alreadyConnected);

    const code = input.referralCode || null;
    const owner = code ? await this.platform.byReferralCode(code) : undefined;
    if (code) {
      const friendAlreadyReferred = found.referredByCode !== null || (await this.platform.agreementsOf(customerId)).some((a) => a.referredByCode !== null);
      const v = checkReferral({ owner: owner ? { agreementId: owner.id, customerId: owner.customerId, status: owner.status } : null, friend: { agreementId: found.id, customerId }, friendAlreadyReferred });
      if (!v.ok) throw badRequest({ referralCode: lifestyleRefusals.referral[v.reason] });
    }

    const connected = await this.platform.update(found.id, (cur) => {
      // Someone else connected it in the meantime: the same answer as any mismatch.
      if (cur.customerId !== null) throw new HttpError(422, 'unprocessable', lifestyleErrors.connectionFailed);
      const friendGrant: FreeMonthGrant[] = owner ? [{ reason: 'referral-friend', months: LIFESTYLE_RULES.referralFriendMonths, grantedOn: today }] : [];
      return { ...cur, customerId, connectedOn: today, referredByCode: owner ? cur.referredByCode ?? owner.referralCode : cur.referredByCode, freeMonths: [...cur.freeMonths, ...friendGrant] };
    });
    if (!connected) throw new HttpError(422, 'unprocessable', lifestyleErrors.connectionFailed);

    if (owner) {
      await this.addDocument(connected, today, { kind: 'referral', referral: { role: 'friend', months: LIFESTYLE_RULES.referralFriendMonths }, firstFreeInvoice: nextCharge(billing(connected), today)?.from ?? null });
      const referrer = await this.platform.update(owner.id, (cur) =>
        cur.status !== 'Terminated' ? { ...cur, freeMonths: [...cur.freeMonths, { reason: 'referral-referrer', months: LIFESTYLE_RULES.referralReferrerMonths, grantedOn: today }] } : cur,
      );
      if (referrer && referrer.status !== 'Terminated') {
        await this.addDocument(referrer, today, { kind: 'referral', referral: { role: 'referrer', months: LIFESTYLE_RULES.referralReferrerMonths }, firstFreeInvoice: nextCharge(billing(referrer), today)?.from ?? null });
        await this.mail(referrer, 'Tak for din anbefaling', [`En ven har forbundet sin Lifestyle-aftale med din kode ${referrer.referralCode}. Du får ${LIFESTYLE_RULES.referralReferrerMonths} gratis måned som tak.`]);
        await this.bringUpToDate(referrer);
      }
    }
    await this.mail(connected, 'Din Lifestyle-aftale er forbundet', [
      `Lifestyle-aftale nr. ${connected.agreementNumber} er nu forbundet til din konto. Du kan se aftalen, dokumenterne og dine fakturaer under Min konto → Abonnementer.`,
      owner ? `Du får ${LIFESTYLE_RULES.referralFriendMonths} gratis måneder, fordi du blev anbefalet af en ven.` : '',
    ]);
    return { agreement: this.view(await this.bringUpToDate(connected)), referralApplied: Boolean(owner) };
  }

  // ---- the monthly run ---------------------------------------------------------------------------

  /**
   * The scheduler's work for one agreement, idempotent: Created → Active on the start date,
   * Active → Terminated on the termination date, one invoice for every begun month since it was
   * connected to an account (ids derived from the period, so a second run creates nothing), and
   * the `kind: 'lifestyle'` subscription record the shop's subscription list shows.
   */
  async bringUpToDate(a: LifestyleAgreementRecord): Promise<LifestyleAgreementRecord> {
    const today = this.today();
    let current = a;
    if ((a.status === 'Created' && a.startDate <= today) || isTerminationDue(a, today)) {
      current =
        (await this.platform.update(a.id, (cur) => {
          let next = cur;
          if (next.status === 'Created' && next.startDate <= today && contractTransition('Created', 'Active').ok) next = { ...next, status: 'Active' };
          if (isTerminationDue(next, today) && contractTransition('Active', 'Terminated').ok) next = { ...next, status: 'Terminated', terminatedOn: next.terminationDate };
          return next;
        })) ?? a;
    }
    if (current.customerId && current.connectedOn) {
      const connectedOn = current.connectedOn;
      for (const p of duePeriods(billing(current), today)) if (p.from >= connectedOn) await this.invoice(current, current.customerId, p);
      await this.subscriptions.saveLifestyle(lifestyleSubscription(current, current.customerId, today));
    }
    return current;
  }

  /** Runs the monthly work for every agreement; returns how many agreements it looked at. */
  async runDue(): Promise<number> {
    let looked = 0;
    let after: string | null = null;
    do {
      const page = await this.platform.page(after, RUN_PAGE);
      for (const a of page.items) await this.bringUpToDate(a);
      looked += page.items.length;
      after = page.next;
    } while (after !== null);
    return looked;
  }

  private async invoice(a: LifestyleAgreementRecord, customerId: string, p: PeriodCharge): Promise<void> {
    // The id comes from the period: a second (or concurrent) run stores nothing new.
    await this.invoices.issue(lifestyleInvoice(a, customerId, p, this.clock.now()));
  }

  view(a: LifestyleAgreementRecord): LifestyleAgreementView {
    const today = this.today();
    const { holderVerifier: _secret, ...agreement } = a;
    const ex = exchangeStatus(a.startDate, a.exchanges, today);
    const next = a.status === 'Terminated' ? null : nextCharge(billing(a), today);
    const cancellable = canGiveNotice(a).ok;
    return {
      ...agreement,
      exchange: { available: canExchange(a, today).ok, yearFrom: ex.year.from, yearTo: ex.year.to, usedOn: ex.usedOn, nextAvailableOn: ex.nextAvailableOn },
      freeMonthsLeft: freeMonthsLeft(billing(a), today),
      nextInvoice: next ? { date: next.from, amount: next.amount, gross: next.gross, free: next.free } : null,
      winbackAvailable: cancellable && winbackOffer(a.winback) !== 'used',
      cancellable,
    };
  }

  // ---- helpers -----------------------------------------------------------------------------------

  /** The customer's own agreement; any other id is "not found" (SPEC §6: only their own data). */
  private async own(customerId: string, id: string): Promise<LifestyleAgreementRecord> {
    const a = await this.platform.agreement(id);
    if (!a || a.customerId !== customerId) throw notFound();
    return a;
  }

  private async change(customerId: string, id: string, mutate: (a: LifestyleAgreementRecord) => LifestyleAgreementRecord): Promise<LifestyleAgreementRecord> {
    const updated = await this.platform.update(id, (cur) => {
      if (cur.customerId !== customerId) throw notFound();
      return mutate(cur);
    });
    if (!updated) throw notFound();
    return updated;
  }

  private async addDocument(a: LifestyleAgreementRecord, today: string, add: Addendum): Promise<void> {
    await this.platform.addDocument({ id: `lsd-${newId(9)}`, ...draftDocument(a, today, add) });
  }

  /** Confirmation by e-mail to the account's address (the mail port; never logged). */
  private async mail(a: LifestyleAgreementRecord, subject: string, paragraphs: string[]): Promise<void> {
    if (!a.customerId) return;
    const account = await this.accounts.contact(a.customerId);
    if (!account?.email) return;
    const text = [`Kære ${account.firstName}`, ...paragraphs.filter(Boolean), 'Venlig hilsen\nProfil Optik'].join('\n\n');
    await this.mailer.send({ to: account.email, subject, text });
  }
}
