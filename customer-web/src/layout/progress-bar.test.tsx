import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OldBrowserMessage, isOldInternetExplorer } from './old-browser';
import { ProgressBar } from './progress-bar';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('shows while loading with a wait cursor and is removed when done', () => {
    const { rerender } = render(<ProgressBar loading />);
    expect(screen.getByRole('progressbar', { name: 'Henter siden' })).toBeDefined();
    expect(document.body.style.cursor).toBe('wait');
    rerender(<ProgressBar loading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.style.cursor).toBe('');
  });
});

describe('old Internet Explorer', () => {
  it('detects MSIE and Trident user agents but not current browsers', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(isOldInternetExplorer(doc, 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isOldInternetExplorer(doc, 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(isOldInternetExplorer(doc, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36')).toBe(false);
    expect(isOldInternetExplorer(Object.assign(doc, { documentMode: 11 }), '')).toBe(true);
  });

  it('asks old browsers to use a newer one', () => {
    const { rerender } = render(<OldBrowserMessage detect={() => false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<OldBrowserMessage detect={() => true} />);
    expect(screen.getByRole('alert').textContent).toBe('Siden understøtter ikke din browser. Brug en nyere browser.');
  });
});
