import { t } from '../messages';
import { ConsentSettingsButton } from '../consent/consent-banner';

/** This page's texts (here, not in ../messages, so they load with the page). */
const ct = {
  title: 'Cookieliste',
  intro: 'Her er alle de cookies og data i din browser, som Profil Optiks webshop bruger. Nødvendige bruges altid; de øvrige kun med dit samtykke.',
  caption: 'Cookies og lokale data',
  name: 'Navn',
  kind: 'Type',
  group: 'Formål (gruppe)',
  purpose: 'Hvad den gør',
  lifetime: 'Levetid',
  rows: [
    { name: 'optik_shopper', kind: 'Cookie (httpOnly)', group: 'necessary', purpose: 'Husker din kurv og beskytter formularer mod misbrug (CSRF).', lifetime: '1 år' },
    { name: 'optik_session', kind: 'Cookie (httpOnly)', group: 'necessary', purpose: 'Holder dig logget ind på Min konto.', lifetime: '12 timer' },
    { name: 'optik_consent', kind: 'Local storage', group: 'necessary', purpose: 'Husker dit valg om cookies.', lifetime: 'Indtil du ændrer det' },
    { name: 'depict_session_id', kind: 'Session storage', group: 'necessary', purpose: 'Anonymt id for dit besøg, så søgeresultater hænger sammen.', lifetime: 'Til fanen lukkes' },
    { name: 'depict_attribution_{id}', kind: 'Session storage', group: 'necessary', purpose: 'Husker, hvilken søgning eller anbefaling et produkt blev fundet fra.', lifetime: 'Til fanen lukkes' },
    { name: 'depict_dsid', kind: 'Local storage', group: 'preferences', purpose: 'Anonymt id, der gør anbefalinger personlige.', lifetime: 'Indtil du sletter det' },
    { name: 'depict_searches', kind: 'Local storage', group: 'preferences', purpose: 'Dine seneste 30 søgninger, vist i søgefeltet.', lifetime: 'Indtil du sletter det' },
    { name: 'dataLayer', kind: 'Script-data', group: 'statistics', purpose: 'Anonym statistik om sidevisninger og viste produkter.', lifetime: 'Siden' },
  ] as const,
};

/** SPEC §2 /cookieliste: every cookie and storage key the shop sets, with its group and purpose. */
export function CookieList() {
  return (
    <div className="page">
      <h1>{ct.title}</h1>
      <p>{ct.intro}</p>
      <p>
        <ConsentSettingsButton />
      </p>
      <div className="table-scroll">
        <table className="cookie-list stack-table">
          <caption>{ct.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{ct.name}</th>
              <th scope="col">{ct.kind}</th>
              <th scope="col">{ct.group}</th>
              <th scope="col">{ct.purpose}</th>
              <th scope="col">{ct.lifetime}</th>
            </tr>
          </thead>
          <tbody>
            {ct.rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">
                  <code>{r.name}</code>
                </th>
                <td data-label={ct.kind}>{r.kind}</td>
                <td data-label={ct.group}>{t.consent.groups[r.group].title}</td>
                <td data-label={ct.purpose}>{r.purpose}</td>
                <td data-label={ct.lifetime}>{r.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
