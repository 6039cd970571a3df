import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { lifestyleMessages, type LifestyleAgreementView, type LifestylePerks } from '@optik/shared';
import { api } from '../../../api';
import { FieldError } from '../../../text-field';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { exchangeText } from './agreement-page';
import { LifestyleLoad } from './answer';
import { lifestyleApi, lifestyleHref, type LifestyleApi } from './lifestyle-api';
import { lm } from './messages';
import './lifestyle.css';

interface ExchangeProps {
  api: LifestyleApi;
  agreement: LifestyleAgreementView;
  onExchanged: (a: LifestyleAgreementView, frameName: string) => void;
}

/** The yearly exchange (SPEC §1): pick a brand, then a frame within the agreement, and order it. */
export function ExchangeForm({ api, agreement, onExchanged }: ExchangeProps) {
  const [frames, reload] = useApi(`lifestyle-frames:${agreement.id}`, () => lifestyleApi.frames(api, agreement.id));
  const [brand, setBrand] = useState('');
  const [articleId, setArticleId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <LifestyleLoad state={frames} reload={reload} loading={lm.loadingFrames}>
      {(options) => {
        if (options.length === 0) return <p>{lm.noFrames}</p>;
        const brands = [...new Set(options.map((f) => f.brand))];
        const shown = options.filter((f) => f.brand === brand);
        const submit = async (e: FormEvent) => {
          e.preventDefault();
          setError(null);
          const chosen = options.find((f) => f.articleId === articleId);
          if (!chosen) {
            setFieldError(lifestyleMessages.chooseFrame);
            document.getElementById(brand ? `${ids}-frame-0` : `${ids}-brand`)?.focus();
            return;
          }
          setFieldError(null);
          setBusy(true);
          const r = await lifestyleApi.exchange(api, agreement.id, chosen.articleId);
          setBusy(false);
          if (r.ok) onExchanged(r.data.data, `${chosen.name} (${chosen.brand})`);
          else if (r.error.fields?.articleId) setFieldError(r.error.fields.articleId);
          else setError(r.error.message);
        };
        return (
          <form className="stack lifestyle-exchange" onSubmit={(e) => void submit(e)} noValidate>
            <p>{lm.exchangeIntro(agreement.frameAllowance)}</p>
            {error && (
              <div role="alert" className="error" tabIndex={-1} ref={errorRef}>
                <p>{error}</p>
              </div>
            )}
            <label htmlFor={`${ids}-brand`}>{lm.brand}</label>
            <select
              id={`${ids}-brand`}
              value={brand}
              onChange={(e) => {
                setBrand(e.target.value);
                setArticleId('');
              }}
              aria-describedby={fieldError && !brand ? `${ids}-error` : undefined}
            >
              <option value="">{lm.chooseBrand}</option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
            {brand && (
              <fieldset aria-describedby={fieldError ? `${ids}-error` : undefined}>
                <legend>{lm.frames(brand)}</legend>
                <ul className="lifestyle-frames">
                  {shown.map((f, i) => (
                    <li key={f.articleId}>
                      <label className="choice" htmlFor={`${ids}-frame-${i}`}>
                        <input id={`${ids}-frame-${i}`} type="radio" name="frame" value={f.articleId} checked={articleId === f.articleId} onChange={() => setArticleId(f.articleId)} />
                        {f.image && <img src={f.image.sm} alt="" width={145} loading="lazy" />}
                        <span>
                          <strong>{f.name}</strong>
                          <span className="line-note">{lm.framePrice(f.price)}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            {fieldError && <FieldError id={`${ids}-error`}>{fieldError}</FieldError>}
            <button type="submit" disabled={busy}>
              {busy ? lm.ordering : lm.orderExchange}
            </button>
          </form>
        );
      }}
    </LifestyleLoad>
  );
}

/** The referral code with a copy button; copying is announced. */
export function ReferralBox({ referral }: { referral: LifestylePerks['referral'] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.code);
      setCopied(lm.copied);
    } catch {
      setCopied(lm.copyFailed);
    }
  };
  return (
    <section aria-labelledby="lifestyle-referral">
      <h2 id="lifestyle-referral">{lm.referralHeading}</h2>
      {referral.active ? (
        <>
          <p>{lm.referralText(referral.friendMonths, referral.referrerMonths)}</p>
          <p className="lifestyle-code">
            <span>{`${lm.referralCodeLabel}: `}</span>
            <strong>{referral.code}</strong>{' '}
            <button type="button" className="secondary" onClick={() => void copy()}>
              {lm.copyCode}
            </button>
          </p>
          <p role="status">{copied}</p>
          <p>{lm.referralStats(referral.friendsReferred, referral.monthsEarned)}</p>
        </>
      ) : (
        <p>{lm.referralInactive}</p>
      )}
    </section>
  );
}

export function PerksContent({ api, perks }: { api: LifestyleApi; perks: LifestylePerks }) {
  const [agreement, setAgreement] = useState(perks.agreement);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  return (
    <>
      <p className="lead">{`${agreement.product.name} (${agreement.product.brand}) · ${lm.agreementNumber.toLowerCase()} ${agreement.agreementNumber}`}</p>
      <section aria-labelledby="lifestyle-perks">
        <h2 id="lifestyle-perks">{lm.yourPerks}</h2>
        <ul className="lifestyle-perks">
          {perks.perks.map((p) => (
            <li key={p.id}>
              <strong>{p.title}</strong>
              <span>{p.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="lifestyle-exchange">
        <h2 id="lifestyle-exchange">{lm.exchangeHeading}</h2>
        {done && (
          <p role="status" className="lifestyle-done" tabIndex={-1} ref={doneRef}>
            {done}
          </p>
        )}
        {agreement.exchange.available ? (
          <ExchangeForm
            api={api}
            agreement={agreement}
            onExchanged={(a, name) => {
              setAgreement(a);
              setDone(lm.exchangeDone(name));
            }}
          />
        ) : (
          <p>{exchangeText(agreement)}</p>
        )}
      </section>
      <ReferralBox referral={perks.referral} />
      <section aria-labelledby="lifestyle-free">
        <h2 id="lifestyle-free">{lm.freeMonthsHeading}</h2>
        <p>{lm.freeMonths(agreement.freeMonthsLeft)}</p>
      </section>
    </>
  );
}

export function PerksView({ api, id }: { api: LifestyleApi; id: string }) {
  const [state, reload] = useApi(`lifestyle-perks:${id}`, () => lifestyleApi.perks(api, id));
  return (
    <>
      <p>
        <a href={lifestyleHref.agreement(id)}>{lm.backToAgreement}</a>
      </p>
      <LifestyleLoad state={state} reload={reload} loading={lm.loading}>
        {(perks) => <PerksContent api={api} perks={perks} />}
      </LifestyleLoad>
    </>
  );
}

/** /min-konto/abonnement/briller/{subscriptionId}/fordele */
export function PerksPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/briller/$subscriptionId' });
  return <AccountPage title={lm.perksTitle}>{() => <PerksView api={api} id={subscriptionId} />}</AccountPage>;
}
