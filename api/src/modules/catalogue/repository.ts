import type { Article, Store } from '@optik/shared';
import type { Storage } from '../../storage/port';
import { articlesCollection, pagesCollection, storesCollection, type ContentPageRecord } from './records';

/**
 * The catalogue's own collections: articles, stores and content pages. They are small and
 * bounded (about 1,500 articles, the chain's stores, a few dozen pages) and change only with the
 * seed or an import, so the service reads them whole into one snapshot on purpose.
 */
export class CatalogueRepository {
  constructor(private readonly storage: Storage) {}

  /** Everything the snapshot is built from (read whole on purpose: see above). */
  async everything(): Promise<{ articles: Article[]; stores: Store[]; pages: ContentPageRecord[] }> {
    // The snapshot is shared by every request: read committed state, never the snapshot of the
    // transaction that happened to ask first (it may predate another instance's change).
    return this.storage.detached(async () => {
      const [articles, stores, pages] = await Promise.all([
        this.storage.collection(articlesCollection).all(),
        this.storage.collection(storesCollection).all(),
        this.storage.collection(pagesCollection).all(),
      ]);
      return { articles, stores, pages };
    });
  }

  /** Calls `fn` after any instance commits a change to the catalogue. */
  onChange(fn: () => void): () => void {
    return this.storage.onChange([articlesCollection, storesCollection, pagesCollection], fn);
  }

  /** One store as stored now (not the snapshot's copy). */
  store(id: string): Promise<Store | undefined> {
    return this.storage.collection(storesCollection).get(id);
  }
}
