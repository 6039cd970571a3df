import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { layoutText as l } from './messages';

/** SPEC §2/§9: a 3 px bar and a wait cursor while a route loads; gone on complete or error. */
export function ProgressBar({ loading }: { loading: boolean }) {
  useEffect(() => {
    if (!loading) return;
    const previous = document.body.style.cursor;
    document.body.style.cursor = 'wait';
    return () => {
      document.body.style.cursor = previous;
    };
  }, [loading]);
  if (!loading) return null;
  return <div className="route-progress" role="progressbar" aria-label={l.progress} />;
}

/** The router's pending/loading state drives the bar; both fall back to idle after an error too. */
export function RouteProgressBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  return <ProgressBar loading={loading} />;
}
