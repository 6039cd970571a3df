import type { ReactNode } from 'react';
import type { CategoryNode } from '@optik/shared';
import type { Api } from '../api';
import { LoadError } from '../load-error';
import { t } from '../messages';
import { useApi } from '../use-api';

/** `children` go below the categories (the recommendation strip). */
export function Home({ api, children }: { api: Pick<Api, 'getCategories'>; children?: ReactNode }) {
  const [categories, reload] = useApi('categories', () => api.getCategories());
  return (
    <div className="page">
      <section className="hero" aria-labelledby="forside-titel">
        <h1 id="forside-titel">{t.home.title}</h1>
        <p>{t.home.intro}</p>
      </section>
      <section aria-labelledby="kategorier">
        <h2 id="kategorier">{t.home.categoriesHeading}</h2>
        {categories.state === 'loading' && (
          <p role="status" aria-live="polite">
            {t.home.loading}
          </p>
        )}
        {categories.state === 'error' && <LoadError onRetry={reload} />}
        {categories.state === 'ready' && (
          <ul className="category-grid">
            {categories.data.data.map((c) => (
              <CategoryCard key={c.path} category={c} />
            ))}
          </ul>
        )}
      </section>
      {children}
    </div>
  );
}

function CategoryCard({ category }: { category: CategoryNode }) {
  const headingId = `kategori-${category.path.slice(1)}`;
  return (
    <li className="category-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={category.path}>{category.title}</a>
      </h3>
      <p className="count">{t.home.articles(category.count)}</p>
      <ul className="sub-links">
        {category.children.map((child) => (
          <li key={child.path}>
            <a href={child.path}>{child.title}</a>
          </li>
        ))}
      </ul>
    </li>
  );
}
