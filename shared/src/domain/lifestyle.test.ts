import { describe, expect, it } from 'vitest';
import {
  LIFESTYLE_RULES,
  agreementYear,
  billingPeriod,
  canAcceptWinback,
  canExchange,
  canGiveNotice,
  checkReferral,
  contractTransition,
  duePeriods,
  exchangeStatus,
  freeMonthsLeft,
  freePeriods,
  isTerminationDue,
  nextCharge,
  normalizeReferralCode,
  periodCharge,
  terminationDateFor,
  winbackOffer,
  type BillingAgreement,
  type ContractStatus,
} from './lifestyle';

describe('contract states (SPEC §4: Created → Active → Terminated)', () => {
  it('allows only the two forward steps', () => {
    expect(contractTransition('Created', 'Active')).toEqual({ ok: true });
    expect(contractTransition('Active', 'Terminated')).toEqual({ ok: true });
  });

  it('refuses every other transition', () => {
    const all: ContractStatus[] = ['Created', 'Active', 'Terminated'];
    const allowed = new Set(['Created>Active', 'Active>Terminated']);
    for (const from of all)
      for (const to of all) {
        if (allowed.has(`${from}>${to}`)) continue;
        expect(contractTransition(from, to), `${from} → ${to}`).toEqual({ ok: false, reason: 'invalid-transition' });
      }
  });
});

describe('notice (SPEC §9: 30 days)', () => {
  it('ends the agreement 30 days after the notice date, across months and years', () => {
    expect(terminationDateFor('2026-11-22')).toBe('2026-12-22');
    expect(terminationDateFor('2026-12-15')).toBe('2027-01-14');
    expect(terminationDateFor('2028-02-01')).toBe('2028-03-02');
    expect(LIFESTYLE_RULES.noticeDays).toBe(30);
  });

  it('takes notice only on an active agreement without a running notice', () => {
    expect(canGiveNotice({ status: 'Active', noticeGivenOn: null })).toEqual({ ok: true });
    expect(canGiveNotice({ status: 'Created', noticeGivenOn: null })).toEqual({ ok: false, reason: 'not-active' });
    expect(canGiveNotice({ status: 'Terminated', noticeGivenOn: '2026-01-01' })).toEqual({ ok: false, reason: 'not-active' });
    expect(canGiveNotice({ status: 'Active', noticeGivenOn: '2026-11-01' })).toEqual({ ok: false, reason: 'notice-already-given' });
  });

  it('is due for termination on (not before) the termination date', () => {
    const a = { status: 'Active' as const, noticeGivenOn: '2026-11-22', terminationDate: '2026-12-22' };
    expect(isTerminationDue(a, '2026-12-21')).toBe(false);
    expect(isTerminationDue(a, '2026-12-22')).toBe(true);
    expect(isTerminationDue({ ...a, status: 'Terminated' }, '2027-01-01')).toBe(false);
    expect(isTerminationDue({ ...a, terminationDate: null }, '2030-01-01')).toBe(false);
  });
});

describe('winback (offered and accepted at most once per agreement)', () => {
  const none = { offeredOn: null, acceptedOn: null, declinedOn: null };
  it('offers the first time and repeats an unanswered offer', () => {
    expect(winbackOffer(none)).toBe('offer');
    expect(winbackOffer({ ...none, offeredOn: '2026-11-22' })).toBe('pending');
  });

  it('never offers again once accepted or declined', () => {
    expect(winbackOffer({ ...none, offeredOn: '2026-01-01', acceptedOn: '2026-01-01' })).toBe('used');
    expect(winbackOffer({ ...none, offeredOn: '2026-01-01', declinedOn: '2026-01-01' })).toBe('used');
  });

  it('accepts only an offer that was made and not yet answered', () => {
    expect(canAcceptWinback({ ...none, offeredOn: '2026-11-22' })).toEqual({ ok: true });
    expect(canAcceptWinback(none)).toEqual({ ok: false, reason: 'not-offered' });
    expect(canAcceptWinback({ offeredOn: '2026-11-22', acceptedOn: '2026-11-22', declinedOn: null })).toEqual({ ok: false, reason: 'already-answered' });
    expect(canAcceptWinback({ offeredOn: '2026-11-22', acceptedOn: null, declinedOn: '2026-11-22' })).toEqual({ ok: false, reason: 'already-answered' });
  });
});

