import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { CategoryNode } from '@optik/shared';
import { Home } from './home';

afterEach(cleanup);

const categories: CategoryNode[] = [
  {
    path: '/briller',
    title: 'Briller',
    count: 1234,
    kind: 'category',
    children: [
      { path: '/briller/gucci', title: 'Gucci', count: 40, kind: 'brand' },
      { path: '/briller/runde', title: 'Runde briller', count: 80, kind: 'style' },
    ],
  },
  { path: '/oejenpleje', title: 'Øjenpleje', count: 1, kind: 'category', children: [] },
];

function fakeApi(results: ApiResult<{ data: CategoryNode[] }>[]) {
  let i = 0;
  return { getCategories: async () => results[Math.min(i++, results.length - 1)]! };
}

describe('Home', () => {
  it('lists the categories with Danish counts and sub-route links', async () => {
    render(<Home api={fakeApi([{ ok: true, status: 200, data: { data: categories } }])} />);
    const briller = await screen.findByRole('heading', { level: 3, name: 'Briller' });
    const card = briller.closest('li')!;
    expect(within(card).getByText('1.234 varer')).toBeDefined();
    expect(within(card).getByRole('link', { name: 'Gucci' }).getAttribute('href')).toBe('/briller/gucci');
    expect(screen.getByText('1 vare')).toBeDefined();
  });

  it('shows a Danish error with a retry that loads again', async () => {
    const api = fakeApi([
      { ok: false, status: 0, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } },
      { ok: true, status: 200, data: { data: categories } },
    ]);
    render(<Home api={api} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Noget gik galt. Prøv igen.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Øjenpleje' })).toBeDefined();
  });
});
