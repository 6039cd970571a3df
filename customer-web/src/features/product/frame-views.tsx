import { lazy, Suspense, useState, type ReactNode } from 'react';
import { pt } from './messages';
import { TryOn } from './try-on';

// The 3D scene loads when the shopper first asks for it.
const Frame3d = lazy(() => import('./frame-3d').then((m) => ({ default: m.Frame3d })));

/**
 * A frame's pictures (the gallery, shown first) with the SPEC §1 3D view toggle, and the camera
 * try-on for frames whose article says it has one (`hasVTO`).
 */
export function FrameViews({ articleId, tryOn, children }: { articleId: string; tryOn: boolean; children: ReactNode }) {
  const [show3d, setShow3d] = useState(false);
  return (
    <div className="product-media">
      {show3d ? (
        <Suspense fallback={<p role="status">{pt.view3d.loading}</p>}>
          <Frame3d articleId={articleId} />
        </Suspense>
      ) : (
        children
      )}
      <div className="product-media-actions">
        <button type="button" className="secondary" aria-pressed={show3d} onClick={() => setShow3d((v) => !v)}>
          {pt.show3d}
        </button>
        {tryOn ? <TryOn articleId={articleId} /> : null}
      </div>
    </div>
  );
}
