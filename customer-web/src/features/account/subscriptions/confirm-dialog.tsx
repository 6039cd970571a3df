import { useEffect, useId, useRef, type ReactNode } from 'react';
import { lockBodyScroll, trapTab } from '../../../focus-trap';
import { st } from './messages';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** Escape, the backdrop and "Fortryd" close it; focus then goes back to what opened it. */
  onClose: () => void;
}

/**
 * A modal confirmation (pause, cancel): focus starts on the safe choice ("Fortryd"), Tab stays
 * inside, the page behind does not scroll, and focus returns to the button that opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, busy, onConfirm, onClose }: Props) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockBodyScroll();
    keepRef.current?.focus();
    return () => {
      unlock();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div className="subscription-backdrop" onClick={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div
        ref={ref}
        className="subscription-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) onClose();
          trapTab(e, ref.current);
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-body`}>{children}</div>
        <div className="subscription-dialog-actions">
          <button type="button" onClick={onConfirm} disabled={busy}>
            {busy ? st.working : confirmLabel}
          </button>
          <button ref={keepRef} type="button" className="secondary" onClick={onClose} disabled={busy}>
            {st.keep}
          </button>
        </div>
      </div>
    </div>
  );
}
