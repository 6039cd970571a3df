import { useParams } from '@tanstack/react-router';
import type { LifestyleDocument } from '@optik/shared';
import { api } from '../../../api';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { LifestyleLoad } from './answer';
import { lifestyleApi, lifestyleHref, type LifestyleApi } from './lifestyle-api';
import { lm } from './messages';
import './lifestyle.css';

/** /aftale: the agreement's documents — contract, terms and addenda — newest last. */
export function DocumentList({ api, id }: { api: LifestyleApi; id: string }) {
  const [state, reload] = useApi(`lifestyle-docs:${id}`, () => lifestyleApi.documents(api, id));
  return (
    <>
      <p>
        <a href={lifestyleHref.agreement(id)}>{lm.backToAgreement}</a>
      </p>
      <LifestyleLoad state={state} reload={reload} loading={lm.loadingDocuments}>
        {(docs) =>
          docs.length === 0 ? (
            <p>{lm.noDocuments}</p>
          ) : (
            <ul className="lifestyle-documents">
              {docs.map((d) => (
                <li key={d.id}>
                  <a href={lifestyleHref.document(id, d.id)}>{d.title}</a>
                  <span className="line-note">{`${lm.documentKinds[d.kind]} · ${lm.documentDate(d.createdOn)}`}</span>
                </li>
              ))}
            </ul>
          )
        }
      </LifestyleLoad>
    </>
  );
}

/** One document with its sections, to read, print or keep as a file. */
export function DocumentText({ agreementId, doc }: { agreementId: string; doc: LifestyleDocument }) {
  return (
    <article className="lifestyle-document" aria-labelledby="lifestyle-document-title">
      <h2 id="lifestyle-document-title">{doc.title}</h2>
      <p className="muted">{lm.documentDate(doc.createdOn)}</p>
      {doc.sections.map((s, i) => (
        <section key={i} aria-labelledby={`doc-section-${i}`}>
          <h3 id={`doc-section-${i}`}>{s.heading}</h3>
          {s.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
      <p className="lifestyle-document-actions">
        <a className="button" href={lifestyleHref.download(agreementId, doc.id)} download>
          {lm.download}
        </a>{' '}
        <button type="button" className="secondary" onClick={() => window.print()}>
          {lm.print}
        </button>
      </p>
    </article>
  );
}

export function DocumentView({ api, id, documentId }: { api: LifestyleApi; id: string; documentId: string }) {
  const [state, reload] = useApi(`lifestyle-doc:${id}:${documentId}`, () => lifestyleApi.document(api, id, documentId));
  return (
    <>
      <p>
        <a href={lifestyleHref.documents(id)}>{lm.allDocuments}</a>
      </p>
      <LifestyleLoad state={state} reload={reload} loading={lm.loadingDocuments} notFound={lm.documentNotFound}>
        {(doc) => <DocumentText agreementId={id} doc={doc} />}
      </LifestyleLoad>
    </>
  );
}

/** /min-konto/abonnement/briller/{subscriptionId}/aftale */
export function DocumentsPage() {
  const { subscriptionId } = useParams({ from: '/min-konto/abonnement/briller/$subscriptionId' });
  return <AccountPage title={lm.documentsTitle}>{() => <DocumentList api={api} id={subscriptionId} />}</AccountPage>;
}

/** /min-konto/abonnement/briller/{subscriptionId}/aftale/{documentId} */
export function DocumentPage() {
  const { subscriptionId, documentId } = useParams({ from: '/min-konto/abonnement/briller/$subscriptionId/aftale/$documentId' });
  return <AccountPage title={lm.documentTitle}>{() => <DocumentView api={api} id={subscriptionId} documentId={documentId} />}</AccountPage>;
}
