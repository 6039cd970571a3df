import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageMeta } from './page-meta';

afterEach(cleanup);

function Page({ title, description }: { title: string | null; description?: string }) {
  usePageMeta(title, description);
  return null;
}

describe('usePageMeta', () => {
  it('sets the title with the shop name and the description, and puts both back when the page goes', () => {
    document.title = 'Profil Optik';
    const { unmount, rerender } = render(<Page title="Solbriller" description="Solbriller hos Profil Optik" />);
    expect(document.title).toBe('Solbriller – Profil Optik');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Solbriller hos Profil Optik');
    rerender(<Page title={null} />);
    expect(document.title).toBe('Profil Optik');
    unmount();
    expect(document.title).toBe('Profil Optik');
    expect(document.querySelector('meta[name="description"]')).toBeNull();
  });
});
