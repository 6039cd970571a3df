import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { CategoryNode } from '@optik/shared';
import { HeroVideo, Home, VIDEO_CONTROLS_HIDE_MS } from './home';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

/** matchMedia stub: `reduce` says whether the visitor prefers reduced motion. */
function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const media = { src: ['/media/hero.webm', '/media/hero.mp4'] };
const video = () => document.querySelector('video')!;

describe('HeroVideo', () => {
  it('without a source shows only the generated poster', () => {
    render(<HeroVideo />);
    expect(document.querySelector('video')).toBeNull();
    expect(document.querySelector('.hero-media img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('autoplays muted and looping', () => {
    stubMotion(false);
    render(<HeroVideo media={media} />);
    expect(video().autoplay).toBe(true);
    expect(video().loop).toBe(true);
    expect(video().muted).toBe(true);
    expect(video().getAttribute('poster')).toMatch(/^data:image\/svg\+xml,/);
    expect([...video().querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual(media.src);
  });

  it('does not autoplay or loop when the visitor prefers reduced motion', () => {
    stubMotion(true);
    render(<HeroVideo media={media} />);
    expect(video().autoplay).toBe(false);
    expect(video().loop).toBe(false);
    expect(screen.getByRole('button', { name: 'Afspil video' })).toBeDefined();
  });

  it('toggles play and pause; ended stops', () => {
    stubMotion(true);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => {});
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<HeroVideo media={media} />);
    fireEvent.click(screen.getByRole('button', { name: 'Afspil video' }));
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.play(video());
    expect(screen.getByRole('button', { name: 'Sæt video på pause' })).toBeDefined();
    vi.spyOn(video(), 'paused', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'Sæt video på pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    fireEvent.pause(video());
    expect(screen.getByRole('button', { name: 'Afspil video' })).toBeDefined();
    fireEvent.play(video());
    fireEvent.ended(video());
    expect(screen.getByRole('button', { name: 'Afspil video' })).toBeDefined();
  });

  it('hides the controls after 1.5 s without activity while playing, and shows them on pointer or keyboard activity', () => {
    vi.useFakeTimers();
    stubMotion(false);
    render(<HeroVideo media={media} />);
    const controls = document.querySelector('.video-controls')!;
    fireEvent.play(video());
    expect(controls.getAttribute('data-visible')).toBe('true');
    act(() => vi.advanceTimersByTime(VIDEO_CONTROLS_HIDE_MS - 1));
    expect(controls.getAttribute('data-visible')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(controls.getAttribute('data-visible')).toBe('false');
    fireEvent.pointerMove(video());
    expect(controls.getAttribute('data-visible')).toBe('true');
    act(() => vi.advanceTimersByTime(VIDEO_CONTROLS_HIDE_MS));
    expect(controls.getAttribute('data-visible')).toBe('false');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Sæt video på pause' }), { key: 'Tab' });
    expect(controls.getAttribute('data-visible')).toBe('true');
  });
});
