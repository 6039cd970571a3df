import { t } from '../messages';
import { ConsentSettingsButton } from '../consent/consent-banner';

/** SPEC §2 /cookieliste: every cookie and storage key the shop sets, with its group and purpose. */
export function CookieList() {
  return (
    <div className="page">
      <h1>{t.cookieList.title}</h1>
      <p>{t.cookieList.intro}</p>
      <p>
        <ConsentSettingsButton />
      </p>
      <div className="table-scroll">
        <table className="cookie-list">
          <caption>{t.cookieList.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.cookieList.name}</th>
              <th scope="col">{t.cookieList.kind}</th>
              <th scope="col">{t.cookieList.group}</th>
              <th scope="col">{t.cookieList.purpose}</th>
              <th scope="col">{t.cookieList.lifetime}</th>
            </tr>
          </thead>
          <tbody>
            {t.cookieList.rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">
                  <code>{r.name}</code>
                </th>
                <td>{r.kind}</td>
                <td>{t.consent.groups[r.group].title}</td>
                <td>{r.purpose}</td>
                <td>{r.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
