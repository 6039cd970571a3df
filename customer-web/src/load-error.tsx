import { t } from './messages';

/** The Danish "something went wrong" box with a retry button, for any failed load. */
export function LoadError({ onRetry, className = 'error' }: { onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={className}>
      <p>{t.error.generic}</p>
      <button type="button" onClick={onRetry}>
        {t.error.retry}
      </button>
    </div>
  );
}
