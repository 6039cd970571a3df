import { useEffect } from 'react';
import { toastTextKey, type ToastEvent, type ToastState } from '@optik/shared/widget';
import type { WidgetText } from './text';

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
        <div
          key={toast.id}
          className="widget-toast"
          onPointerEnter={() => onEvent({ type: 'pointer-enter', now: Date.now() })}
          onPointerLeave={() => onEvent({ type: 'pointer-leave', now: Date.now() })}
          onFocus={() => onEvent({ type: 'focus-in', now: Date.now() })}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onEvent({ type: 'focus-out', now: Date.now() });
          }}
        >
          <p>{text(toastTextKey(toast.kind))}</p>
          <div className="widget-toast-actions">
            <button type="button" onClick={() => onEvent({ type: 'restore' })}>
              {text('restore')}
            </button>
            <button type="button" className="secondary" onClick={() => onEvent({ type: 'ok' })}>
              {text('ok')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
