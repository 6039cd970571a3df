import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingWizard, type BookingWizardApi } from './booking-wizard';
import { STORES, answerFirstSteps, next, ok, week } from './test-data';

afterEach(cleanup);

/** The later parts fail to load while `offline` (as a dynamic import does without a network). */
const net = vi.hoisted(() => ({ offline: true }));
vi.mock('./parts', async (importOriginal) => {
  if (net.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('booking parts that load later', () => {
  it('shows the generic error with a retry when the time step cannot load, keeping the answers', async () => {
    const api = { getStores: async () => ok({ data: STORES }), get: async () => ok({ data: week() }) } as unknown as BookingWizardApi;
    render(<BookingWizard api={api} preselectStore={null} today="2026-11-23" prefill={null} />);
    await answerFirstSteps();

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Hvornår passer det dig?' }));
    expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe('Noget gik galt. Prøv igen.');
    // Next does nothing while the times are not there.
    next();
    expect(screen.getByRole('heading', { name: 'Hvornår passer det dig?' })).toBeDefined();

    net.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'mandag 23. november kl. 10.00–10.30' }));
    next();
    expect(await screen.findByLabelText('Fornavn')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    // The answers given before the failure are all still there.
    expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('st-002');
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '18–75 år' }).checked).toBe(true);
  });
});
