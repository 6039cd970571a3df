import { Link, Outlet } from '@tanstack/react-router';
import { t } from '../messages';
import { SearchButton, SearchModal } from '../widget/search-modal';
import { ConsentBanner } from '../consent/consent-banner';
import { SiteCart } from '../features/cart';
import { Footer } from './footer';

const NAV: [string, string][] = [
  ['/briller', t.nav.briller],
  ['/solbriller', t.nav.solbriller],
  ['/sportsbriller', t.nav.sportsbriller],
  ['/kontaktlinser', t.nav.kontaktlinser],
  ['/oejenpleje', t.nav.oejenpleje],
];

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#indhold">
        {t.skipToContent}
      </a>
      <header className="site-header">
        <div className="bar">
          <Link to="/" className="logo">
            Profil <span>Optik</span>
            <span className="visually-hidden"> – {t.homeLink}</span>
          </Link>
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
            <SearchButton />
            <a href="/find-butik">{t.nav.findStore}</a>
            <a className="button" href="/bestil-tid-til-synstest">
              {t.nav.bookExam}
            </a>
            <a href="/min-konto">{t.nav.myPages}</a>
            <SiteCart />
          </div>
        </div>
      </header>
      <main id="indhold" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ConsentBanner />
      <SearchModal />
    </>
  );
}
