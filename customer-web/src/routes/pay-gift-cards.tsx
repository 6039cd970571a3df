import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDkk, giftCardLookupRequestSchema, type GiftCardLookupRequest } from '@optik/shared';
import { checkoutText as c } from '../features/checkout/messages';
import { payLinkText as payText } from './pay-by-link-messages';
import { TextField } from '../text-field';
import '../features/checkout/checkout.css';

type Field = 'number' | 'pin';
const last4 = (n: string) => n.slice(-4);

/**
 * Gift cards (payment type 900, partial cover) on a payment form. Number and PIN are checked
 * with the shared schema, then `onApply` asks the API (which checks the PIN and says what the
 * cards cover); a refusal shows under the number and keeps what was typed. Applied cards are
 * listed with a remove button, and what they cover and the rest are announced.
 */
export function GiftCardFields({
  idPrefix,
  cards,
  cover,
  toPay,
  onApply,
  onRemove,
}: {
  idPrefix: string;
  cards: readonly GiftCardLookupRequest[];
  cover: number;
  toPay: number;
  /** Resolves null when the card was applied, else the message to show. */
  onApply: (card: GiftCardLookupRequest) => Promise<string | null>;
  onRemove: (number: string) => void;
}) {
  const legendId = useId();
  const inputs = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ number: '', pin: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [focusError, setFocusError] = useState(0);

  // After the render that shows the error, the first invalid field takes focus.
  useEffect(() => {
    if (focusError) inputs.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);
  const focusInvalid = () => setFocusError((n) => n + 1);

  async function apply() {
    if (busy) return;
    // Card numbers are printed in groups: spaces do not matter.
    const check = giftCardLookupRequestSchema.safeParse({ number: values.number.replace(/\s+/g, ''), pin: values.pin });
    if (!check.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of check.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return focusInvalid();
    }
    setBusy(true);
    const refused = await onApply(check.data);
    setBusy(false);
    if (refused) {
      setErrors({ number: refused });
      return focusInvalid();
    }
    setErrors({});
    setValues({ number: '', pin: '' });
  }

  /** Enter in the gift card fields applies the card instead of paying. */
  function onEnter(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
  }

  const field = (name: Field, label: string) => (
    <TextField
      id={`${idPrefix}-gift-${name}`}
      label={label}
      error={errors[name]}
      value={values[name]}
      inputMode="numeric"
      autoComplete="off"
      data-gift-card=""
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      onKeyDown={onEnter}
    />
  );

  return (
    <fieldset aria-labelledby={legendId}>
      <legend id={legendId}>{c.giftCardLegend}</legend>
      <p className="hint">{payText.giftCardIntro}</p>
      {cards.length > 0 && (
        <ul className="applied-list">
          {cards.map((g) => (
            <li key={g.number}>
              {c.giftCardApplied(last4(g.number))}{' '}
              <button type="button" className="link-button" aria-label={c.removeGiftCard(last4(g.number))} onClick={() => onRemove(g.number)}>
                {c.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="applied">
        {cover > 0 ? `${c.giftCardCover(formatDkk(cover))} ${payText.rest(formatDkk(toPay))}` : ''}
      </p>
      <div className="apply-row" ref={inputs}>
        {field('number', c.giftCardNumber)}
        {field('pin', c.giftCardPin)}
        <button type="button" className="secondary" disabled={busy} onClick={() => void apply()}>
          {c.applyGiftCard}
        </button>
      </div>
    </fieldset>
  );
}
