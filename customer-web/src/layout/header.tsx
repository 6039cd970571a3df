import type { ReactNode, RefObject } from 'react';
import { t } from '../messages';
import { layoutText as l } from './messages';

/** SPEC §2 booking route; the header, footer, bottom bar and fold menu link to it. */
export const BOOK_EXAM_PATH = '/bestil-tid-til-synstest';

/** SPEC §2: the book-exam button is hidden on the booking route itself. */
export function isBookingPath(pathname: string): boolean {
  return pathname === BOOK_EXAM_PATH || pathname.startsWith(`${BOOK_EXAM_PATH}/`);
}

const NAV: [string, string][] = [
  ['/briller', t.nav.briller],
  ['/solbriller', t.nav.solbriller],
  ['/sportsbriller', t.nav.sportsbriller],
  ['/kontaktlinser', t.nav.kontaktlinser],
  ['/oejenpleje', t.nav.oejenpleje],
];

const TOP: [string, string][] = [
  ['/briller-lifestyle-aftale', l.top.lifestyle],
  ['/b2b', l.top.company],
  ['/hoerelse', l.top.hearing],
];

export interface HeaderProps {
  pathname: string;
  /** The store user's name when the visitor is logged in as a store (SPEC §6), else null. */
  storeUserName: string | null;
  menuId: string;
  menuOpen: boolean;
  onMenuToggle: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** The router-bound parts: the logo link, the search widget button and the cart toggle. */
  logo: ReactNode;
  search?: ReactNode;
  cart?: ReactNode;
}

export function Header({ pathname, storeUserName, menuId, menuOpen, onMenuToggle, menuButtonRef, logo, search, cart }: HeaderProps) {
  const myPages = storeUserName ?? t.nav.myPages;
  const subMenu: [string, string][] = [
    ['/linseabonnement', l.sub.subscription],
    ...NAV.slice(0, 4),
    ['/min-konto', myPages],
    ['/find-butik', t.nav.findStore],
    ['/kontakt-os', l.sub.customerService],
  ];
  return (
    <header className="site-header">
      <nav aria-label={l.topMenu} className="top-menu">
        <ul>
          {TOP.map(([href, label]) => (
            <li key={href}>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="bar">
        <button ref={menuButtonRef} type="button" className="menu-button secondary" aria-haspopup="dialog" aria-expanded={menuOpen} aria-controls={menuId} onClick={onMenuToggle}>
          <span aria-hidden="true">☰ </span>
          {l.menuButton}
        </button>
        {logo}
        <nav aria-label={t.mainNav} className="main-nav">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <a href={href}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          {search}
          <a href="/find-butik">{t.nav.findStore}</a>
          {!isBookingPath(pathname) && (
            <a className="button" href={BOOK_EXAM_PATH}>
              {t.nav.bookExam}
            </a>
          )}
          <a href="/min-konto">{myPages}</a>
          {cart}
        </div>
      </div>
      <nav aria-label={l.subMenu} className="sub-menu">
        <ul>
          {subMenu.map(([href, label]) => (
            <li key={href}>
              <a href={href} aria-current={pathname === href ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
