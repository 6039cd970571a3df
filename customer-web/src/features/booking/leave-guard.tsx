import { useEffect, useId, useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { lockBodyScroll, trapTab } from '../../focus-trap';
import { bt } from './messages';

const alwaysBlock = () => true;

/**
 * SPEC §2: a warning on leaving the booking with unsaved changes. Navigation inside the shop is
 * held by the router's blocker and asks in a dialog; closing the tab, reloading or following a
 * plain link gets the browser's own beforeunload question.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({ shouldBlockFn: alwaysBlock, enableBeforeUnload: true, disabled: !when, withResolver: true });
  if (blocker.status !== 'blocked') return null;
  return <LeaveDialog onStay={blocker.reset} onLeave={blocker.proceed} />;
}

/** The "leave without saving?" question as a modal alert dialog; Escape and "stay" keep the customer here. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    stayRef.current?.focus();
    const unlock = lockBodyScroll();
    return () => {
      unlock();
      returnTo?.focus?.();
    };
  }, []);
  return (
    <div className="booking-dialog-backdrop">
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="booking-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onStay();
          }
          trapTab(e, ref.current);
        }}
      >
        <h2 id={`${id}-title`}>{bt.leave.title}</h2>
        <p id={`${id}-text`}>{bt.leave.text}</p>
        <div className="booking-actions">
          <button ref={stayRef} type="button" onClick={onStay}>
            {bt.leave.stay}
          </button>
          <button type="button" className="secondary" onClick={onLeave}>
            {bt.leave.leave}
          </button>
        </div>
      </div>
    </div>
  );
}
