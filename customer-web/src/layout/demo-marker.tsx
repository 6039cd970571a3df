import { useEffect, useState } from 'react';
import './demo-marker.css';

export const DEMO_TEXT = 'Demo – ingen rigtige betalinger';
/** Read out after the visible text: what demo mode means. */
export const DEMO_DETAIL = 'MitID, betalinger, SMS og e-mail er simulerede.';

/**
 * Whether the API runs in demo mode (GET /api/meta). Checked by hand, not with the shared zod
 * schema, so zod stays out of the first load (docs/decisions/006); anything unexpected: no marker.
 */
export async function loadDemo(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetcher('/api/meta', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null && (body as { demo?: unknown }).demo === true;
  } catch {
    return false;
  }
}

/**
 * A small strip at the top of every page while the API runs in demo mode (issue 15): nothing
 * here is real. It sits in the page's flow above the header, so it never covers the header,
 * the content or the bottom bar, and wraps on a 320 px screen.
 */
/**
 * Built for demo mode (`VITE_DEMO=1`, as the README's start command and the e2e run build the
 * apps): the marker is in the first paint, so its arrival moves nothing (layout shift); the API's
 * answer then confirms it, or shows it where the build did not know.
 */
export const BUILT_FOR_DEMO = import.meta.env.VITE_DEMO === '1';

export function DemoMarker({ load = loadDemo, built = BUILT_FOR_DEMO }: { load?: () => Promise<boolean>; built?: boolean }) {
  const [demo, setDemo] = useState(built);
  useEffect(() => {
    let live = true;
    void load().then((d) => {
      if (live) setDemo(d);
    });
    return () => {
      live = false;
    };
  }, [load]);
  if (!demo) return null;
  return (
    <p className="demo-marker">
      <strong>{DEMO_TEXT}</strong>
      <span className="visually-hidden"> – {DEMO_DETAIL}</span>
    </p>
  );
}
