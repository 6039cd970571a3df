import type { SimpleTextKey } from './i18n';

/**
 * SPEC §2/§4 'filters cleared' toast as a pure state machine: auto-close after 30000 ms, Escape,
 * restore and ok close it, the timer pauses while hovered or focused, and only one toast exists
 * at a time (a new one replaces the old). Time is passed in (`now`, ms), so the UI owns setTimeout:
 * after every transition it schedules a 'tick' at toastDeadline(state).
 */

export const TOAST_DURATION_MS = 30_000;

/** A user's query change gives 'filters-cleared'; a programmatic one 'we-cleared-your-filters' (SPEC §4). */
export type ToastKind = 'filters-cleared' | 'we-cleared-your-filters';
export type ToastCloseReason = 'timeout' | 'escape' | 'ok' | 'restore' | 'replaced';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Time left on the timer as of `runningSince` (or now, when paused). */
  remainingMs: number;
  /** When the timer last started running; null while paused. */
  runningSince: number | null;
  hovered: boolean;
  focused: boolean;
}

export interface ToastState {
  toast: Toast | null;
  nextId: number;
}

export type ToastEvent =
  | { type: 'show'; kind: ToastKind; now: number }
  | { type: 'pointer-enter' | 'pointer-leave' | 'focus-in' | 'focus-out'; now: number }
  | { type: 'escape' | 'ok' | 'restore' }
  | { type: 'tick'; now: number };

export interface ToastTransition {
  state: ToastState;
  /** The toast that just closed and why; on 'restore' the caller puts the filters back. */
  closed?: { id: number; kind: ToastKind; reason: ToastCloseReason };
}

export const initialToastState: ToastState = { toast: null, nextId: 1 };

export function toastTextKey(kind: ToastKind): SimpleTextKey {
  return kind === 'filters-cleared' ? 'filtersCleared' : 'weClearedYourFilters';
}

function remainingAt(toast: Toast, now: number): number {
  return toast.runningSince === null ? toast.remainingMs : Math.max(0, toast.remainingMs - (now - toast.runningSince));
}

/** The moment the visible toast times out if nothing happens, or null (none, or paused). */
export function toastDeadline(state: ToastState): number | null {
  const t = state.toast;
  return t && t.runningSince !== null ? t.runningSince + t.remainingMs : null;
}

function withPause(toast: Toast, now: number, change: Partial<Pick<Toast, 'hovered' | 'focused'>>): Toast {
  const next = { ...toast, ...change };
  const wasPaused = toast.hovered || toast.focused;
  const isPaused = next.hovered || next.focused;
  if (!wasPaused && isPaused) return { ...next, remainingMs: remainingAt(toast, now), runningSince: null };
  if (wasPaused && !isPaused) return { ...next, runningSince: now };
  return next;
}

export function toastReducer(state: ToastState, event: ToastEvent): ToastTransition {
  const toast = state.toast;
  const close = (reason: ToastCloseReason): ToastTransition =>
    toast ? { state: { ...state, toast: null }, closed: { id: toast.id, kind: toast.kind, reason } } : { state };

  switch (event.type) {
    case 'show': {
      const fresh: Toast = { id: state.nextId, kind: event.kind, remainingMs: TOAST_DURATION_MS, runningSince: event.now, hovered: false, focused: false };
      const next: ToastState = { toast: fresh, nextId: state.nextId + 1 };
      return toast ? { state: next, closed: { id: toast.id, kind: toast.kind, reason: 'replaced' } } : { state: next };
    }
    case 'escape':
    case 'ok':
    case 'restore':
      return close(event.type);
    case 'tick':
      if (!toast || toast.runningSince === null || remainingAt(toast, event.now) > 0) return { state };
      return close('timeout');
    default: {
      if (!toast) return { state };
      const change =
        event.type === 'pointer-enter' ? { hovered: true } : event.type === 'pointer-leave' ? { hovered: false } : event.type === 'focus-in' ? { focused: true } : { focused: false };
      return { state: { ...state, toast: withPause(toast, event.now, change) } };
    }
  }
}
