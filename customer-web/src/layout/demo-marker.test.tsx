import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoMarker, loadDemo } from './demo-marker';

afterEach(cleanup);

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('demo marker', () => {
  it('shows "Demo – ingen rigtige betalinger" when the API runs in demo mode, with what it means for screen readers', async () => {
    render(<DemoMarker load={async () => true} />);
    const marker = await screen.findByText('Demo – ingen rigtige betalinger');
    const strip = marker.closest('p')!;
    expect(strip.textContent).toBe('Demo – ingen rigtige betalinger – MitID, betalinger, SMS og e-mail er simulerede.');
    // Plain text in the page's flow: no live region, nothing to focus, nothing covering the page.
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

  it('reads GET /api/meta, and takes anything unexpected for "not demo"', async () => {
    const demo = answer(200, { demo: true });
    expect(await loadDemo(demo)).toBe(true);
    expect(demo).toHaveBeenCalledWith('/api/meta', expect.objectContaining({ credentials: 'same-origin' }));
    expect(await loadDemo(answer(200, { demo: false }))).toBe(false);
    expect(await loadDemo(answer(200, { demo: 'true' }))).toBe(false);
    expect(await loadDemo(answer(200, null))).toBe(false);
    expect(await loadDemo(answer(404, { demo: true }))).toBe(false);
    expect(await loadDemo(vi.fn(async () => Promise.reject(new TypeError('offline'))))).toBe(false);
  });
});
