import { useParams } from '@tanstack/react-router';
import { api } from '../../api';
import { StoreFinderPage } from './store-finder-page';
import { StoreIdRedirect } from './store-id-redirect';
import { StorePage } from './store-page';

export function StoreFinderRoute() {
  return <StoreFinderPage api={api} />;
}

/** A new slug is a new page: nothing carries over from the previous store. */
export function StoreRoute() {
  const { slug } = useParams({ from: '/find-butik/$slug' });
  return <StorePage key={slug} api={api} slug={slug} />;
}

export function StoreIdRedirectRoute() {
  const { storeId } = useParams({ from: '/butik/$storeId' });
  return <StoreIdRedirect key={storeId} api={api} storeId={storeId} />;
}
