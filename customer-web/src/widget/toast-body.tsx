import { toastTextKey, type ToastEvent, type ToastState } from '@optik/shared/widget';
import type { WidgetText } from './text';

/** The shown toast (toast.tsx): its text, restore and ok; hover and focus pause its timer. */
export function ToastBody({ toast, text, onEvent }: { toast: NonNullable<ToastState['toast']>; text: WidgetText; onEvent: (e: ToastEvent) => void }) {
  return (
    <div
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
  );
}
