import { createRef } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Header, type HeaderProps } from './header';

afterEach(cleanup);

function renderHeader(props: Partial<HeaderProps> = {}) {
  return render(
    <Header pathname="/" storeUserName={null} menuId="m" menuOpen={false} onMenuToggle={() => {}} menuButtonRef={createRef()} logo={<a href="/">Profil Optik</a>} {...props} />,
  );
}

describe('Header', () => {
  it('has the menu button, book-exam button, My Pages and the sub-menu and top-menu entries', () => {
    renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-haspopup')).toBe('dialog');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-controls')).toBe('m');
    expect(screen.getByRole('link', { name: 'Book synstest' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
    const sub = screen.getByRole('navigation', { name: 'Undermenu' });
    expect(within(sub).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Abonnement', '/linseabonnement'],
      ['Briller', '/briller'],
      ['Solbriller', '/solbriller'],
      ['Sportsbriller', '/sportsbriller'],
      ['Kontaktlinser', '/kontaktlinser'],
      ['Min konto', '/min-konto'],
      ['Find butik', '/find-butik'],
      ['Kundeservice', '/kontakt-os'],
    ]);
    const top = screen.getByRole('navigation', { name: 'Topmenu' });
    expect(within(top).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Lifestyle', '/briller-lifestyle-aftale'],
      ['Erhverv', '/b2b'],
      ['Hørelse', '/hoerelse'],
    ]);
  });

  it('hides the book-exam button on the booking route and its sub-pages', () => {
    renderHeader({ pathname: '/bestil-tid-til-synstest' });
    expect(screen.queryByRole('link', { name: 'Book synstest' })).toBeNull();
    cleanup();
    renderHeader({ pathname: '/bestil-tid-til-synstest/42' });
    expect(screen.queryByRole('link', { name: 'Book synstest' })).toBeNull();
    cleanup();
    renderHeader({ pathname: '/min-konto/bestil-tid-til-synstest' });
    expect(screen.getByRole('link', { name: 'Book synstest' })).toBeDefined();
  });

  it("shows the store user's name instead of My Pages", () => {
    renderHeader({ storeUserName: 'Profil Optik København K' });
    expect(screen.queryByRole('link', { name: 'Min konto' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Profil Optik København K' }).map((a) => a.getAttribute('href'))).toEqual(['/min-konto', '/min-konto']);
  });
});
