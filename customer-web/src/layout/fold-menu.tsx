import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import type { CategoryNode } from '@optik/shared';
import type { Api } from '../api';
import { lockBodyScroll, trapTab } from '../focus-trap';
import { BOOK_EXAM_PATH } from './header';
import { layoutText as l } from './messages';

export type FoldMenuSection = keyof typeof l.sections;

/** SPEC §2: the fold menu's sections and the catalogue trees they show. */
const SECTIONS: [FoldMenuSection, string][] = [
  ['glasses', '/briller'],
  ['sunglasses', '/solbriller'],
  ['sportsglasses', '/sportsbriller'],
  ['lenses', '/kontaktlinser'],
  ['careproducts', '/oejenpleje'],
];

/** SPEC §4/§9: the open section is cleared 250 ms after closing, once the slide-out is over. */
export const FOLD_MENU_RESET_MS = 250;

/** Extra links under the sections (the top menu's entries plus store and service). */
export const MENU_LINKS: [string, string][] = [
  ['/briller-lifestyle-aftale', l.top.lifestyle],
  ['/b2b', l.top.company],
  ['/hoerelse', l.top.hearing],
  ['/linseabonnement', l.sub.subscription],
  ['/find-butik', 'Find butik'],
  ['/kontakt-os', l.sub.customerService],
];

export interface FoldMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  api: Pick<Api, 'getCategories'>;
  /** The menu button: focus goes back there when the menu closes. */
  returnFocusRef: RefObject<HTMLElement | null>;
  /** Client-side navigation for plain clicks; without it the links load the page. */
  onNavigate?: (href: string) => void;
}

type Tree = { state: 'idle' } | { state: 'ready'; nodes: CategoryNode[] } | { state: 'error' };

/** Slide-in fold menu (SPEC §2, §4): main list of sections, one section's links, back to the list. */
export function FoldMenu({ id, open, onClose, api, returnFocusRef, onNavigate }: FoldMenuProps) {
  const [section, setSection] = useState<FoldMenuSection | null>(null);
  const [tree, setTree] = useState<Tree>({ state: 'idle' });
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const sectionButtons = useRef(new Map<FoldMenuSection, HTMLButtonElement>());
  /** Where focus goes after the next render: the back button or the section's button in the main list. */
  const focusNext = useRef<'back' | FoldMenuSection | null>(null);
  const wasOpen = useRef(false);

  // The catalogue tree is fetched when the menu first opens; after a failure the next opening tries again.
  const loading = open && tree.state === 'idle';
  useEffect(() => {
    if (!loading) return;
    let live = true;
    void api.getCategories().then((r) => {
      if (live) setTree(r.ok ? { state: 'ready', nodes: r.data.data } : { state: 'error' });
    });
    return () => {
      live = false;
    };
  }, [loading, api]);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      closeRef.current?.focus();
      // SPEC §4: the page behind does not scroll while the menu is open.
      return lockBodyScroll();
    }
    if (wasOpen.current) returnFocusRef.current?.focus();
    const timer = setTimeout(() => {
      setSection(null);
      setTree((t) => (t.state === 'error' ? { state: 'idle' } : t));
    }, FOLD_MENU_RESET_MS);
    return () => clearTimeout(timer);
  }, [open, returnFocusRef]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'back') backRef.current?.focus();
    else if (target) sectionButtons.current.get(target)?.focus();
  }, [section]);

  const choose = (key: FoldMenuSection) => {
    focusNext.current = 'back';
    setSection(key);
  };
  const back = () => {
    focusNext.current = section;
    setSection(null);
  };
  const follow = (e: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (onNavigate && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      onNavigate(href);
    }
    onClose();
  };

  const node = (path: string) => (tree.state === 'ready' ? tree.nodes.find((n) => n.path === path) : undefined);
  const current = section ? SECTIONS.find(([key]) => key === section) : undefined;
  const currentNode = current ? node(current[1]) : undefined;
  const currentTitle = current ? (currentNode?.title ?? l.sections[current[0]]) : '';

  return (
    <div className="fold-menu-root" data-open={open}>
      {open && <div className="fold-menu-backdrop" onClick={onClose} />}
      <div
        ref={dialogRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={l.menuDialog}
        className="fold-menu"
        aria-hidden={open ? undefined : true}
        inert={!open}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          } else trapTab(e, dialogRef.current);
        }}
      >
        <div className="fold-menu-head">
          {current ? (
            <button ref={backRef} type="button" className="secondary" onClick={back}>
              <span aria-hidden="true">← </span>
              {l.back} <span className="visually-hidden">{l.backHint}</span>
            </button>
          ) : (
            <p className="fold-menu-title">{l.menuDialog}</p>
          )}
          <button ref={closeRef} type="button" className="fold-menu-close" aria-label={l.closeMenu} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {current ? (
          <nav aria-labelledby={`${id}-section`} className="fold-menu-body">
            <h2 id={`${id}-section`}>{currentTitle}</h2>
            <ul className="fold-menu-list">
              {current[0] === 'glasses' && (
                <li>
                  <a href={BOOK_EXAM_PATH} onClick={(e) => follow(e, BOOK_EXAM_PATH)}>
                    {l.freeExam} <span className="campaign-price" aria-hidden="true">{l.freeExamPrice}</span>
                    <span className="visually-hidden">{l.freeExamPriceSpoken}</span>
                  </a>
                </li>
              )}
              <li>
                <a href={current[1]} onClick={(e) => follow(e, current[1])}>
                  {l.seeAll(currentTitle)}
                </a>
              </li>
              {currentNode?.children.map((child) => (
                <li key={child.path}>
                  <a href={child.path} onClick={(e) => follow(e, child.path)}>
                    {child.title}
                  </a>
                </li>
              ))}
            </ul>
            {loading && <p className="muted">{l.menuLoading}</p>}
          </nav>
        ) : (
          <div className="fold-menu-body">
            <nav aria-label={l.assortment}>
              <ul className="fold-menu-list">
                {SECTIONS.map(([key, path]) => (
                  <li key={key}>
                    <button
                      type="button"
                      className="fold-menu-section"
                      ref={(el) => {
                        if (el) sectionButtons.current.set(key, el);
                        else sectionButtons.current.delete(key);
                      }}
                      onClick={() => choose(key)}
                    >
                      {node(path)?.title ?? l.sections[key]}
                      <span aria-hidden="true"> ›</span>
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-label={l.menuMore}>
              <ul className="fold-menu-list small">
                {MENU_LINKS.map(([href, label]) => (
                  <li key={href}>
                    <a href={href} onClick={(e) => follow(e, href)}>
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        )}
      </div>
    </div>
  );
}
