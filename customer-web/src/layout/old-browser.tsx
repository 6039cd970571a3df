import { layoutText as l } from './messages';

/** Internet Explorer sets document.documentMode; its user agent says MSIE (≤ 10) or Trident (11). Rendered on the server (no document), no. */
export function isOldInternetExplorer(doc: Document | undefined = globalThis.document, userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  if (!doc) return false;
  return 'documentMode' in doc || /MSIE |Trident\//.test(userAgent);
}

/** SPEC §2/§8: old Internet Explorer is asked to use a newer browser. */
export function OldBrowserMessage({ detect = isOldInternetExplorer }: { detect?: () => boolean }) {
  if (!detect()) return null;
  return (
    <p className="old-browser" role="alert">
      {l.oldBrowser}
    </p>
  );
}
