import { useEffect, useRef } from 'react';
import { t } from '../messages';
import { OPENER_ATTRIBUTE, useWidget } from './provider';

/** Opens the widget's product search modal (SPEC §2 embedded search widget); on the shop's product listings. */
export function SearchButton() {
  const { openModal, modalOpen, claimOpenerFocus } = useWidget();
  const ref = useRef<HTMLButtonElement>(null);
  // A search from the modal replaced the page (and the button that opened it): focus comes here.
  useEffect(() => {
    if (claimOpenerFocus()) ref.current?.focus();
  }, [claimOpenerFocus]);
  return (
    <button ref={ref} {...{ [OPENER_ATTRIBUTE]: '' }} type="button" className="search-toggle" aria-haspopup="dialog" aria-expanded={modalOpen} onClick={(e) => openModal(e.currentTarget)}>
      {t.widget.searchButton}
    </button>
  );
}
