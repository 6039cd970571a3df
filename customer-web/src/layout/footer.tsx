import { ConsentSettingsButton } from '../consent/consent-banner';
import { t } from '../messages';

type Section = keyof typeof t.footer.sections;

/** Footer content pages of SPEC §2, grouped in four sections. */
const LINKS: Record<Section, [string, string][]> = {
  kundeservice: [
    ['/kontakt-os', 'Kontakt os'],
    ['/garanti-ombytningsret', 'Garanti og ombytningsret'],
    ['/fri-service', 'Fri service'],
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

export function Footer() {
  return (
    <footer className="site-footer">
      <h2 className="visually-hidden">{t.footer.heading}</h2>
      <div className="footer-sections">
        {(Object.keys(LINKS) as Section[]).map((section) => (
          <nav key={section} aria-labelledby={`footer-${section}`}>
            <h3 id={`footer-${section}`}>{t.footer.sections[section]}</h3>
            <ul>
              {LINKS[section].map(([href, label]) => (
                <li key={href}>
                  <a href={href}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="payments">{t.footer.payments}</p>
      <p>
        <ConsentSettingsButton /> · <a href="/cookieliste">{t.consent.listLink}</a>
      </p>
      <p className="copyright">{t.footer.copyright}</p>
    </footer>
  );
}
