import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { t } from '../messages';
import { ALL_GROUPS, consentAtom, consentOpenAtom, makeConsent, writeConsent, type ConsentGroup } from './consent';

/**
 * While the banner shows, the page keeps room for it: the body gets bottom padding of the
 * banner's height, and scrolling to a focused element keeps it clear of the banner (so it never
 * covers "Betal" or the last thing on a page, issue 16 item 4). Follows the banner's height as it
 * changes (Tilpas, a narrow phone).
 */
function useReserveSpace(ref: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const root = document.documentElement;
    const apply = () => {
      const style = getComputedStyle(el);
      // The banner floats above the page's bottom edge by its own offset: keep room for that too.
      const height = Math.ceil(el.getBoundingClientRect().height + (parseFloat(style.bottom) || 0));
      root.style.setProperty('--consent-space', `${height}px`);
    };
    apply();
    root.classList.add('consent-open');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.classList.remove('consent-open');
      root.style.removeProperty('--consent-space');
    };
  }, [ref, open]);
}

/**
 * The cookie-consent panel (SPEC §6): a region at the bottom of the page, not a modal, so the
 * shop stays usable; accept all, necessary only, or choose per group. Opened again from the
 * footer's cookie-settings button, with the current choice filled in. The layout puts it early
 * in the document, right after the skip link, so it is among the first stops for Tab.
 */
export function ConsentBanner() {
  const [open, setOpen] = useAtom(consentOpenAtom);
  const [consent, setConsent] = useAtom(consentAtom);
  const [customising, setCustomising] = useState(false);
  const [choice, setChoice] = useState<Record<ConsentGroup, boolean>>(() => consent?.groups ?? { necessary: true, statistics: false, preferences: false, marketing: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const id = useId();
  useReserveSpace(section, open);

  useEffect(() => {
    if (open && consent) heading.current?.focus();
  }, [open, consent]);

  if (!open) return null;
  const save = (groups: Partial<Record<ConsentGroup, boolean>>) => {
    const c = makeConsent(groups);
    writeConsent(c);
    setConsent(c);
    setOpen(false);
    setCustomising(false);
  };

  return (
    <section ref={section} className="consent" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t.consent.title}
      </h2>
      <p>
        {t.consent.intro} <a href="/cookieliste">{t.consent.listLink}</a>
      </p>
      {customising && (
        <fieldset>
          <legend>{t.consent.groupsLegend}</legend>
          {ALL_GROUPS.map((g) => (
            <div key={g} className="checkbox">
              <input
                id={`${id}-${g}`}
                type="checkbox"
                checked={g === 'necessary' || choice[g]}
                disabled={g === 'necessary'}
                onChange={(e) => setChoice({ ...choice, [g]: e.target.checked })}
                aria-describedby={`${id}-${g}-hint`}
              />
              <label htmlFor={`${id}-${g}`}>{t.consent.groups[g].title}</label>
              <p id={`${id}-${g}-hint`} className="hint">
                {t.consent.groups[g].text}
              </p>
            </div>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <button type="button" onClick={() => save({ statistics: true, preferences: true, marketing: true })}>
          {t.consent.acceptAll}
        </button>
        <button type="button" className="secondary" onClick={() => save({})}>
          {t.consent.necessaryOnly}
        </button>
        {customising ? (
          <button type="button" className="secondary" onClick={() => save(choice)}>
            {t.consent.saveChoice}
          </button>
        ) : (
          <button type="button" className="secondary" onClick={() => setCustomising(true)}>
            {t.consent.customise}
          </button>
        )}
      </div>
    </section>
  );
}

/** The footer's cookie-settings button. */
export function ConsentSettingsButton() {
  const setOpen = useSetAtom(consentOpenAtom);
  return (
    <button type="button" className="link-button" onClick={() => setOpen(true)}>
      {t.consent.settings}
    </button>
  );
}
