import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  contractDocumentResponseSchema,
  contractSignRequestSchema,
  contractStatusLabels,
  contractTerminateRequestSchema,
  contractViewResponseSchema,
  copenhagenIsoDate,
  formatDanishDate,
  type ContractView,
} from '@optik/shared';
import { LoadError } from '../../load-error';
import { usePageMeta } from '../../page-meta';
import { TextField } from '../../text-field';
import { useApi } from '../../use-api';
import { schemaErrors } from '../../form';
import { AgreementSummary } from './agreement-summary';
import type { CompanyApi } from './company-wizard';
import { CheckboxField } from './fields';
import { FormEnd, useSubmit } from './form';
import { takeLinkToken } from './link-token';
import { ct } from './messages';
import './company.css';

const t = ct.sign;
const day = (iso: string) => formatDanishDate(copenhagenIsoDate(new Date(iso)));

/**
 * SPEC §2 /b2b/underskrive-kontrakt: the mailed link (token in the URL fragment `#t=`, so it
 * reaches no server log) opens the agreement; the page takes the token out of the address bar
 * into memory (link-token.ts) and sends it only in request bodies. The signing party types their
 * name and consents to sign (Created → Active) and can later terminate it (→ Terminated); the
 * contact's link only reads. An expired or replaced link (410) says so and whom to ask.
 */
export function SignContractPage({ api }: { api: CompanyApi }) {
  const [token] = useState(() => takeLinkToken() ?? '');
  const [loaded, reload] = useApi(`company-contract:${token}`, () =>
    // Without a token there is nothing to ask for: the page says so (below).
    token ? api.post(contractViewResponseSchema, '/api/company/sign/lookup', { token }) : Promise.resolve({ ok: false as const, status: 400, error: { code: 'bad_request' as const, message: t.missing } }),
  );
  const [changed, setChanged] = useState<ContractView | null>(null);
  const view = changed ?? (loaded.state === 'ready' ? loaded.data.data : null);
  const title = view && !(view.role === 'signer' && view.contract.status === 'Created') ? t.viewTitle : t.title;
  usePageMeta(title, t.description);

  if (!token) {
    return (
      <div className="page narrow company-page">
        <h1>{t.title}</h1>
        <p role="alert" className="error">
          {t.missing}
        </p>
        <p>
          {t.missingHelp} <a href="/b2b/ny-aftale">{ct.links.newAgreement}</a> · <a href="/erhverv">{ct.links.company}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow company-page">
      <h1>{title}</h1>
      {loaded.state === 'loading' && !changed && <p role="status">{t.loading}</p>}
      {loaded.state === 'error' &&
        !changed &&
        (loaded.status === 404 || loaded.status === 410 ? (
          <p role="alert" className="error">
            {loaded.message}
          </p>
        ) : (
          <LoadError onRetry={reload} />
        ))}
      {view && <Contract api={api} token={token} view={view} onChanged={setChanged} />}
    </div>
  );
}

function Contract({ api, token, view, onChanged }: { api: CompanyApi; token: string; view: ContractView; onChanged: (v: ContractView) => void }) {
  const c = view.contract;
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const done = (v: ContractView, message: string) => {
    onChanged(v);
    setNotice(message);
  };
  return (
    <>
      <p>
        {t.status}: <span className="company-status">{contractStatusLabels[c.status]}</span>
      </p>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status" className="company-notice">
          {notice}
        </p>
      )}
      {c.signedAt && <p>{t.signedBy(c.signedBy ?? c.signingParty.name, day(c.signedAt))}</p>}
      {c.terminatedAt && <p>{t.terminatedAt(day(c.terminatedAt))}</p>}
      {view.role === 'viewer' && <p className="company-notice">{t.viewerNote(c.signingParty.name)}</p>}
      <p>{t.linkExpires(day(view.linkExpiresAt))}</p>
      <AgreementSummary facts={c} />
      <DocumentButton api={api} token={token} path={view.documentPath} />
      {view.role === 'signer' && c.status === 'Created' && <SignForm api={api} token={token} view={view} onSigned={(v) => done(v, t.signed(v.contract.contactPerson.email))} />}
      {view.role === 'signer' && c.status === 'Active' && <TerminateForm api={api} token={token} company={c.companyName} onTerminated={(v) => done(v, t.terminated)} />}
    </>
  );
}

