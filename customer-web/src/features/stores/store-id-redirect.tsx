import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { LoadError } from '../../load-error';
import { NotFound } from '../../routes/not-found';
import { useApi } from '../../use-api';
import { sm } from './messages';
import type { StoreApi } from './store-finder-page';

/** SPEC §2 store-id redirect: /butik/{storeId} → /find-butik/{slug} (replacing the entry); an unknown id is the 404 page. */
export function StoreIdRedirect({ api, storeId }: { api: StoreApi; storeId: string }) {
  const router = useRouter();
  const [store, reload] = useApi(`store-id:${storeId}`, () => api.getStore(storeId));
  const slug = store.state === 'ready' ? store.data.data.slug : null;
  useEffect(() => {
    if (slug) void router.navigate({ to: '/find-butik/$slug', params: { slug }, replace: true });
  }, [router, slug]);
  if (store.state === 'error') return store.status === 404 ? <NotFound /> : <LoadError className="page error" onRetry={reload} />;
  return (
    <p role="status" className="page">
      {sm.redirecting}
    </p>
  );
}
