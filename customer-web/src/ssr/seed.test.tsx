import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import { useApi } from '../use-api';
import { browserSeed, NO_SEED, SEED_ELEMENT_ID, SeedProvider, type Seed, type SeedApi } from './seed';
import { seedScript, serverSeed } from './server-seed';

function Page({ load }: { load: () => Promise<ApiResult<{ name: string }>> }) {
  const [page] = useApi('article:aviator', load);
  return <p>{page.state === 'ready' ? page.data.name : page.state}</p>;
}

/** The page as the server wrote it: the seed's script in the document. */
function served(entries: Record<string, unknown>): Seed {
  document.body.innerHTML = seedScript(entries);
  return browserSeed(document);
}

describe('the seed: a server-rendered page starts from the data it was rendered with (issue 19)', () => {
  it('the first render reads the seeded answer and asks nothing; after the first navigation pages load their own', async () => {
    const seed = served({ 'article:aviator': { ok: true, status: 200, data: { name: 'Aviator' } } });
    const load = vi.fn(async (): Promise<ApiResult<{ name: string }>> => ({ ok: true, status: 200, data: { name: 'Aviator (ny pris)' } }));
    const first = render(
      <SeedProvider seed={seed}>
        <Page load={load} />
      </SeedProvider>,
    );
    expect(screen.getByText('Aviator')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    first.unmount();
    seed.done();
    render(
      <SeedProvider seed={seed}>
        <Page load={load} />
      </SeedProvider>,
    );
    expect(await screen.findByText('Aviator (ny pris)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that looks like markup inside its script, and reads it back unchanged', () => {
    const tricky = { title: '</script><script>alert(1)</script>', line: 'a\u2028b' };
    const html = seedScript({ page: tricky });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(served({ page: tricky }).take('page')).toEqual(tricky);
  });

  it('a page without a seed, or with a broken one, loads its own data', () => {
    document.body.innerHTML = '';
    expect(browserSeed(document).take('x')).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${SEED_ELEMENT_ID}">{not json</script>`;
    expect(browserSeed(document).take('x')).toBeUndefined();
    expect(NO_SEED.take('x')).toBeUndefined();
  });

  it("the server's seed runs each route's job with the visitor's clients and keeps what it put", async () => {
    const apis = { api: {}, widget: {} } as SeedApi;
    const seed = serverSeed(apis);
    await seed.run(async (w) => {
      expect(w.apis).toBe(apis);
      w.put('store:roskilde', { ok: true });
    });
    expect(seed.take('store:roskilde')).toEqual({ ok: true });
    expect(seed.entries()).toEqual({ 'store:roskilde': { ok: true } });
    // The browser's seed never runs a job: its pages load their own data.
    const job = vi.fn(async () => {});
    await served({}).run(job);
    expect(job).not.toHaveBeenCalled();
  });
});
