import type { Api } from '../api';
import { usePageMeta } from '../page-meta';
import { LoadError } from '../load-error';
import { t } from '../messages';
import { useApi } from '../use-api';
import { NotFound } from './not-found';

/** Content pages of SPEC §2 (footer pages, /kontakt-os …) served from the API by their path. */
export function ContentPage({ api, path }: { api: Pick<Api, 'getPage'>; path: string }) {
  const [page, reload] = useApi(path, () => api.getPage(path.replace(/^\//, '')));
  usePageMeta(page.state === 'ready' ? page.data.data.title : null, page.state === 'ready' ? page.data.data.summary : undefined);
  if (page.state === 'loading') return <p role="status" className="page">{t.page.loading}</p>;
  if (page.state === 'error') {
    return page.status === 404 ? <NotFound /> : <LoadError className="page error" onRetry={reload} />;
  }
  const p = page.data.data;
  return (
    <article className="page narrow">
      <h1>{p.title}</h1>
      <p className="lead">{p.summary}</p>
      {p.body.map((para, i) => (para.startsWith('## ') ? <h2 key={i}>{para.slice(3)}</h2> : <p key={i}>{para}</p>))}
    </article>
  );
}
