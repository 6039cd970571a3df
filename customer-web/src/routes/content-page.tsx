import type { ReactNode } from 'react';
import type { Api } from '../api';
import { usePageMeta } from '../page-meta';
import { LoadError } from '../load-error';
import { t } from '../messages';
import { useApi } from '../use-api';
import { NotFound } from './not-found';

export type ContentBlock = { kind: 'h2' | 'h3' | 'p'; text: string } | { kind: 'question'; question: string; answer: string[] };

/**
 * A content page's body is paragraphs of plain text with three markers: "## " a heading,
 * "### " a sub-heading (a press release's date and title), "? " a question whose answer is the
 * paragraphs up to the next marker (the FAQ).
 */
export function parseContentBody(body: readonly string[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const para of body) {
    const last = blocks.at(-1);
    if (para.startsWith('### ')) blocks.push({ kind: 'h3', text: para.slice(4) });
    else if (para.startsWith('## ')) blocks.push({ kind: 'h2', text: para.slice(3) });
    else if (para.startsWith('? ')) blocks.push({ kind: 'question', question: para.slice(2), answer: [] });
    else if (last?.kind === 'question') last.answer.push(para);
    else blocks.push({ kind: 'p', text: para });
  }
  return blocks;
}

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

/** Search engines' FAQ rich results (schema.org FAQPage) for a page with questions. */
function faqJsonLd(blocks: ContentBlock[]): string | null {
  const questions = blocks.filter((b) => b.kind === 'question');
  if (questions.length === 0) return null;
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer.join(' ') } })),
  }).replace(/</g, '\\u003c');
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
  const jsonLd = faqJsonLd(blocks);
  return (
    <article className="page narrow">
      <h1>{p.title}</h1>
      <p className="lead">{p.summary}</p>
      {blocks.map((b, i) => (
        <Block key={i} block={b} />
      ))}
      {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
    </article>
  );
}
