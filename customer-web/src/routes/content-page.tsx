import type { ReactNode } from 'react';
import type { Api } from '../api';
import { usePageMeta } from '../page-meta';
import { LoadError } from '../load-error';
import { t } from '../messages';
import { useApi } from '../use-api';
import { NotFound } from './not-found';
import { parseContentBody, type ContentBlock } from '../seo/content';

function Block({ block }: { block: ContentBlock }): ReactNode {
  switch (block.kind) {
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'h3':
      return <h3>{block.text}</h3>;
    case 'p':
      return <p>{block.text}</p>;
    case 'question':
      // Native disclosure: Enter/Space open it, screen readers announce expanded/collapsed.
      return (
        <details className="faq-item">
          <summary>{block.question}</summary>
          {block.answer.map((a, i) => (
            <p key={i}>{a}</p>
          ))}
        </details>
      );
  }
}

/** Content pages of SPEC §2 (footer pages, /kontakt-os, /presse, the FAQ …) served from the API by their path. */
export function ContentPage({ api, path }: { api: Pick<Api, 'getPage'>; path: string }) {
  const [page, reload] = useApi(path, () => api.getPage(path.replace(/^\//, '')));
  usePageMeta(page.state === 'ready' ? page.data.data.title : null, page.state === 'ready' ? page.data.data.summary : undefined);
  if (page.state === 'loading') return <p role="status" className="page">{t.page.loading}</p>;
  if (page.state === 'error') {
    return page.status === 404 ? <NotFound /> : <LoadError className="page error" onRetry={reload} />;
  }
  const p = page.data.data;
  const blocks = parseContentBody(p.body);
  return (
    <article className="page narrow">
      <h1>{p.title}</h1>
      <p className="lead">{p.summary}</p>
      {blocks.map((b, i) => (
        <Block key={i} block={b} />
      ))}
    </article>
  );
}
