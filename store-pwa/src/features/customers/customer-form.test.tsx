import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerForm } from './customer-form';

/** Issue 15: the create-customer form holds its fields to the shared schema's limits and says so in Danish. */
afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => document.getElementById(`${input(label).id}-error`)?.textContent;

describe('create customer: text limits', () => {
  it('caps name, e-mail, phone and address inputs, and refuses a longer value (pasted by a script) with the Danish message', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CustomerForm title="Opret kunde" onSubmit={onSubmit} />);
    expect(['By', 'Fornavn', 'Efternavn', 'E-mail (valgfri)', 'Telefon', 'Adresse'].map((l) => input(l).maxLength)).toEqual([60, 100, 100, 254, 32, 120]);
    type('Postnummer', '8000');
    type('Fornavn', 'a'.repeat(101));
    type('Efternavn', 'Jensen');
    type('Telefon', '20304050');
    type('Adresse', 'Søndergade 1');
    fireEvent.click(screen.getByRole('button', { name: 'Gem kunde' }));
    await waitFor(() => expect(errorOf('Fornavn')).toBe('Højst 100 tegn.'));
    expect(onSubmit).not.toHaveBeenCalled();
    // At the limit the customer is saved.
    type('Fornavn', 'a'.repeat(100));
    fireEvent.click(screen.getByRole('button', { name: 'Gem kunde' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
