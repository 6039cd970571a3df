import { useEffect, useRef, type RefObject } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { dropServerHead } from '../page-meta';

/**
 * After every route change (a new path, not a filter in the query string) focus moves to the
 * new page's h1, so a screen reader starts reading the new page and the next Tab goes on from
 * its top (issue 16 item 4). One mechanism for every route: it runs once the new route has
 * resolved and rendered; a page whose h1 appears only after its data waits for it; a page that
 * already put focus somewhere in itself (a field, a result) keeps it. The first load leaves
 * focus where the browser puts it. Menus and drawers that give focus back to their button on
 * close run first: the move happens on the next frame.
 */
export function useFocusHeadingOnRouteChange(mainRef: RefObject<HTMLElement | null>) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  /** Where focus was when the navigation started (a link of the old page, a menu item). */
  const from = useRef<Element | null>(null);
  const previous = useRef<string | undefined>(undefined);

  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (e) => {
        if (!e.pathChanged) return;
        from.current = document.activeElement;
        dropServerHead();
      }),
    [router],
  );

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === undefined || pathname === undefined || before === pathname) return;
    const main = mainRef.current;
    if (!main) return;
    let observer: MutationObserver | null = null;
    const stop = () => {
      observer?.disconnect();
      observer = null;
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    /** True when done: the h1 has focus, or the page already put focus in itself. */
    const tryFocus = (): boolean => {
      const active = document.activeElement;
      if (active && active !== main && active !== from.current && main.contains(active)) return true;
      const h1 = main.querySelector<HTMLElement>('h1');
      if (!h1) return false;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus({ preventScroll: true });
      return true;
    };
    const frame = requestAnimationFrame(() => {
      if (tryFocus()) return;
      // The h1 comes with the page's data: wait for it, but not past the shopper's own move.
      observer = new MutationObserver(() => {
        if (tryFocus()) stop();
      });
      observer.observe(main, { childList: true, subtree: true });
      document.addEventListener('keydown', stop, true);
      document.addEventListener('pointerdown', stop, true);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname, mainRef]);
}
