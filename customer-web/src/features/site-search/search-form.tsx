import type { InputHTMLAttributes, Ref } from 'react';
import { st } from './messages';

/**
 * The site search's form: a labelled search field with its instructions and a submit button —
 * the same markup for the live overlay (search-overlay.tsx) and for the plain field the /search
 * page shows until the visitor turns to it (search-again.tsx).
 */
export function SearchForm({ ids, label, onSubmit, input }: { ids: string; label: string; onSubmit: () => void; input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> } }) {
  return (
    <form
      role="search"
      aria-label={label}
      className="site-search-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={`${ids}field`} className="site-search-label">
        {label}
      </label>
      <div className="site-search-row">
        <input id={`${ids}field`} type="search" name="q" autoComplete="off" enterKeyHint="search" placeholder={st.fieldPlaceholder} aria-describedby={`${ids}hint`} {...input} />
        <button type="submit" className="site-search-submit">
          {st.submit}
        </button>
      </div>
      <p id={`${ids}hint`} className="visually-hidden">
        {st.instructions}
      </p>
    </form>
  );
}
