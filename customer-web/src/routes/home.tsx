import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CategoryNode } from '@optik/shared';
import type { Api } from '../api';
import { layoutText as l } from '../layout/messages';
import { useMediaQuery } from '../layout/use-media-query';
import { LoadError } from '../load-error';
import { t } from '../messages';
import { useApi } from '../use-api';

/** SPEC §3 video media: one source or a list. */
export interface VideoMedia {
  src: string | string[];
}

/** SPEC §4/§9: the custom controls hide after 1.5 s without pointer or keyboard activity. */
export const VIDEO_CONTROLS_HIDE_MS = 1500;

/** A generated poster (no media is downloaded): a soft gradient with a pair of glasses. */
export const HERO_POSTER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600"><defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#0b4a7d"/><stop offset="1" stop-color="#6fa8d6"/></linearGradient></defs><rect width="1600" height="600" fill="url(#g)"/><g fill="none" stroke="#fff" stroke-width="18" opacity=".85"><circle cx="640" cy="300" r="130"/><circle cx="960" cy="300" r="130"/><path d="M770 290q30-40 60 0M510 280l-120-40M1090 280l120-40"/></g></svg>`,
  );

/**
 * Hero video (SPEC §4): autoplays muted and looping unless the visitor prefers reduced motion;
 * play/pause toggle; when it ends it stays stopped. Without a source only the poster is shown.
 */
export function HeroVideo({ media }: { media?: VideoMedia }) {
  const sources = media ? (Array.isArray(media.src) ? media.src : [media.src]) : [];
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [activity, setActivity] = useState(0);
  const wake = useCallback(() => {
    setControlsVisible(true);
    setActivity((n) => n + 1);
  }, []);
  useEffect(() => {
    // Hidden only while playing: paused, the play button must stay in sight.
    if (!playing) return;
    const timer = setTimeout(() => setControlsVisible(false), VIDEO_CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, activity]);

  if (sources.length === 0) {
    return (
      <div className="hero-media">
        <img src={HERO_POSTER} alt="" />
      </div>
    );
  }
  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play()?.catch(() => setPlaying(false));
    else video.pause();
    wake();
  };
  return (
    <div className="hero-media" onPointerMove={wake} onKeyDown={wake} onFocus={wake}>
      <video
        ref={videoRef}
        aria-label={l.video.label}
        poster={HERO_POSTER}
        muted
        playsInline
        autoPlay={!reducedMotion}
        loop={!reducedMotion}
        preload={reducedMotion ? 'none' : 'auto'}
        onPlay={() => {
          setPlaying(true);
          wake();
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      >
        {sources.map((src) => (
          <source key={src} src={src} />
        ))}
      </video>
      <div className="video-controls" data-visible={controlsVisible || !playing}>
        <button type="button" onClick={toggle} aria-label={playing ? l.video.pause : l.video.play}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      </div>
    </div>
  );
}

/** `children` go below the categories (the recommendation strip); `heroVideo` is optional (no asset yet). */
export function Home({ api, children, heroVideo }: { api: Pick<Api, 'getCategories'>; children?: ReactNode; heroVideo?: VideoMedia }) {
  const [categories, reload] = useApi('categories', () => api.getCategories());
  return (
    <div className="page">
      <section className="hero" aria-labelledby="forside-titel">
        <h1 id="forside-titel">{t.home.title}</h1>
        <p>{t.home.intro}</p>
        <HeroVideo media={heroVideo} />
      </section>
      <section aria-labelledby="kategorier">
        <h2 id="kategorier">{t.home.categoriesHeading}</h2>
        {categories.state === 'loading' && (
          <p role="status" aria-live="polite">
            {t.home.loading}
          </p>
        )}
        {categories.state === 'error' && <LoadError onRetry={reload} />}
        {categories.state === 'ready' && (
          <ul className="category-grid">
            {categories.data.data.map((c) => (
              <CategoryCard key={c.path} category={c} />
            ))}
          </ul>
        )}
      </section>
      {children}
    </div>
  );
}

function CategoryCard({ category }: { category: CategoryNode }) {
  const headingId = `kategori-${category.path.slice(1)}`;
  return (
    <li className="category-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={category.path}>{category.title}</a>
      </h3>
      <p className="count">{t.home.articles(category.count)}</p>
      <ul className="sub-links">
        {category.children.map((child) => (
          <li key={child.path}>
            <a href={child.path}>{child.title}</a>
          </li>
        ))}
      </ul>
    </li>
  );
}
