import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@tanstack/react-router';
import type { SessionUser } from '@optik/shared';
import { api } from '../../api';
import { usePageMeta } from '../../page-meta';
import { LoadError } from '../../load-error';
import { at } from './messages';
import { loginHref, useSession } from './session';
import './account.css';

const SECTIONS: [string, string][] = [
  ['/min-konto', at.sections.overview],
  ['/min-konto/ordrer', at.sections.orders],
  ['/min-konto/abonnement', at.sections.subscriptions],
  ['/min-konto/betaling-fakturaer', at.sections.invoices],
  ['/min-konto/bestil-tid-til-synstest', at.sections.bookings],
  ['/min-konto/friends', at.sections.friends],
  ['/min-konto/opgaver', at.sections.details],
];

/** My Pages' section navigation; the current section is marked for screen readers. "Log ud" only for a signed-in customer. */
export function AccountNav({ pathname, signedIn = true }: { pathname: string; signedIn?: boolean }) {
  const current = SECTIONS.filter(([href]) => pathname === href || pathname.startsWith(`${href}/`)).sort((a, b) => b[0].length - a[0].length)[0]?.[0];
  return (
    <nav aria-label={at.sectionsLabel} className="account-nav">
      <ul>
        {SECTIONS.map(([href, label]) => (
          <li key={href}>
            <a href={href} aria-current={href === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
        {signedIn && (
          <li>
            <a href="/min-konto/log-ud">{at.logout}</a>
          </li>
        )}
      </ul>
    </nav>
  );
}

export interface AccountPageProps {
  /** The page's h1 and document title. */
  title: string;
  description?: string;
  /** The page's content for the signed-in customer. */
  children: (user: SessionUser) => ReactNode;
}

/**
 * Frame of every My Pages screen (SPEC §2 /min-konto/*, §6 a customer reaches only their own
 * data): the section navigation and, for a visitor who is not signed in, the way to sign in and
 * come back here. Staff and company sessions are not customers and are asked to sign in too.
 */
export function AccountPage({ title, description, children }: AccountPageProps) {
  const [session, refresh] = useSession(api);
  const { pathname, searchStr } = useLocation();
  usePageMeta(title, description);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const signedIn = session.state === 'signed-in' && session.user.role === 'customer';
  useEffect(() => {
    if (session.state !== 'loading') headingRef.current?.focus({ preventScroll: true });
  }, [session.state]);
  return (
    <div className="page account-page">
      <AccountNav pathname={pathname} signedIn={signedIn} />
      <div className="account-main">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {session.state === 'loading' ? <p role="status">{at.checking}</p> : null}
        {session.state === 'error' ? <LoadError className="error" onRetry={() => void refresh()} /> : null}
        {session.state === 'anonymous' || (session.state === 'signed-in' && !signedIn) ? (
          <div className="account-signin">
            <p>{at.signInNeeded}</p>
            <p>
              <a className="button" href={loginHref(`${pathname}${searchStr}`)}>
                {at.signInLink}
              </a>{' '}
              <a href="/min-konto/registrere">{at.registerLink}</a>
            </p>
          </div>
        ) : null}
        {signedIn ? children(session.user) : null}
      </div>
    </div>
  );
}
