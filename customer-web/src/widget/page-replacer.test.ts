import { beforeEach, describe, expect, it } from 'vitest';
import { createPageReplacer, type PageRule } from './page-replacer';

const rules: PageRule[] = [
  { match: /^\/search/, target: '#content', mode: 'replace', title: 'Søgning – Profil Optik' },
  { match: (u) => u.pathname.startsWith('/solbriller'), target: '#listing', mode: 'append' },
];
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  document.body.innerHTML = '<main><div id="content" style="display: block">Host content</div><section id="listing"></section></main>';
  document.title = 'Profil Optik';
});

describe('page replacer', () => {
  it('hides the target and stands in its place for a replace rule, and restores display and title on leaving', () => {
    let reloads = 0;
    const pr = createPageReplacer(rules, { document, reload: () => reloads++ });
    const page = pr.sync('https://shop.test/search?query=gucci');
    expect(page?.container.previousElementSibling?.id).toBe('content');
    expect(document.getElementById('content')!.style.display).toBe('none');
    expect(document.title).toBe('Søgning – Profil Optik');
    pr.sync('https://shop.test/om-os');
    expect(document.getElementById('content')!.style.display).toBe('block');
    expect(document.title).toBe('Profil Optik');
    expect(document.querySelector('[data-widget-page]')).toBeNull();
    expect(reloads).toBe(0);
  });

  it('appends into the target for an append rule and keeps the same container while the rule matches', () => {
    const pr = createPageReplacer(rules, { document, reload: () => {} });
    const a = pr.sync('https://shop.test/solbriller');
    expect(a?.container.parentElement?.id).toBe('listing');
    const b = pr.sync('https://shop.test/solbriller/ray-ban');
    expect(b?.container).toBe(a?.container);
    expect(document.querySelectorAll('[data-widget-page]')).toHaveLength(1);
  });

  it('reloads on back/forward to a URL not visited since load, and not for one that was', () => {
    let reloads = 0;
    const pr = createPageReplacer(rules, { document, reload: () => reloads++ });
    pr.sync('https://shop.test/search?query=a');
    pr.sync('https://shop.test/search?query=b');
    pr.sync('https://shop.test/search?query=a', true);
    expect(reloads).toBe(0);
    expect(pr.sync('https://shop.test/search?query=never', true)).toBeNull();
    expect(reloads).toBe(1);
  });

  it('puts the container back when the host removes it, but gives up after 10 removals in a second', async () => {
    const pr = createPageReplacer(rules, { document, reload: () => {}, now: () => 0 });
    const page = pr.sync('https://shop.test/search')!;
    page.container.remove();
    await flush();
    expect(page.container.isConnected).toBe(true);
    for (let i = 0; i < 11; i++) {
      page.container.remove();
      await flush();
    }
    expect(pr.abandoned).toBe(true);
    expect(page.container.isConnected).toBe(false);
  });

  it('does nothing when the target is missing', () => {
    document.body.innerHTML = '<main></main>';
    const pr = createPageReplacer(rules, { document, reload: () => {} });
    expect(pr.sync('https://shop.test/search')).toBeNull();
    expect(document.title).toBe('Profil Optik');
  });
});
