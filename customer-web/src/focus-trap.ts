import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside `container` (a modal dialog or drawer) by wrapping at its ends. */
export function trapTab(e: KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== 'Tab' || !container) return;
  const focusables = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** SPEC §4: the page behind a menu, search or cart does not scroll while it is open. Returns the undo. */
export function lockBodyScroll(): () => void {
  const previous = document.body.style.overflow;
  document.body.style.overflow = 'hidden';
  return () => {
    document.body.style.overflow = previous;
  };
}

/**
 * A modal dialog's focus: into `first` when it opens, with the page behind kept from scrolling;
 * back to `returnTo` (or what had focus) when it closes, if that is still on the page.
 */
export function useDialogFocus(first: RefObject<HTMLElement | null>, returnTo?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const back = returnTo?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const unlock = lockBodyScroll();
    first.current?.focus();
    return () => {
      unlock();
      if (back?.isConnected) back.focus();
    };
  }, [first, returnTo]);
}
