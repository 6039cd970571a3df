import { useEffect, useId, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { t } from '../messages';
import { ALL_GROUPS, consentAtom, consentOpenAtom, makeConsent, writeConsent, type ConsentGroup } from './consent';

/**
 * The cookie-consent panel (SPEC §6): a region at the bottom of the page, not a modal, so the
 * shop stays usable; accept all, necessary only, or choose per group. Opened again from the
 * footer's cookie-settings button, with the current choice filled in.
 */
export function ConsentBanner() {
  const [open, setOpen] = useAtom(consentOpenAtom);
  const [consent, setConsent] = useAtom(consentAtom);
  const [customising, setCustomising] = useState(false);
  const [choice, setChoice] = useState<Record<ConsentGroup, boolean>>(() => consent?.groups ?? { necessary: true, statistics: false, preferences: false, marketing: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();

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
    <section className="consent" aria-labelledby={`${id}-title`}>
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
