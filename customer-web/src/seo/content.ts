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

/** Search engines' FAQ rich results (schema.org FAQPage) for a page with questions; null without any. Put into the page's HTML by the shop's server (seo/head.ts). */
export function faqJsonLd(blocks: readonly ContentBlock[]): object | null {
  const questions = blocks.filter((b) => b.kind === 'question');
  if (questions.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer.join(' ') } })),
  };
}
