/**
 * The widget's page replacer (SPEC §2, §4, §8): on a host page, when the URL matches a page
 * rule, the widget's search or category page takes over a target element — either hiding it
 * and standing in its place, or being appended into it. Leaving the rule's URLs restores the
 * element's display and the document title. Back/forward to a URL not visited since the page
 * loaded reloads it (the host's own page must render it). If the host removes the inserted
 * element, it is put back — at most 10 times a second, then the replacer gives up.
 */
export interface PageRule {
  /** Which URLs this rule takes over. */
  match: RegExp | ((url: URL) => boolean);
  /** CSS selector of the host element. */
  target: string;
  mode: 'replace' | 'append';
  /** Document title while the rule is open. */
  title?: string;
}

export interface PageReplacerEnv {
  document: Document;
  /** Reload the host page (location.reload in a browser). */
  reload: () => void;
  now?: () => number;
}

export interface OpenPage {
  rule: PageRule;
  /** The element the widget renders into (e.g. with a React portal). */
  container: HTMLElement;
}

const MAX_REINSERTIONS_PER_SECOND = 10;

export function createPageReplacer(rules: readonly PageRule[], env: PageReplacerEnv) {
  const { document } = env;
  const now = env.now ?? Date.now;
  const visited = new Set<string>();
  let open: (OpenPage & { target: HTMLElement; display: string; title: string; observer: MutationObserver | null }) | null = null;
  let removals: number[] = [];
  let abandoned = false;
  const listeners = new Set<(page: OpenPage | null) => void>();

  const matches = (rule: PageRule, url: URL) => (rule.match instanceof RegExp ? rule.match.test(url.pathname + url.search) : rule.match(url));

  function insert(target: HTMLElement, container: HTMLElement, mode: PageRule['mode']) {
    if (mode === 'append') target.appendChild(container);
    else target.insertAdjacentElement('afterend', container);
  }

  function close() {
    if (!open) return;
    open.observer?.disconnect();
    open.container.remove();
    if (open.rule.mode === 'replace') open.target.style.display = open.display;
    document.title = open.title;
    open = null;
    for (const l of listeners) l(null);
  }

  function openRule(rule: PageRule): OpenPage | null {
    const target = document.querySelector<HTMLElement>(rule.target);
    if (!target) return null;
    const container = document.createElement('div');
    container.dataset.widgetPage = '';
    const state = { rule, container, target, display: target.style.display, title: document.title, observer: null as MutationObserver | null };
    if (rule.mode === 'replace') target.style.display = 'none';
    insert(target, container, rule.mode);
    if (rule.title) document.title = rule.title;
    abandoned = false;
    removals = [];
    // The host may re-render and drop our element: put it back, within reason.
    const view = document.defaultView as (Window & typeof globalThis) | null;
    if (view?.MutationObserver) {
      state.observer = new view.MutationObserver(() => {
        if (!open || open.container.isConnected || abandoned) return;
        const t = now();
        removals = removals.filter((x) => t - x < 1000);
        removals.push(t);
        if (removals.length > MAX_REINSERTIONS_PER_SECOND) {
          abandoned = true;
          return;
        }
        const host = document.querySelector<HTMLElement>(rule.target);
        if (host) insert(host, open.container, rule.mode);
      });
      state.observer.observe(document.body, { childList: true, subtree: true });
    }
    open = state;
    for (const l of listeners) l({ rule, container });
    return { rule, container };
  }

  return {
    /**
     * Call on load and on every URL change. `viaHistory` marks back/forward: a URL not visited
     * since load then reloads the page instead of being rendered by the widget.
     */
    sync(href: string, viaHistory = false): OpenPage | null {
      const url = new URL(href);
      if (viaHistory && !visited.has(url.href)) {
        env.reload();
        return null;
      }
      visited.add(url.href);
      const rule = rules.find((r) => matches(r, url)) ?? null;
      if (open && open.rule === rule) return { rule: open.rule, container: open.container };
      close();
      return rule ? openRule(rule) : null;
    },
    close,
    /** True when the host kept removing the widget and the replacer stopped putting it back. */
    get abandoned() {
      return abandoned;
    },
    current(): OpenPage | null {
      return open ? { rule: open.rule, container: open.container } : null;
    },
    subscribe(listener: (page: OpenPage | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type PageReplacer = ReturnType<typeof createPageReplacer>;
