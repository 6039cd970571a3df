import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCopenhagenDate, friendsMembershipResponseSchema, friendsSignupRequestSchema, routes, type FriendsMembership } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { FieldError } from '../../../text-field';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { fm } from './messages';
import './friends.css';

export type FriendsApi = Pick<typeof api, 'get' | 'post'>;

const membershipOf = (a: FriendsApi) => a.get(friendsMembershipResponseSchema, '/api/friends/membership');

/** Joining: the terms must be accepted (SPEC §5); the checkbox's error is tied to it and gets focus. */
function SignupForm({ api, onJoined }: { api: FriendsApi; onJoined: (m: FriendsMembership) => void }) {
  const [accepted, setAccepted] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const boxRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const check = friendsSignupRequestSchema.safeParse({ acceptTerms: accepted });
    if (!check.success) {
      setFieldError(check.error.issues[0]?.message ?? null);
      boxRef.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const r = await api.post(friendsMembershipResponseSchema, '/api/friends/signup', { acceptTerms: true });
    setBusy(false);
    if (r.ok) onJoined(r.data.data);
    else if (r.error.fields?.acceptTerms) setFieldError(r.error.fields.acceptTerms);
    else setError(r.error.message);
  };

  return (
    <form className="stack friends-signup" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p id={`${id}-terms`}>
        <a href={routes.friendsTerms}>{fm.termsLink}</a>
      </p>
      <label className="choice" htmlFor={`${id}-accept`}>
        <input
          ref={boxRef}
          id={`${id}-accept`}
          type="checkbox"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[`${id}-terms`, fieldError && `${id}-error`].filter(Boolean).join(' ')}
        />
        {fm.accept}
      </label>
      {fieldError && <FieldError id={`${id}-error`}>{fieldError}</FieldError>}
      <button type="submit" disabled={busy}>
        {busy ? fm.joining : fm.join}
      </button>
    </form>
  );
}

function LeaveMembership({ api, onLeft }: { api: FriendsApi; onLeft: (m: FriendsMembership) => void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);
  const leave = async () => {
    setBusy(true);
    const r = await api.post(friendsMembershipResponseSchema, '/api/friends/leave');
    setBusy(false);
    if (r.ok) onLeft(r.data.data);
    else setError(r.error.message);
  };
  return (
    <section aria-labelledby="friends-leave">
      <h2 id="friends-leave">{fm.leaveHeading}</h2>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {asking ? (
        <>
          <p tabIndex={-1} ref={questionRef}>
            {fm.leaveConfirm}
          </p>
          <p className="friends-buttons">
            <button type="button" onClick={() => void leave()} disabled={busy}>
              {fm.leaveYes}
            </button>
            <button type="button" className="secondary" onClick={() => setAsking(false)}>
              {fm.leaveNo}
            </button>
          </p>
        </>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking(true)}>
          {fm.leave}
        </button>
      )}
    </section>
  );
}

/** A member's benefits: the frame discount, cover on glasses bought as a member, the free visit. */
export function MemberBenefits({ membership: m }: { membership: FriendsMembership }) {
  return (
    <>
      {m.memberSince && <p className="lead">{fm.memberSince(m.memberSince)}</p>}
      <section aria-labelledby="friends-frame">
        <h2 id="friends-frame">{fm.frameHeading}</h2>
        <p>{fm.frameText}</p>
        {m.frameDiscountEyeTests > 0 && <p className="friends-ready">{fm.frameReady(m.frameDiscountEyeTests)}</p>}
        <p>
          <a className="button" href={routes.booking}>
            {fm.bookExam}
          </a>
        </p>
      </section>
      <section aria-labelledby="friends-cover">
        <h2 id="friends-cover">{fm.coverHeading}</h2>
        <p>{fm.coverIntro}</p>
        {m.coveredPurchases.length === 0 ? (
          <p>{fm.noCover}</p>
        ) : (
          <table className="order-lines friends-cover">
            <caption className="visually-hidden">{fm.coverCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{fm.order}</th>
                <th scope="col">{fm.bought}</th>
                <th scope="col">{fm.accident}</th>
                <th scope="col">{fm.exchange}</th>
              </tr>
            </thead>
            <tbody>
              {m.coveredPurchases.map((p) => (
                <tr key={p.orderId}>
                  <td>
                    <a href={`/min-konto/ordrer/${encodeURIComponent(p.orderId)}`}>{p.orderNumber}</a>
                    <span className="line-note">{p.description}</span>
                  </td>
                  <td>{formatCopenhagenDate(p.purchasedOn)}</td>
                  <td>{p.accidentCoverActive ? fm.until(p.accidentCoverUntil) : fm.ended(p.accidentCoverUntil)}</td>
                  <td>{p.exchangeActive ? fm.until(p.exchangeUntil) : fm.ended(p.exchangeUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="friends-visit">
        <h2 id="friends-visit">{fm.visitHeading}</h2>
        <p>{m.freeVisit.until ? (m.freeVisit.available ? fm.visitAvailable(m.freeVisit.until) : fm.visitEnded(m.freeVisit.until)) : fm.visitNone}</p>
      </section>
    </>
  );
}

/** /min-konto/friends: sign up (free, terms accepted) or, as a member, the benefits. */
export function FriendsClub({ api }: { api: FriendsApi }) {
  const [state, reload] = useApi('friends-membership', () => membershipOf(api));
  const [changed, setChanged] = useState<{ membership: FriendsMembership; message: string } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (changed) messageRef.current?.focus();
  }, [changed]);

  if (state.state === 'loading') return <p role="status">{fm.loading}</p>;
  if (state.state === 'error') return <LoadError onRetry={reload} />;
  const m = changed?.membership ?? state.data.data;
  return (
    <>
      {changed && (
        <p role="status" className="friends-message" tabIndex={-1} ref={messageRef}>
          {changed.message}
        </p>
      )}
      {m.member ? (
        <>
          <MemberBenefits membership={m} />
          <LeaveMembership api={api} onLeft={(left) => setChanged({ membership: left, message: fm.left })} />
        </>
      ) : (
        <>
          <p>{fm.intro}</p>
          <ul className="friends-benefits">
            {fm.benefits.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
          <p>
            <a href={routes.friendsBenefits}>{fm.readMore}</a>
          </p>
          <SignupForm api={api} onJoined={(joined) => setChanged({ membership: joined, message: fm.welcome })} />
        </>
      )}
    </>
  );
}

/** /min-konto/friends */
export function FriendsPage() {
  return <AccountPage title={fm.title} description={fm.description}>{() => <FriendsClub api={api} />}</AccountPage>;
}
