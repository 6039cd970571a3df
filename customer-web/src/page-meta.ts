import { useEffect } from 'react';

export const SITE_NAME = 'Profil Optik';

/**
 * The page's document title ("{title} – Profil Optik") and meta description while it is shown;
 * both go back to what they were when it goes. `null` leaves them alone (still loading).
 */
export function usePageMeta(title: string | null, description?: string) {
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    document.title = title === SITE_NAME ? title : `${title} – ${SITE_NAME}`;
    if (description) meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
