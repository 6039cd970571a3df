import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomBar } from './bottom-bar';

afterEach(() => {
  cleanup();
  scrollTo(0);
});

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const bar = () => screen.queryByRole('navigation', { name: 'Butik og synstest' });

describe('BottomBar', () => {
  it('shows find store and book exam', () => {
    render(<BottomBar />);
    expect(bar()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Find butik' }).getAttribute('href')).toBe('/find-butik');
    expect(screen.getByRole('link', { name: 'Book synstest' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
  });

  it('stays while scrolling down within 50 px, hides past 50 px and comes back on scroll up', () => {
    render(<BottomBar />);
    scrollTo(30);
    scrollTo(50);
    expect(bar()).not.toBeNull();
    scrollTo(51);
    expect(bar()).toBeNull();
    scrollTo(400);
    expect(bar()).toBeNull();
    scrollTo(390);
    expect(bar()).not.toBeNull();
    expect(bar()!.hasAttribute('inert')).toBe(false);
  });

  it('is inert while hidden, so keyboard focus cannot land on it', () => {
    const { container } = render(<BottomBar />);
    scrollTo(200);
    expect(container.querySelector('nav')!.hasAttribute('inert')).toBe(true);
  });
});
