import { t } from '../messages';
import { useWidget } from './provider';

/** Opens the widget's product search modal (SPEC §2 embedded search widget); on the shop's product listings. */
export function SearchButton() {
  const { openModal, modalOpen } = useWidget();
  return (
    <button type="button" className="search-toggle" aria-haspopup="dialog" aria-expanded={modalOpen} onClick={(e) => openModal(e.currentTarget)}>
      {t.widget.searchButton}
    </button>
  );
}
