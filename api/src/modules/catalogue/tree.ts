import { taxonomy } from '../../seed/taxonomy';
import type { CategoryTreeInput } from './service';

/** The catalogue tree served by /api/catalogue/categories and searched as category pages. */
export const categoryTree: readonly CategoryTreeInput[] = taxonomy.map(({ path, title, children }) => ({ path, title, children }));
