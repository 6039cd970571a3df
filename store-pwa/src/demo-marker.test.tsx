import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, responseSchemas } from '@optik/shared/client';
import { DemoMarker, loadDemo } from './demo-marker';

afterEach(cleanup);

/** The store app's API client on a stubbed fetch answering GET /api/meta. */
function clientAnswering(status: number, body: unknown) {
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  return { fetchImpl, client: createApiClient({ baseUrl: 'http://api.test', responses: responseSchemas, maxAttempts: 1, fetch: fetchImpl }) };
}

describe('demo marker (store app)', () => {
  it('shows "Demo – ingen rigtige betalinger" when the API runs in demo mode, with what it means for screen readers', async () => {
    render(<DemoMarker load={async () => true} />);
    const marker = await screen.findByText('Demo – ingen rigtige betalinger');
    const strip = marker.closest('p')!;
    expect(strip.textContent).toBe('Demo – ingen rigtige betalinger – MitID, betalinger, SMS og e-mail er simulerede.');
    expect(strip.getAttribute('role')).toBeNull();
    expect(strip.querySelector('button, a, [tabindex]')).toBeNull();
  });

  it('built for demo, is there in the first render (nothing moves when it arrives), and goes if the API says otherwise', async () => {
    let answer!: (demo: boolean) => void;
    const { container } = render(<DemoMarker built load={() => new Promise<boolean>((r) => (answer = r))} />);
    expect(container.textContent).toContain('Demo – ingen rigtige betalinger');
    answer(false);
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('shows nothing in production mode', async () => {
    const load = vi.fn(async () => false);
    const { container } = render(<DemoMarker built={false} load={load} />);
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('reads GET /api/meta by the shared schema; an error or an unexpected answer is "not demo"', async () => {
    const demo = clientAnswering(200, { demo: true });
    expect(await loadDemo(demo.client)).toBe(true);
    expect(String((demo.fetchImpl.mock.calls[0] as unknown[])[0])).toBe('http://api.test/api/meta');
    expect(await loadDemo(clientAnswering(200, { demo: false }).client)).toBe(false);
    expect(await loadDemo(clientAnswering(200, { demo: 'ja' }).client)).toBe(false);
    expect(await loadDemo(clientAnswering(500, { error: { code: 'internal', message: 'Noget gik galt.' } }).client)).toBe(false);
  });
});
