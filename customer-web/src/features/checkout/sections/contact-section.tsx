import type { Dispatch } from 'react';
import { TextField } from '../../../text-field';
import type { Address, Contact, Errors } from '../checkout-form';
import type { CheckoutAction } from '../checkout-reducer';
import { checkoutText as c } from '../messages';

/** Which field a shopper left or changed: the page checks it again when it shows an error. */
export type OnEdited = (field: string, onBlur: boolean) => void;

const CONTACT_FIELDS: readonly { key: keyof Contact; label: string; props: { type?: string; autoComplete: string } }[] = [
  { key: 'firstName', label: c.firstName, props: { autoComplete: 'given-name' } },
  { key: 'lastName', label: c.lastName, props: { autoComplete: 'family-name' } },
  { key: 'email', label: c.email, props: { type: 'email', autoComplete: 'email' } },
  { key: 'phone', label: c.phone, props: { type: 'tel', autoComplete: 'tel' } },
];

/** Name, e-mail and mobile number. */
export function ContactSection({ idPrefix, contact, errors, dispatch, onEdited }: { idPrefix: string; contact: Contact; errors: Errors; dispatch: Dispatch<CheckoutAction>; onEdited: OnEdited }) {
  return (
    <fieldset>
      <legend>{c.contactLegend}</legend>
      {CONTACT_FIELDS.map(({ key, label, props }) => (
        <TextField
          key={key}
          id={`${idPrefix}-${key}`}
          label={label}
          error={errors[`contact.${key}`]}
          value={contact[key]}
          onChange={(e) => {
            dispatch({ type: 'contact', field: key, value: e.target.value });
            onEdited(`contact.${key}`, false);
          }}
          onBlur={() => onEdited(`contact.${key}`, true)}
          {...props}
        />
      ))}
    </fieldset>
  );
}

/** Postcode first (the city follows from it), then the street. */
export function AddressSection({
  idPrefix,
  address,
  errors,
  dispatch,
  onEdited,
  onZipChange,
  onZipBlur,
}: {
  idPrefix: string;
  address: Address;
  errors: Errors;
  dispatch: Dispatch<CheckoutAction>;
  onEdited: OnEdited;
  onZipChange: (zip: string) => void;
  onZipBlur: () => void;
}) {
  const text = (key: 'city' | 'street', label: string, autoComplete: string) => (
    <TextField
      id={`${idPrefix}-${key}`}
      label={label}
      error={errors[`address.${key}`]}
      value={address[key]}
      autoComplete={autoComplete}
      onChange={(e) => {
        dispatch({ type: 'address', field: key, value: e.target.value });
        onEdited(`address.${key}`, false);
      }}
      onBlur={() => onEdited(`address.${key}`, true)}
    />
  );
  return (
    <fieldset>
      <legend>{c.addressLegend}</legend>
      <TextField
        id={`${idPrefix}-zip`}
        label={c.zip}
        hint={c.zipHint}
        error={errors['address.zip']}
        value={address.zip}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={7}
        onChange={(e) => onZipChange(e.target.value)}
        onBlur={onZipBlur}
      />
      {text('city', c.city, 'address-level2')}
      {text('street', c.street, 'street-address')}
    </fieldset>
  );
}
