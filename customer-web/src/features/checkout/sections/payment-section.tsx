import type { Dispatch, KeyboardEvent as ReactKeyboardEvent } from 'react';
import { formatDkk, type CheckoutQuote } from '@optik/shared';
import { TextField } from '../../../text-field';
import { PaymentFields } from '../../payment/payment-fields';
import type { PaymentForm } from '../../payment/use-payment';
import type { Choices, Errors, GiftCardInput } from '../checkout-form';
import type { CheckoutAction } from '../checkout-reducer';
import { checkoutText as c } from '../messages';

const last4 = (n: string) => n.slice(-4);

/** Enter in the discount or gift card fields applies them instead of paying. */
function onEnter(e: ReactKeyboardEvent<HTMLInputElement>, apply: () => void) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  apply();
}

/**
 * How the order is paid: a discount code, gift cards (partial cover), and the rest with the
 * shop's one payment form (features/payment) — or nothing more when gift cards cover it all.
 */
export function PaymentSection({
  idPrefix,
  quote,
  choices,
  discountInput,
  gift,
  applying,
  errors,
  payment,
  dispatch,
  onApplyDiscount,
  onApplyGiftCard,
  onRequote,
}: {
  idPrefix: string;
  quote: CheckoutQuote | null;
  choices: Choices;
  discountInput: string;
  gift: GiftCardInput;
  applying: boolean;
  errors: Errors;
  payment: PaymentForm;
  dispatch: Dispatch<CheckoutAction>;
  onApplyDiscount: () => void;
  onApplyGiftCard: () => void;
  /** A quote for changed choices (a discount code or gift card removed). */
  onRequote: (next: Choices) => void;
}) {
  const needsPayment = !quote || quote.toPay > 0;
  const code = quote?.discountCode ?? choices.discountCode;
  return (
    <>
      <fieldset>
        <legend>{c.discountLegend}</legend>
        {choices.discountCode && quote && code && (
          <p className="applied">
            {c.discountApplied(code, formatDkk(quote.discount))}{' '}
            <button type="button" className="link-button" aria-label={c.removeDiscount(code)} onClick={() => onRequote({ ...choices, discountCode: undefined })}>
              {c.remove}
            </button>
          </p>
        )}
        <div className="apply-row">
          <TextField
            id={`${idPrefix}-discount`}
            label={c.discountCode}
            error={errors.discountCode}
            value={discountInput}
            autoComplete="off"
            onChange={(e) => dispatch({ type: 'discount-input', value: e.target.value })}
            onKeyDown={(e) => onEnter(e, onApplyDiscount)}
          />
          <button type="button" className="secondary" disabled={applying} onClick={onApplyDiscount}>
            {c.apply}
          </button>
        </div>
      </fieldset>

      <fieldset>
        <legend>{c.giftCardLegend}</legend>
        {choices.giftCards.length > 0 && (
          <ul className="applied-list">
            {choices.giftCards.map((g) => (
              <li key={g.number}>
                {c.giftCardApplied(last4(g.number))}{' '}
                <button type="button" className="link-button" aria-label={c.removeGiftCard(last4(g.number))} onClick={() => onRequote({ ...choices, giftCards: choices.giftCards.filter((x) => x.number !== g.number) })}>
                  {c.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        {quote && quote.giftCardCover > 0 && <p className="applied">{c.giftCardCover(formatDkk(quote.giftCardCover))}</p>}
        <div className="apply-row">
          <TextField
            id={`${idPrefix}-gift-number`}
            label={c.giftCardNumber}
            error={errors.giftCards}
            value={gift.number}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => dispatch({ type: 'gift-input', field: 'number', value: e.target.value })}
            onKeyDown={(e) => onEnter(e, onApplyGiftCard)}
          />
          <TextField
            id={`${idPrefix}-gift-pin`}
            label={c.giftCardPin}
            value={gift.pin}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => dispatch({ type: 'gift-input', field: 'pin', value: e.target.value })}
            onKeyDown={(e) => onEnter(e, onApplyGiftCard)}
          />
          <button type="button" className="secondary" disabled={applying} onClick={onApplyGiftCard}>
            {c.applyGiftCard}
          </button>
        </div>
      </fieldset>

      <fieldset>
        <legend>{c.paymentLegend}</legend>
        {needsPayment ? <PaymentFields form={payment} /> : <p>{c.giftCardsCoverAll}</p>}
      </fieldset>
    </>
  );
}
