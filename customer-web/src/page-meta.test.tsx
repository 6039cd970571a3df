import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, dropServerHead, usePageMeta } from './page-meta';

function Page({ title }: { title: string }) {
  usePageMeta(title, `Om ${title}`);
  return null;
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('page titles with and without the server’s head (issue 19)', () => {
  it('a page leaves the title it found; after the server’s page, the shop’s own title and description', () => {
    document.head.innerHTML = '<title>Ray-Ban Aviator – Profil Optik</title><meta name="description" content="Pilotbriller"><meta property="og:title" content="Ray-Ban Aviator" data-server-head><script type="application/ld+json" data-server-head>{}</script>';
    const landing = render(<Page title="Ray-Ban Aviator" />);
    expect(document.title).toBe('Ray-Ban Aviator – Profil Optik');
    // The visitor moves on: the server's tags go, and the page leaves the shop's own title behind.
    dropServerHead();
    expect(document.head.querySelectorAll('[data-server-head]')).toHaveLength(0);
    landing.unmount();
    expect(document.title).toBe(DEFAULT_TITLE);
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(DEFAULT_DESCRIPTION);

    // Without the server's head, a page gives back what was there.
    document.title = 'Kurv – Profil Optik';
    const next = render(<Page title="Kontakt os" />);
    expect(document.title).toBe('Kontakt os – Profil Optik');
    next.unmount();
    expect(document.title).toBe('Kurv – Profil Optik');
  });

  it('the shell (index.html) has the same title and description as the app and the server give back to', () => {
    const shell = readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');
    expect(shell).toContain(`<title>${DEFAULT_TITLE}</title>`);
    expect(shell).toContain(`<meta name="description" content="${DEFAULT_DESCRIPTION}" />`);
  });
});
