import { useState, type ReactNode } from 'react';
import { Frame3d } from './frame-3d';
import { pt } from './messages';
import { TryOn } from './try-on';

/**
 * A frame's pictures (the gallery, shown first) with the SPEC §1 3D view toggle, and the camera
 * try-on for frames whose article says it has one (`hasVTO`).
 */
export function FrameViews({ articleId, tryOn, children }: { articleId: string; tryOn: boolean; children: ReactNode }) {
  const [show3d, setShow3d] = useState(false);
  return (
    <div className="product-media">
      {show3d ? <Frame3d articleId={articleId} /> : children}
      <div className="product-media-actions">
        <button type="button" className="secondary" aria-pressed={show3d} onClick={() => setShow3d((v) => !v)}>
          {pt.show3d}
        </button>
        {tryOn ? <TryOn articleId={articleId} /> : null}
      </div>
    </div>
  );
}
