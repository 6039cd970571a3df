import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetails } from '@optik/shared';
import type { AuthClient } from './auth-client';
import { DetailsForm } from './details-page';
import { RegisterPage } from './register-page';

/** Issue 15: the shop's forms hold their fields to the shared schemas' limits and say so in Danish. */
afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent;

const details: AccountDetails = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050', street: 'Søndergade 12', zip: '8000', city: 'Aarhus C', hasPassword: true, eidLinked: false };

describe('register: text limits', () => {
  it('caps name, e-mail, phone and password inputs, and refuses a longer value (pasted by a script) with the Danish message', async () => {
    const register = vi.fn<AuthClient['register']>();
    render(
      <Provider>
        <RegisterPage client={{ register, resendVerification: vi.fn(), eidStart: vi.fn() }} />
      </Provider>,
    );
    expect([input('Fornavn').maxLength, input('Efternavn').maxLength, input('E-mail').maxLength, input('Mobilnummer').maxLength, input('Adgangskode').maxLength]).toEqual([100, 100, 254, 32, 200]);
    type('Fornavn', 'a'.repeat(101));
    type('Efternavn', 'Holm');
    type('E-mail', 'ida@example.dk');
    type('Mobilnummer', '20304050');
    type('Adgangskode', 'langkode123');
    type('Gentag adgangskode', 'langkode123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    await waitFor(() => expect(describedBy('Fornavn')).toBe('Højst 100 tegn.'));
    expect(register).not.toHaveBeenCalled();
  });
});

describe('account details: text limits', () => {
  it('caps the inputs and refuses an over-long street with the Danish message', async () => {
    const updateDetails = vi.fn<AuthClient['updateDetails']>();
    render(
      <Provider>
        <DetailsForm client={{ updateDetails }} initial={details} onSaved={vi.fn()} />
      </Provider>,
    );
    expect([input('Fornavn').maxLength, input('Mobilnummer').maxLength, input('Gade og husnummer').maxLength]).toEqual([100, 32, 120]);
    type('Gade og husnummer', 'V'.repeat(121));
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await waitFor(() => expect(describedBy('Gade og husnummer')).toBe('Højst 120 tegn.'));
    expect(updateDetails).not.toHaveBeenCalled();
  });
});
