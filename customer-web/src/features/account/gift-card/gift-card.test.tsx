import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { da, formatDkk } from '@optik/shared';
import type { Api } from '../../../api';
import { GiftCardLookup } from './gift-card-page';
import { gm } from './messages';

/** The field check loads on the first submit; its loads fail as offline until the first test brings the network back. */
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./lookup-check', async (importOriginal) => {
  if (!network.up) throw new Error('offline');
  return importOriginal();
});

afterEach(cleanup);

type Result = Awaited<ReturnType<Api['giftCardBalance']>>;
const found = (balance: number, expiresAt: string | null = '2027-12-31T22:59:59.000Z'): Result => ({ ok: true, status: 200, data: { data: { number: '6001100000000001', balance, expiresAt } } });
const mismatch: Result = { ok: false, status: 400, error: { code: 'validation_failed', message: da.errors.correctAndRetry, fields: { giftCards: da.errors.giftCardMismatch } } };
const limited: Result = { ok: false, status: 429, error: { code: 'rate_limited', message: da.errors.rateLimited } };

function setup(answers: Result[]) {
  let n = 0;
  const giftCardBalance = vi.fn(async (_number: string, _pin: string) => answers[Math.min(n++, answers.length - 1)]!);
  render(<GiftCardLookup api={{ giftCardBalance }} />);
  return giftCardBalance;
}
const fill = (number: string, pin: string) => {
  fireEvent.change(screen.getByLabelText(gm.number), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(gm.pin), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: gm.submit }));
};

describe('gift-card lookup (/gavekort)', () => {
  it('shows the generic error when the check cannot load (offline), keeps what was typed, and works once the network is back', async () => {
    const lookup = setup([found(50_000)]);
    fill('6001100000000001', '1234');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Noget gik galt. Prøv igen.');
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(lookup).not.toHaveBeenCalled();
    expect((screen.getByLabelText(gm.number) as HTMLInputElement).value).toBe('6001100000000001');
    expect((screen.getByLabelText(gm.pin) as HTMLInputElement).value).toBe('1234');

    network.up = true;
    fireEvent.click(screen.getByRole('button', { name: gm.submit }));
    expect(await screen.findByRole('heading', { name: gm.resultHeading })).toBeDefined();
    expect(lookup).toHaveBeenCalledWith('6001100000000001', '1234');
  });

  it('checks the fields before asking, so typos do not count as guesses', async () => {
    const lookup = setup([found(50_000)]);
    fill('6001-1000', '12');
    const number = screen.getByLabelText(gm.number);
    await vi.waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.getByText('Gavekortnummeret skal bestå af cifre.')).toBeDefined();
    expect(screen.getByText('PIN-koden skal bestå af 4–8 cifre.')).toBeDefined();
    expect(lookup).not.toHaveBeenCalled();
  });

  it('says a wrong PIN did not match (SPEC §8), keeps the input, then shows the balance with the right one', async () => {
    const lookup = setup([mismatch, found(50_000)]);
    fill('6001100000000001', '9999');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(da.errors.giftCardMismatch);
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText(gm.number) as HTMLInputElement).value).toBe('6001100000000001');
    expect((screen.getByLabelText(gm.pin) as HTMLInputElement).value).toBe('9999');

    fill('6001 1000 0000 0001', '1234');
    const heading = await screen.findByRole('heading', { name: gm.resultHeading });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(gm.balance(50_000).replace('\u00a0', ' '))).toBeDefined();
    expect(screen.getByText(gm.expires('2027-12-31T22:59:59.000Z'))).toBeDefined();
    expect(screen.getByText('Kan bruges til og med 31. december 2027.')).toBeDefined();
    expect(lookup).toHaveBeenLastCalledWith('6001100000000001', '1234');
  });

  it('says so when there have been too many attempts', async () => {
    setup([limited]);
    fill('6001100000000001', '1111');
    expect((await screen.findByRole('alert')).textContent).toBe(da.errors.rateLimited);
  });

  it('tells an empty card apart', async () => {
    setup([found(0, null)]);
    fill('6001100000000003', '0000');
    expect(await screen.findByText(gm.empty)).toBeDefined();
    expect(screen.getByText(gm.noExpiry)).toBeDefined();
    expect(screen.getByText(`Saldo: ${formatDkk(0)}`.replace('\u00a0', ' '))).toBeDefined();
  });
});
