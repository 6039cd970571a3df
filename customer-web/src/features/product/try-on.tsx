import { lazy, Suspense, useRef, useState } from 'react';
import { pt } from './messages';

// The dialog (camera, overlay, sliders) loads when the shopper first opens it.
const TryOnDialog = lazy(() => import('./try-on-dialog').then((m) => ({ default: m.TryOnDialog })));

/**
 * SPEC §1 virtual try-on: the shopper's camera, mirrored like a mirror, with the frame's front
 * part on top. Everything happens in the browser; the picture taken is only offered as a download.
 */
export function TryOn({ articleId }: { articleId: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={buttonRef} type="button" className="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {pt.tryOn.open}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <TryOnDialog articleId={articleId} returnFocus={buttonRef} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

