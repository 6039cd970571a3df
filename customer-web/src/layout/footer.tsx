import { useState } from 'react';
import { ConsentSettingsButton } from '../consent/consent-banner';
import { t } from '../messages';
import { BOOK_EXAM_PATH } from './header';
import { layoutText as l } from './messages';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

type Section = keyof typeof t.footer.sections;

/** Footer content pages of SPEC §2, grouped in four sections. */
const LINKS: Record<Section, [string, string][]> = {
  kundeservice: [
    ['/kontakt-os', 'Kontakt os'],
    ['/garanti-ombytningsret', 'Garanti og ombytningsret'],
    ['/fri-service', 'Fri service'],
    ['/ofte-stillede-spoergsmaal', 'Ofte stillede spørgsmål'],
  ],
  handel: [
    ['/delbetaling', 'Delbetaling'],
    ['/rabat-tilbud', 'Rabatter og tilbud'],
    ['/briller-lifestyle-aftale', 'Lifestyle-aftale'],
  ],
  'om-os': [
    ['/profil-optiks-historie', 'Profil Optiks historie'],
    ['/presse', 'Presse'],
    ['/billeder-og-logo', 'Billeder og logo'],
    ['/baeredygtighed', 'Vision og bæredygtighed'],
    ['/om-os/tilgængelighed', 'Tilgængelighed'],
  ],
  juridisk: [
    ['/købs-og-leveringsbetingelser', 'Købs- og leveringsbetingelser'],
    ['/forbrugerklager', 'Klagemuligheder'],
    ['/privatlivspolitik', 'Privatlivspolitik'],
    ['/cookies', 'Cookies'],
  ],
};

const SECTIONS = Object.keys(LINKS) as Section[];

const SMALL_LINKS: [string, string][] = [
  ['/kontakt-os', l.footer.contact],
  ['/presse', l.footer.press],
  ['/om-os', l.footer.about],
  ['/baeredygtighed', l.footer.vision],
];

const JOBS_URL = 'https://job.profiloptik.example';

export interface FooterProps {
  /** Market code; the extra card brand is not offered in Denmark. */
  market?: string;
  /** Show every section open (wide screens); defaults to the desktop media query. */
  wide?: boolean;
}

/**
 * SPEC §2/§4: four link sections that are single-expand collapsibles on small screens. On wide
 * screens there is room for all four, so they are shown open as plain headed lists.
 */
export function Footer({ market = 'dk', wide }: FooterProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const showAll = wide ?? desktop;
  const [open, setOpen] = useState<Section | null>(null);
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{t.footer.heading}</h2>
      <div className={showAll ? 'footer-sections' : 'footer-sections collapsible'}>
        {SECTIONS.map((section) => {
          const list = (
            <ul>
              {LINKS[section].map(([href, label]) => (
                <li key={href}>
                  <a href={href}>{label}</a>
                </li>
              ))}
            </ul>
          );
          if (showAll) {
            return (
              <nav key={section} aria-labelledby={`footer-${section}`}>
                <h3 id={`footer-${section}`}>{t.footer.sections[section]}</h3>
                {list}
              </nav>
            );
          }
          const expanded = open === section;
          return (
            <div key={section} className="footer-section">
              <h3>
                <button
                  id={`footer-${section}`}
                  type="button"
                  className="footer-toggle"
                  aria-expanded={expanded}
                  aria-controls={`footer-panel-${section}`}
                  onClick={() => setOpen(expanded ? null : section)}
                >
                  {t.footer.sections[section]}
                  <span aria-hidden="true" className="footer-toggle-icon">
                    {expanded ? '−' : '+'}
                  </span>
                </button>
              </h3>
              <nav id={`footer-panel-${section}`} aria-labelledby={`footer-${section}`} hidden={!expanded}>
                {list}
              </nav>
            </div>
          );
        })}
      </div>
      <div className="footer-extras">
        <a className="button" href={BOOK_EXAM_PATH}>
          {t.nav.bookExam}
        </a>
        <ul className="payment-badges" aria-label={l.footer.payments}>
          <li className="badge klarna">
            Klarna <span className="visually-hidden">{l.footer.klarnaHint}</span>
          </li>
          <li className="badge visa">Visa</li>
          {market !== 'dk' && <li className="badge mastercard">Mastercard</li>}
        </ul>
      </div>
      <p className="payments">{t.footer.payments}</p>
      <p>
        <ConsentSettingsButton /> · <a href="/cookieliste">{t.consent.listLink}</a>
      </p>
      <nav aria-label={l.footer.smallLinks} className="footer-small-links">
        <ul>
          {SMALL_LINKS.slice(0, 3).map(([href, label]) => (
            <li key={href}>
              <a href={href}>{label}</a>
            </li>
          ))}
          <li>
            <a href={JOBS_URL} target="_blank" rel="noopener noreferrer">
              {l.footer.jobs} <span className="visually-hidden">{l.footer.newWindow}</span>
            </a>
          </li>
          {SMALL_LINKS.slice(3).map(([href, label]) => (
            <li key={href}>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="copyright">{t.footer.copyright}</p>
    </footer>
  );
}
