import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryPage } from './category-page';
import { renderWidget } from './test-utils';

afterEach(cleanup);

describe('category page', () => {
  it('lists the category of its path, or the one a query_id parameter names', async () => {
    const { client } = renderWidget(<CategoryPage categoryId="/solbriller" title="Solbriller" />, { href: '/solbriller' });
    await screen.findByRole('heading', { name: 'Solbriller', level: 1 });
    expect(client.productListing.mock.calls.at(-1)![0]).toMatchObject({ category_id: '/solbriller' });
    cleanup();
    const other = renderWidget(<CategoryPage categoryId="/solbriller" title="Solbriller" />, { href: '/solbriller?query_id=%2Fsolbriller%2Fray-ban' });
    await screen.findByRole('heading', { name: 'Solbriller', level: 1 });
    expect(other.client.productListing.mock.calls.at(-1)![0]).toMatchObject({ category_id: '/solbriller/ray-ban' });
  });
});
