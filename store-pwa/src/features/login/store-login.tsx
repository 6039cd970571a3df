import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SessionResponse, Store } from '@optik/shared';
import type { Api } from '../../api';
import { t } from '../../messages';
import { db } from '../../services';

/** The store last signed in to on this device (meta), chosen again for the next login. */
export const LAST_STORE_KEY = 'login-store-id';

type Fields = Partial<Record<'storeId' | 'username' | 'password', string>>;

export function StoreLogin({ api, onLoggedIn }: { api: Pick<Api, 'getStores' | 'storeLogin'>; onLoggedIn: (s: SessionResponse) => void }) {
  const [stores, setStores] = useState<Store[] | null>(null);
  const [storesError, setStoresError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [form, setForm] = useState({ storeId: '', username: '', password: '' });
  const [fields, setFields] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let live = true;
    void api.getStores().then((r) => {
      if (!live) return;
      setStoresError(!r.ok);
      if (r.ok) setStores([...r.data.data].sort((a, b) => a.name.localeCompare(b.name, 'da')));
    });
    return () => {
      live = false;
    };
  }, [api, attempt]);

  // The device's store is chosen already (if it is still a store), unless staff picked one meanwhile.
  useEffect(() => {
    if (!stores) return;
    let live = true;
    void db.meta.get(LAST_STORE_KEY).then((last) => {
      const remembered = stores.find((s) => s.id === last?.value)?.id;
      if (live && remembered) setForm((f) => (f.storeId ? f : { ...f, storeId: remembered }));
    });
    return () => {
      live = false;
    };
  }, [stores]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFormError(null);
    const r = await api.storeLogin(form);
    setBusy(false);
    if (r.ok) {
      await db.meta.put({ key: LAST_STORE_KEY, value: r.data.user.storeId ?? form.storeId });
      onLoggedIn(r.data);
      return;
    }
    // Keep what was typed (except the password) so nothing has to be entered twice.
    setForm((f) => ({ ...f, password: '' }));
    setFields((r.error.fields ?? {}) as Fields);
    setFormError(r.error.message);
  }

  const field = (name: keyof Fields) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: keyof Fields) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <div className="card">
      <h1>{t.login.title}</h1>
      <p>{t.login.intro}</p>
      {formError && (
        <p role="alert" className="error">
          {formError}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-storeId`}>{t.login.store}</label>
        {storesError ? (
          <div role="alert" className="error">
            <p>{t.error.generic}</p>
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>
              {t.error.retry}
            </button>
          </div>
        ) : (
          <select {...field('storeId')} value={form.storeId} onChange={(e) => setForm({ ...form, storeId: e.target.value })} disabled={!stores}>
            <option value="">{stores ? t.login.chooseStore : t.login.storesLoading}</option>
            {stores?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
        {fieldError('storeId')}
        <label htmlFor={`${id}-username`}>{t.login.username}</label>
        <input {...field('username')} autoComplete="username" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        {fieldError('username')}
        <label htmlFor={`${id}-password`}>{t.login.password}</label>
        <input {...field('password')} type="password" autoComplete="current-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        {fieldError('password')}
        <button type="submit" disabled={busy}>
          {busy ? t.login.submitting : t.login.submit}
        </button>
      </form>
    </div>
  );
}
