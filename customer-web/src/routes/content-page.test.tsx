import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentPage } from './content-page';
import { faqJsonLd, parseContentBody } from '../seo/content';

afterEach(cleanup);

const page = (body: string[]) => ({
  getPage: async () => ({
    ok: true as const,
    status: 200,
    data: { data: { slug: 'faq', url: '/faq', title: 'Ofte stillede spørgsmål', summary: 'Svar på spørgsmål.', body, image: null, footerSection: null } },
  }),
});

describe('content page body (headings, press releases, FAQ)', () => {
  it('turns the markers into headings, paragraphs and questions with their answers', () => {
    expect(parseContentBody(['Intro', '## Levering', '? Hvor lang tid?', '1–2 dage.', 'Briller 5–8 dage.', '### 3. november 2026: Nyhed', 'Tekst'])).toEqual([
      { kind: 'p', text: 'Intro' },
      { kind: 'h2', text: 'Levering' },
      { kind: 'question', question: 'Hvor lang tid?', answer: ['1–2 dage.', 'Briller 5–8 dage.'] },
      { kind: 'h3', text: '3. november 2026: Nyhed' },
      { kind: 'p', text: 'Tekst' },
    ]);
  });

  it('renders questions as closed disclosures that open; their FAQPage data (for the server\'s HTML) pairs each with its answer', async () => {
    render(<ContentPage api={page(['## Levering', '? Hvor lang er leveringstiden?', 'Lagervarer sendes inden for 1–2 hverdage.'])} path="/ofte-stillede-spoergsmaal" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ofte stillede spørgsmål' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Levering' })).toBeDefined();
    const summary = screen.getByText('Hvor lang er leveringstiden?');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(summary);
    expect(details.open).toBe(true);
    const ld = faqJsonLd(parseContentBody(['## Levering', '? Hvor lang er leveringstiden?', 'Lagervarer sendes inden for 1–2 hverdage.'])) as { mainEntity: unknown[] };
    expect(ld.mainEntity).toEqual([{ '@type': 'Question', name: 'Hvor lang er leveringstiden?', acceptedAnswer: { '@type': 'Answer', text: 'Lagervarer sendes inden for 1–2 hverdage.' } }]);
  });

  it('a page without questions has no FAQ data', async () => {
    render(<ContentPage api={page(['## Pressekontakt', 'presse@profil-optik.example'])} path="/presse" />);
    await screen.findByRole('heading', { level: 2, name: 'Pressekontakt' });
    expect(faqJsonLd(parseContentBody(['## Pressekontakt', 'presse@profil-optik.example']))).toBeNull();
  });
});
