import { useEffect, useState } from 'react';
import { t } from '../messages';
import { BOOK_EXAM_PATH } from './header';
import { layoutText as l } from './messages';

/** SPEC §9: the bar hides only once the page has scrolled down past 50 px. */
export const SCROLL_THRESHOLD_PX = 50;

/** Hidden while scrolling down past the threshold, shown again on any scroll up. */
export function useShowOnScrollUp(threshold = SCROLL_THRESHOLD_PX): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > last && y > threshold) setShown(false);
      else if (y < last) setShown(true);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return shown;
}

/**
 * Mobile bottom bar (SPEC §2): find store and book exam, below 768 px only (layout.css).
 * While slid away it is inert and hidden from screen readers; the same links are in the header.
 */
export function BottomBar({ showBookExam = true }: { showBookExam?: boolean }) {
  const shown = useShowOnScrollUp();
  return (
    <nav aria-label={l.bottomBar} className="bottom-bar" data-hidden={!shown} aria-hidden={shown ? undefined : true} inert={!shown}>
      <a href="/find-butik">{t.nav.findStore}</a>
      {showBookExam && (
        <a className="button" href={BOOK_EXAM_PATH}>
          {t.nav.bookExam}
        </a>
      )}
    </nav>
  );
}
