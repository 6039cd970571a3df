import { routes } from '@optik/shared';
import { usePageMeta } from '../../page-meta';
import { ct } from './messages';
import './company.css';

const t = ct.landing;

/** /b2b: the company section's front page — what a company agreement is, and links to start one, order under one, or book an eye-health day. */
export function CompanyLandingPage() {
  usePageMeta(t.title, t.description);
  return (
    <div className="page narrow company-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <section aria-labelledby="b2b-what">
        <h2 id="b2b-what">{t.whatHeading}</h2>
        <ul>
          {t.what.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="b2b-start">
        <h2 id="b2b-start">{t.startHeading}</h2>
        <p>{t.startHint}</p>
        <p>
          <a className="button" href={routes.companyWizard}>
            {t.start}
          </a>
        </p>
      </section>
      <section aria-labelledby="b2b-more">
        <h2 id="b2b-more">{t.moreHeading}</h2>
        <ul>
          <li>
            <a href={routes.companyRequisition}>{t.requisition}</a> – {t.requisitionHint}
          </li>
          <li>
            <a href={routes.eyeHealthDay}>{t.eyeHealthDay}</a> – {t.eyeHealthDayHint}
          </li>
        </ul>
      </section>
    </div>
  );
}
