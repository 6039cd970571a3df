import type { CategoryNode } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import type { Api } from '../api';

export interface CataloguePage {
  path: string;
  title: string;
}

/** The catalogue page at `path` (a top-level category or one of its children), if any. Trailing slashes are ignored. */
export function findCataloguePage(tree: readonly CategoryNode[], path: string): CataloguePage | null {
  const p = path.replace(/\/+$/, '') || '/';
  for (const top of tree) {
    if (top.path === p) return { path: top.path, title: top.title };
    const child = top.children.find((c) => c.path === p);
    if (child) return { path: child.path, title: child.title };
  }
  return null;
}

type CategoriesResult = ApiResult<{ data: CategoryNode[] }>;
let cached: Promise<CategoriesResult> | null = null;

/** The catalogue tree, fetched once per page load; a failed answer is not kept, so the next page tries again. */
export function loadCatalogueTree(api: Pick<Api, 'getCategories'>): Promise<CategoriesResult> {
  if (!cached) {
    const p = api.getCategories();
    cached = p;
    void p.then((r) => {
      if (!r.ok && cached === p) cached = null;
    });
  }
  return cached;
}
