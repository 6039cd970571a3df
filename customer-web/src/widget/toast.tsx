import { lazy, Suspense, useEffect } from 'react';
import type { ToastEvent, ToastState } from '@optik/shared/widget';
import type { WidgetText } from './text';

/** The shown toast loads with its first showing (a toast is rare); the live region is there from the start. */
const ToastBody = lazy(() => import('./toast-body').then((m) => ({ default: m.ToastBody })));

/**
 * The 'filters cleared' toast (SPEC §2): bottom centre, restore and ok buttons, Escape closes,
 * the 30 s timer pauses while hovered or focused. The state machine is the shared one; the
 * live region is always in the document so screen readers announce the toast when it appears.
 */
export function WidgetToast({ state, text, onEvent, suspendEscape }: { state: ToastState; text: WidgetText; onEvent: (e: ToastEvent) => void; suspendEscape: boolean }) {
  const toast = state.toast;
  useEffect(() => {
    if (!toast || suspendEscape) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEvent({ type: 'escape' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toast, suspendEscape, onEvent]);

  return (
    <div className="widget-toast-region" aria-live="polite">
      {toast && (
        <Suspense fallback={null}>
          <ToastBody key={toast.id} toast={toast} text={text} onEvent={onEvent} />
        </Suspense>
      )}
    </div>
  );
}
