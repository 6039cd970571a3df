import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { da, type FriendsMembership } from '@optik/shared';
import { fail, fakeApi, ok } from '../subscriptions/test-data';
import { FriendsClub } from './friends-page';
import { fm } from './messages';

afterEach(cleanup);

const MEMBERSHIP = '/api/friends/membership';
const notMember: FriendsMembership = { member: false, memberSince: null, termsVersion: null, lastVisitOn: null, freeVisit: { available: false, until: null }, coveredPurchases: [], frameDiscountEyeTests: 0 };
const member: FriendsMembership = {
  member: true,
  memberSince: '2026-11-22',
  termsVersion: 1,
  lastVisitOn: '2026-11-20',
  freeVisit: { available: true, until: '2027-11-20' },
  coveredPurchases: [
    { orderId: 'o-1', orderNumber: 'O2500101', purchasedOn: '2026-11-22', description: 'Lindberg Spirit', accidentCoverUntil: '2027-11-21', accidentCoverActive: true, exchangeUntil: '2027-03-01', exchangeActive: false },
  ],
  frameDiscountEyeTests: 0,
};

describe('Friends (/min-konto/friends)', () => {
  it('needs the terms accepted: the error is tied to the checkbox and gets focus', async () => {
    const api = fakeApi({ [MEMBERSHIP]: ok({ data: notMember }) });
    render(<FriendsClub api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: fm.join }));
    const box = screen.getByRole('checkbox', { name: fm.accept });
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText(da.validation.termsRequired);
    expect(box.getAttribute('aria-describedby')).toContain(error.id);
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: fm.termsLink }).getAttribute('href')).toBe('/friends-vilkaar');
  });

  it('signs up and shows the member’s benefits with a welcome', async () => {
    const api = fakeApi({ [MEMBERSHIP]: ok({ data: notMember }) }, { '/api/friends/signup': [ok({ data: member })] });
    render(<FriendsClub api={api} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: fm.accept }));
    fireEvent.click(screen.getByRole('button', { name: fm.join }));
    const welcome = await screen.findByText(fm.welcome);
    await vi.waitFor(() => expect(document.activeElement).toBe(welcome));
    expect(api.post).toHaveBeenCalledWith(expect.anything(), '/api/friends/signup', { acceptTerms: true });
    expect(screen.getByText(fm.memberSince('2026-11-22'))).toBeDefined();
    const table = screen.getByRole('table', { name: fm.coverCaption });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText(fm.until('2027-11-21'))).toBeDefined();
    expect(within(row).getByText(fm.ended('2027-03-01'))).toBeDefined();
    expect(screen.getByText(fm.visitAvailable('2027-11-20'))).toBeDefined();
    expect(screen.getByRole('link', { name: fm.bookExam }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
    expect(screen.queryByText(fm.frameReady(1))).toBeNull();
  });

  it('tells a member with a booked eye test that the frame discount is taken at checkout', async () => {
    const api = fakeApi({ [MEMBERSHIP]: ok({ data: { ...member, frameDiscountEyeTests: 1 } }) });
    render(<FriendsClub api={api} />);
    const section = within(await screen.findByRole('region', { name: fm.frameHeading }));
    expect(section.getByText(fm.frameReady(1))).toBeDefined();
    expect(fm.frameReady(1)).toContain('50 %');
  });

  it('shows a failed signup and keeps the choice', async () => {
    const api = fakeApi({ [MEMBERSHIP]: ok({ data: notMember }) }, { '/api/friends/signup': [fail(500, { code: 'internal', message: da.errors.somethingWentWrong })] });
    render(<FriendsClub api={api} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: fm.accept }));
    fireEvent.click(screen.getByRole('button', { name: fm.join }));
    expect((await screen.findByRole('alert')).textContent).toBe(da.errors.somethingWentWrong);
    expect((screen.getByRole('checkbox', { name: fm.accept }) as HTMLInputElement).checked).toBe(true);
  });

  it('lets a member leave after confirming', async () => {
    const api = fakeApi({ [MEMBERSHIP]: ok({ data: { ...member, coveredPurchases: [], lastVisitOn: null, freeVisit: { available: false, until: null } } }) }, { '/api/friends/leave': [ok({ data: notMember })] });
    render(<FriendsClub api={api} />);
    expect(await screen.findByText(fm.noCover)).toBeDefined();
    expect(screen.getByText(fm.visitNone)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: fm.leave }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByText(fm.leaveConfirm)));
    fireEvent.click(screen.getByRole('button', { name: fm.leaveYes }));
    expect(await screen.findByText(fm.left)).toBeDefined();
    expect(screen.getByRole('button', { name: fm.join })).toBeDefined();
    expect(api.post).toHaveBeenCalledWith(expect.anything(), '/api/friends/leave');
  });

  it('offers a retry when the membership cannot be read', async () => {
    const api = fakeApi({ [MEMBERSHIP]: fail(500, { code: 'internal', message: da.errors.somethingWentWrong }) });
    render(<FriendsClub api={api} />);
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button'));
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });
});