describe('refer a friend (2 months for the friend, 1 for the referrer, once per friend)', () => {
  const owner = { agreementId: 'la-1', customerId: 'u-1', status: 'Active' as const };
  const friend = { agreementId: 'la-2', customerId: 'u-2' };
  it('accepts a friend’s first use of an active agreement’s code', () => {
    expect(checkReferral({ owner, friend, friendAlreadyReferred: false })).toEqual({ ok: true });
    expect([LIFESTYLE_RULES.referralFriendMonths, LIFESTYLE_RULES.referralReferrerMonths]).toEqual([2, 1]);
  });

  it('refuses an unknown code, the owner’s own code, a second referral and an ended owner', () => {
    expect(checkReferral({ owner: null, friend, friendAlreadyReferred: false })).toEqual({ ok: false, reason: 'unknown-code' });
    expect(checkReferral({ owner, friend: { agreementId: 'la-1', customerId: 'u-9' }, friendAlreadyReferred: false })).toEqual({ ok: false, reason: 'own-code' });
    expect(checkReferral({ owner, friend: { agreementId: 'la-3', customerId: 'u-1' }, friendAlreadyReferred: false })).toEqual({ ok: false, reason: 'own-code' });
    expect(checkReferral({ owner, friend, friendAlreadyReferred: true })).toEqual({ ok: false, reason: 'already-referred' });
    expect(checkReferral({ owner: { ...owner, status: 'Terminated' }, friend, friendAlreadyReferred: false })).toEqual({ ok: false, reason: 'code-inactive' });
    expect(checkReferral({ owner: { ...owner, status: 'Created' }, friend, friendAlreadyReferred: false })).toEqual({ ok: true });
  });

  it('reads codes without regard to case and spaces', () => {
    expect(normalizeReferralCode(' ven-ab12 cd ')).toBe('VEN-AB12CD');
  });
});

describe('one product exchange per agreement year', () => {
  it('counts agreement years from the start date, leap-day safe', () => {
    expect(agreementYear('2025-03-01', '2026-02-28')).toEqual({ index: 0, from: '2025-03-01', to: '2026-03-01' });
    expect(agreementYear('2025-03-01', '2026-03-01')).toEqual({ index: 1, from: '2026-03-01', to: '2027-03-01' });
    expect(agreementYear('2024-02-29', '2025-03-01')).toEqual({ index: 1, from: '2025-02-28', to: '2026-02-28' });
    expect(agreementYear('2026-12-01', '2026-11-22').index).toBe(0);
  });

  it('allows one exchange per year and says when the next one is possible', () => {
    expect(exchangeStatus('2025-03-01', [], '2026-11-22')).toMatchObject({ available: true, usedOn: null, nextAvailableOn: null });
    expect(exchangeStatus('2025-03-01', [{ date: '2025-06-01' }], '2026-11-22').available).toBe(true);
    expect(exchangeStatus('2025-03-01', [{ date: '2026-04-10' }], '2026-11-22')).toMatchObject({ available: false, usedOn: '2026-04-10', nextAvailableOn: '2027-03-01' });
  });

  it('refuses a second exchange in the year, and any exchange on an inactive or cancelled agreement', () => {
    const a = { status: 'Active' as const, noticeGivenOn: null, startDate: '2025-03-01', exchanges: [] as { date: string }[] };
    expect(canExchange(a, '2026-11-22')).toEqual({ ok: true });
    expect(canExchange({ ...a, exchanges: [{ date: '2026-03-01' }] }, '2026-11-22')).toEqual({ ok: false, reason: 'used-this-year' });
    expect(canExchange({ ...a, exchanges: [{ date: '2026-03-01' }] }, '2027-03-01')).toEqual({ ok: true });
    expect(canExchange({ ...a, status: 'Created' }, '2026-11-22')).toEqual({ ok: false, reason: 'not-active' });
    expect(canExchange({ ...a, noticeGivenOn: '2026-11-01' }, '2026-11-22')).toEqual({ ok: false, reason: 'notice-given' });
  });
});

