/**
 * The token of a mailed company link (issue 15 finding 9). Links carry it in the URL fragment
 * (`#t=…`), which browsers never send to a server; links mailed before that carried `#token=…`
 * or — for the printable contract — `?token=…`, and still work. Once read, the token lives only
 * in this module's memory and is taken out of the address bar (`history.replaceState`), so it
 * stays out of the history, bookmarks, shared screenshots of the address and the Referer of
 * anything the page loads. A reload after that finds no token in the address: the page then uses
 * the one in memory (same tab, same visit), else asks for the mailed link again.
 */

let remembered: string | null = null;

const MAX_TOKEN = 200;
const usable = (v: string | null): string | null => (v && v.length <= MAX_TOKEN ? v : null);

/** The token in a location's fragment (`t`, or the older `token`) or older query string (`token`), if any. */
export function linkTokenIn(loc: Pick<Location, 'hash' | 'search'>): string | null {
  const fragment = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const query = new URLSearchParams(loc.search);
  return usable(fragment.get('t') ?? fragment.get('token') ?? query.get('token'));
}

/** The address without the token: the fragment goes, and `token` leaves the query string (other parameters stay). */
function withoutToken(loc: Pick<Location, 'pathname' | 'search'>): string {
  const query = new URLSearchParams(loc.search);
  query.delete('token');
  const rest = query.toString();
  return `${loc.pathname}${rest ? `?${rest}` : ''}`;
}

/**
 * Takes the link's token out of the address bar into memory and answers it; without one in the
 * address, the one taken before in this visit (or null).
 */
export function takeLinkToken(win: Pick<Window, 'location' | 'history'> = window): string | null {
  const found = linkTokenIn(win.location);
  // The fragment of this page holds nothing but the link's token.
  if (win.location.hash || new URLSearchParams(win.location.search).has('token')) win.history.replaceState(win.history.state, '', withoutToken(win.location));
  if (found) remembered = found;
  return found ?? remembered;
}

/** Forgets the token in memory (tests). */
export function forgetLinkToken(): void {
  remembered = null;
}
