import { useEffect, useState } from 'react';
import { apiMetaSchema } from '@optik/shared';
import { api } from './api';
import './demo-marker.css';

export const DEMO_TEXT = 'Demo – ingen rigtige betalinger';
/** Read out after the visible text: what demo mode means. */
export const DEMO_DETAIL = 'MitID, betalinger, SMS og e-mail er simulerede.';

/** Whether the API runs in demo mode (GET /api/meta, checked by the shared schema); offline or unexpected: no marker. */
export async function loadDemo(client: Pick<typeof api, 'get'> = api): Promise<boolean> {
  const r = await client.get(apiMetaSchema, '/api/meta');
  return r.ok && r.data.demo;
}

/**
 * A small strip at the top of the store app while the API runs in demo mode (issue 15): nothing
 * here is real. In the page's flow above the header, so it covers nothing and wraps at 320 px.
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
