import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { loadOnce } from '../../load-once';
import { initialPayment, paymentFailureStep, type FailureResult, type PaymentErrors, type PaymentField, type PaymentState } from './payment-state';

const loadPaymentCheck = loadOnce(() => import('./payment-check').then((m) => m.checkPayment));

/** Everything a payment form holds about the payer's side; `PaymentFields` renders it. */
export interface PaymentForm {
  idPrefix: string;
  state: PaymentState;
  errors: PaymentErrors;
  /** Changes on result 99: the fields are remounted empty. */
  restarts: number;
  /** A change of the fields; a field that shows an error is checked again, and its error goes once it is fixed. */
  change: (next: PaymentState, field?: PaymentField) => void;
  /** Leaving a field that shows an error: its message follows what is there now. */
  blur: (field: PaymentField) => void;
  setErrors: (errors: PaymentErrors) => void;
  /** A SPEC §3 failure result: fields follow the result; returns the message to show and the field to focus (Klarna's CPR). */
  failed: (result: FailureResult, providerMessage: string) => { message: string; focusId: string | null };
  /** Back to empty fields (after a saved change). */
  reset: () => void;
}

/** The id `PaymentFields` gives a field's input. */
export const paymentInputId = (idPrefix: string, field: PaymentField) => `${idPrefix}-${field}`;

/**
 * The state of one payment form, the same in the checkout, the pay-by-link page, an invoice's
 * payment and method change and a subscription's payment update (issue 16 item 8).
 */
export function usePaymentForm(idPrefix: string): PaymentForm {
  const [state, setState] = useState<PaymentState>(initialPayment);
  const [errors, setErrorsState] = useState<PaymentErrors>({});
  const [restarts, setRestarts] = useState(0);
  /** The latest values, for a check that finishes after more typing. */
  const latest = useRef(state);
  const errorsNow = useRef(errors);

  const setErrors = useCallback((next: PaymentErrors) => {
    errorsNow.current = next;
    setErrorsState(next);
  }, []);

  const recheck = useCallback(
    (field: PaymentField, onBlur: boolean) => {
      if (!errorsNow.current[field]) return;
      loadPaymentCheck().then(
        (check) => {
          const found = check(latest.current)[field];
          const current = errorsNow.current;
          if (!current[field]) return;
          if (!found) {
            const { [field]: _fixed, ...rest } = current;
            setErrors(rest);
          } else if (onBlur && found !== current[field]) setErrors({ ...current, [field]: found });
        },
        // Offline: the error stays until the next submit checks again.
        () => undefined,
      );
    },
    [setErrors],
  );

  const change = useCallback(
    (next: PaymentState, field?: PaymentField) => {
      const previous = latest.current;
      latest.current = next;
      setState(next);
      if (errorsNow.current.method && next.method !== previous.method) {
        const { method: _chosen, ...rest } = errorsNow.current;
        setErrors(rest);
      }
      if (field) recheck(field, false);
    },
    [recheck, setErrors],
  );

  const blur = useCallback((field: PaymentField) => recheck(field, true), [recheck]);

  const failed = useCallback(
    (result: FailureResult, providerMessage: string) => {
      const step = paymentFailureStep(result, providerMessage);
      const next = step.payment(latest.current);
      latest.current = next;
      setState(next);
      setErrors({});
      if (step.restart) setRestarts((n) => n + 1);
      return { message: step.message, focusId: step.focusSsn ? paymentInputId(idPrefix, 'ssn') : null };
    },
    [idPrefix, setErrors],
  );

  const reset = useCallback(() => {
    latest.current = initialPayment;
    setState(initialPayment);
    setErrors({});
  }, [setErrors]);

  return useMemo(() => ({ idPrefix, state, errors, restarts, change, blur, setErrors, failed, reset }), [idPrefix, state, errors, restarts, change, blur, setErrors, failed, reset]);
}

/**
 * Focus after the next render: the first invalid field of the form (`null`) or an element by id.
 * One mechanism for every payment form's answers (fields with errors, Klarna's CPR field).
 */
export function useFocusRequest(formRef: RefObject<HTMLElement | null>): (id: string | null) => void {
  const [request, setRequest] = useState<{ id: string | null; n: number } | null>(null);
  useEffect(() => {
    if (!request) return;
    const el = request.id ? document.getElementById(request.id) : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  }, [request, formRef]);
  return useCallback((id: string | null) => setRequest((r) => ({ id, n: (r?.n ?? 0) + 1 })), []);
}
