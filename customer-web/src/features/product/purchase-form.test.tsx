import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prescriptionMessages } from '@optik/shared';
import { PurchaseForm } from './purchase-form';
import { fakeApi, found, glasses } from './test-data';

/** The glasses inputs load on demand; here their first loads fail as with no network. */
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./glasses-prescription', async (importOriginal) => {
  if (!network.up) throw new Error('offline');
  return importOriginal();
});

afterEach(cleanup);

const withPrescription = () => screen.getByRole('checkbox', { name: 'Vælg, hvis du vil have glas med din styrke.' });

describe('PurchaseForm when the prescription inputs cannot load', () => {
  it('says so with a retry, refuses to add without the rules, and keeps what was chosen', async () => {
    const api = fakeApi({ article: found(glasses()) });
    render(<PurchaseForm article={glasses()} api={api} />);
    fireEvent.change(screen.getByLabelText('Antal'), { target: { value: '2' } });
    fireEvent.click(withPrescription());
    expect(screen.getByText('Henter felterne til din styrke …')).toBeDefined();
    const retry = await screen.findByRole('button', { name: 'Prøv igen' });
    expect(retry.closest('[role="alert"]')?.textContent).toContain('Noget gik galt. Prøv igen.');

    // Adding needs the SPEC §5 rules: without them nothing reaches the cart.
    fireEvent.click(screen.getByRole('button', { name: 'Læg i kurv' }));
    await waitFor(() => expect(document.querySelector('.product-error')?.textContent).toBe('Noget gik galt. Prøv igen.'));
    expect(api.cartUpdate).not.toHaveBeenCalled();

    network.up = true;
    fireEvent.click(retry);
    const right = await screen.findByRole('group', { name: 'Højre øje (H)' });
    expect(within(right).getByLabelText('Sfære')).toBeDefined();
    expect((screen.getByLabelText('Antal') as HTMLSelectElement).value).toBe('2');
    expect((withPrescription() as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Læg i kurv' }));
    expect(await within(right).findAllByText(prescriptionMessages.required)).toHaveLength(2);
    expect(api.cartUpdate).not.toHaveBeenCalled();
  });
});
