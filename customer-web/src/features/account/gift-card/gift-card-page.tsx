import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GiftCard } from '@optik/shared';
import { api as defaultApi, type Api } from '../../../api';
import { loadOnce } from '../../../load-once';
import { t } from '../../../messages';
import { usePageMeta } from '../../../page-meta';
import { TextField } from '../../../text-field';
import { useLoadOnSubmit } from '../../../form';
import { useFormFields } from '../lifestyle/form-fields';
import { gm } from './messages';
import './gift-card.css';

type GiftCardApi = Pick<Api, 'giftCardBalance'>;

/** The field check (zod), loaded on the first submit (./lookup-check). */
const loadCheck = loadOnce(() => import('./lookup-check'));

/**
 * SPEC /gavekort: balance by number and PIN, no login needed. The API throttles PIN guessing;
 * a mismatch shows SPEC §8's message without saying which part was wrong, and what was typed stays.
 */
export function GiftCardLookup({ api }: { api: GiftCardApi }) {
  const form = useRef<HTMLFormElement>(null);
  const { values, field, showErrors, setAlert, alertBox } = useFormFields<'number' | 'pin'>('giftcard', { number: '', pin: '' }, form);
  const [card, setCard] = useState<GiftCard | null>(null);
  const [busy, setBusy] = useState(false);
  const checks = useLoadOnSubmit(loadCheck, () => setAlert(t.error.generic));
  const resultRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (card) resultRef.current?.focus();
  }, [card]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setCard(null);
    const m = await checks();
    if (!m) return;
    const { errors, card: asked } = m.checkLookup(values.number, values.pin);
    if (showErrors(errors) || !asked) return;
    setBusy(true);
    const r = await api.giftCardBalance(asked.number, asked.pin);
    setBusy(false);
    if (r.ok) {
      setCard(r.data.data);
      return;
    }
    // A mismatch (fields.giftCards), too many attempts (429) or a failure: one message for the whole form.
    const { giftCards, ...fields } = r.error.fields ?? {};
    if (!showErrors(fields) || giftCards) setAlert(giftCards ?? r.error.message);
  };

  return (
    <>
      <form ref={form} className="stack gift-card-form" onSubmit={(e) => void submit(e)} noValidate>
        {alertBox}
        <TextField {...field('number')} label={gm.number} hint={gm.numberHint} inputMode="numeric" autoComplete="off" required />
        <TextField {...field('pin')} label={gm.pin} hint={gm.pinHint} type="password" inputMode="numeric" autoComplete="off" required />
        <button type="submit" disabled={busy}>
          {busy ? gm.checking : gm.submit}
        </button>
      </form>
      {card && (
        <section aria-labelledby="giftcard-result" className="gift-card-result">
          <h2 id="giftcard-result" tabIndex={-1} ref={resultRef}>
            {gm.resultHeading}
          </h2>
          <p role="status">
            <span className="line-note">{gm.cardEnding(card.number)}</span>
            <strong className="gift-card-balance">{gm.balance(card.balance)}</strong>
          </p>
          {card.balance === 0 && <p>{gm.empty}</p>}
          <p>{card.expiresAt ? gm.expires(card.expiresAt) : gm.noExpiry}</p>
          {card.balance > 0 && (
            <p>
              <a href="/briller">{gm.shop}</a>
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** /gavekort — a public page, not part of My Pages. */
export function GiftCardPage() {
  usePageMeta(gm.title, gm.description);
  return (
    <div className="page narrow gift-card-page">
      <h1>{gm.title}</h1>
      <p className="lead">{gm.intro}</p>
      <p>{gm.usage}</p>
      <GiftCardLookup api={defaultApi} />
    </div>
  );
}
