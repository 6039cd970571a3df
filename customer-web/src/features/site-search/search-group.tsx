import type { ReactNode } from 'react';

/** One titled group of the site search overlay's list (popular searches, products, stores…). */
export function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="site-search-group" aria-labelledby={id}>
      <h2 id={id} className="site-search-group-title">
        {title}
      </h2>
      <ul className="site-search-list">{children}</ul>
    </section>
  );
}
