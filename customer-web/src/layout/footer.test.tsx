import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from './footer';

afterEach(cleanup);

describe('Footer', () => {
  it('opens one section at a time (single-expand), and a second click closes it', () => {
    render(<Footer />);
    const kundeservice = screen.getByRole('button', { name: 'Kundeservice' });
    const handel = screen.getByRole('button', { name: 'Handel' });
    expect(kundeservice.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Garanti og ombytningsret' })).toBeNull();

    fireEvent.click(kundeservice);
    expect(kundeservice.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(kundeservice.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Garanti og ombytningsret' })).toBeDefined();

    fireEvent.click(handel);
    expect(handel.getAttribute('aria-expanded')).toBe('true');
    expect(kundeservice.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Garanti og ombytningsret' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Delbetaling' })).toBeDefined();

    fireEvent.click(handel);
    expect(handel.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Delbetaling' })).toBeNull();
  });

  it('shows every section on wide screens', () => {
    render(<Footer wide />);
    expect(screen.queryByRole('button', { name: 'Kundeservice' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Kundeservice' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Cookies' })).toBeDefined();
  });

  it('has payment badges, without the extra card brand in Denmark', () => {
    const { unmount } = render(<Footer />);
    const badges = screen.getByRole('list', { name: 'Betalingsmuligheder' });
    expect(within(badges).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Klarna (køb nu, betal senere)', 'Visa']);
    unmount();
    render(<Footer market="se" />);
    expect(within(screen.getByRole('list', { name: 'Betalingsmuligheder' })).getByText('Mastercard')).toBeDefined();
  });

  it('has the book-exam button, cookie settings and the small links; jobs open in a new tab', () => {
    render(<Footer />);
    expect(screen.getByRole('link', { name: 'Book synstest' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
    expect(screen.getByRole('button', { name: 'Cookie-indstillinger' })).toBeDefined();
    const small = screen.getByRole('navigation', { name: 'Mere om Profil Optik' });
    expect(within(small).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Kontakt os', '/kontakt-os'],
      ['Presse', '/presse'],
      ['Om virksomheden', '/om-os'],
      ['Job (åbner i et nyt vindue)', 'https://job.profiloptik.example'],
      ['Vision', '/baeredygtighed'],
    ]);
    const job = within(small).getByRole('link', { name: /Job/ });
    expect(job.getAttribute('target')).toBe('_blank');
    expect(job.getAttribute('rel')).toContain('noopener');
  });
});