describe('monthly invoices', () => {
  const base: BillingAgreement = { startDate: '2026-01-31', monthlyPrice: 29_900, terminationDate: null, freeMonths: [] };

  it('keeps billing periods on the start day, end-of-month safe', () => {
    expect([0, 1, 2].map((i) => billingPeriod('2026-01-31', i))).toEqual([
      { index: 0, from: '2026-01-31', to: '2026-02-28' },
      { index: 1, from: '2026-02-28', to: '2026-03-31' },
      { index: 2, from: '2026-03-31', to: '2026-04-30' },
    ]);
  });

  it('bills every begun period at the monthly price', () => {
    const due = duePeriods(base, '2026-03-31');
    expect(due.map((p) => [p.from, p.amount, p.free])).toEqual([
      ['2026-01-31', 29_900, null],
      ['2026-02-28', 29_900, null],
      ['2026-03-31', 29_900, null],
    ]);
    expect(duePeriods(base, '2026-01-30')).toEqual([]);
    expect(nextCharge(base, '2026-03-31')).toMatchObject({ from: '2026-04-30', amount: 29_900 });
  });

  it('makes the periods after a grant free, in grant order, without changing issued invoices', () => {
    const a: BillingAgreement = {
      ...base,
      startDate: '2026-01-10',
      freeMonths: [
        { reason: 'winback', months: 3, grantedOn: '2026-03-10' },
        { reason: 'referral-referrer', months: 1, grantedOn: '2026-02-01' },
      ],
    };
    // Period 2 (from 10 March) was issued on the day of the winback grant: the winback starts with April.
    expect([...freePeriods(a)].sort()).toEqual([
      [1, 'referral-referrer'],
      [3, 'winback'],
      [4, 'winback'],
      [5, 'winback'],
    ]);
    expect(duePeriods(a, '2026-07-10').map((p) => p.amount)).toEqual([29_900, 0, 29_900, 0, 0, 0, 29_900]);
    expect(freeMonthsLeft(a, '2026-03-10')).toBe(3);
    expect(freeMonthsLeft(a, '2026-04-10')).toBe(2);
    expect(nextCharge(a, '2026-03-10')).toMatchObject({ from: '2026-04-10', amount: 0, gross: 29_900, free: 'winback' });
  });

  it('charges the last period pro rata up to the termination date and bills nothing after it', () => {
    const a: BillingAgreement = { ...base, startDate: '2026-10-01', terminationDate: '2026-12-16' };
    const due = duePeriods(a, '2027-02-01');
    expect(due.map((p) => [p.from, p.gross])).toEqual([
      ['2026-10-01', 29_900],
      ['2026-11-01', 29_900],
      // 15 of December's 31 days.
      ['2026-12-01', Math.round((29_900 * 15) / 31)],
    ]);
    expect(nextCharge(a, '2026-12-01')).toBeNull();
    expect(periodCharge({ ...a, terminationDate: '2026-12-01' }, 2).gross).toBe(0);
  });

  it('loses free months that would fall after the termination date', () => {
    const a: BillingAgreement = { ...base, startDate: '2026-10-01', terminationDate: '2026-12-16', freeMonths: [{ reason: 'winback', months: 3, grantedOn: '2026-10-15' }] };
    expect([...freePeriods(a).keys()]).toEqual([1, 2]);
    expect(duePeriods(a, '2027-01-01').map((p) => p.amount)).toEqual([29_900, 0, 0]);
  });
});