/**
 * The printable contract: POSTed for with the token in the body, opened from a blob URL in a new
 * window (opened at the click, so no popup blocker stops it; a blocked one gets a link instead).
 * The window is printed with the browser's print as before.
 */
function DocumentButton({ api, token, path }: { api: CompanyApi; token: string; path: string }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  async function open() {
    if (busy) return;
    setAlert(null);
    setBusy(true);
    const win = window.open('', '_blank');
    if (win) {
      win.opener = null;
      win.document.title = t.documentLoading;
      win.document.body.textContent = t.documentLoading;
    }
    const r = await api.post(contractDocumentResponseSchema, path, { token });
    setBusy(false);
    if (!r.ok) {
      win?.close();
      setAlert(r.error.message);
      return;
    }
    const url = URL.createObjectURL(new Blob([r.data.data.html], { type: 'text/html;charset=utf-8' }));
    urls.current.push(url);
    if (win) win.location.replace(url);
    else setFallback(url);
  }

  return (
    <div className="company-section">
      <button type="button" className="secondary" disabled={busy} onClick={() => void open()}>
        {busy ? t.documentLoading : t.document}
      </button>
      {alert && (
        <p role="alert" className="error">
          {alert}
        </p>
      )}
      {fallback && (
        <p role="status">
          {t.documentBlocked}{' '}
          <a href={fallback} target="_blank" rel="noopener">
            {t.documentOpen}
          </a>
        </p>
      )}
    </div>
  );
}

function SignForm({ api, token, view, onSigned }: { api: CompanyApi; token: string; view: ContractView; onSigned: (v: ContractView) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, submit } = useSubmit(formRef);
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);

  function sign(e: FormEvent) {
    e.preventDefault();
    const body = { token, name, consent };
    void submit(schemaErrors(contractSignRequestSchema.safeParse(body)), () => api.post(contractViewResponseSchema, '/api/company/sign', body), (r) => onSigned(r.data));
  }

  return (
    <form ref={formRef} noValidate onSubmit={sign} className="stack company-form company-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.signLegend}</h2>
      <TextField id={`${id}-name`} label={t.name} hint={t.nameHint(view.contract.signingParty.name)} error={errors.name} value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />
      <CheckboxField id={`${id}-consent`} label={t.consent(view.contract.companyName)} checked={consent} error={errors.consent} onChange={setConsent} />
      <FormEnd alert={alert} busy={busy} label={t.submit} busyLabel={t.signing} />
    </form>
  );
}

function TerminateForm({ api, token, company, onTerminated }: { api: CompanyApi; token: string; company: string; onTerminated: (v: ContractView) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, submit } = useSubmit(formRef);
  const [confirm, setConfirm] = useState(false);

  function terminate(e: FormEvent) {
    e.preventDefault();
    const body = { token, confirm };
    void submit(schemaErrors(contractTerminateRequestSchema.safeParse(body)), () => api.post(contractViewResponseSchema, '/api/company/terminate', body), (r) => onTerminated(r.data));
  }

  return (
    <form ref={formRef} noValidate onSubmit={terminate} className="stack company-form company-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.terminateTitle}</h2>
      <p>{t.terminateIntro}</p>
      <CheckboxField id={`${id}-confirm`} label={t.terminateConfirm(company)} checked={confirm} error={errors.confirm} onChange={setConfirm} />
      <FormEnd alert={alert} busy={busy} label={t.terminate} secondary />
    </form>
  );
}
