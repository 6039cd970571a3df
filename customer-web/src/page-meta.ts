import { useEffect } from 'react';

export const SITE_NAME = 'Profil Optik';
/** The shop's own title and description (index.html's): what a page leaves behind when it goes. */
export const DEFAULT_TITLE = 'Profil Optik – briller, solbriller og kontaktlinser';
export const DEFAULT_DESCRIPTION = 'Briller, solbriller, sportsbriller, kontaktlinser og øjenpleje — køb online eller i en af vores butikker.';

/** "{title} – Profil Optik"; the site's name alone stays alone. */
export const fullTitle = (title: string) => (title === SITE_NAME ? title : `${title} – ${SITE_NAME}`);

/** Marks what the shop's server put into the head for the page it served (seo/head.ts). */
export const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

/** Takes out the server's head tags (canonical, link previews, schema.org data): they describe the page the visitor is leaving. */
export function dropServerHead(): void {
  for (const el of document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`)) el.remove();
}

/**
 * The page's document title ("{title} – Profil Optik") and meta description while it is shown;
 * both go back to what they were when it goes — to the shop's own when they were the server's,
 * which describe only the page it served. `null` leaves them alone (still loading).
 */
export function usePageMeta(title: string | null, description?: string) {
  useEffect(() => {
    if (!title) return;
    const fromServer = document.head.querySelector(`[${SERVER_HEAD_ATTRIBUTE}]`) !== null;
    const previousTitle = fromServer ? DEFAULT_TITLE : document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = fromServer ? DEFAULT_DESCRIPTION : meta.content;
    document.title = fullTitle(title);
    if (description) meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
