import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import useEmblaCarousel from 'embla-carousel-react';
import { Icon } from '#app/components/icon.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { useReducedMotion } from '#app/client/motion.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import { useI18n } from '#app/lib/i18n.ts';

export type HeroSlide = {
  key: string;
  href: string;
  title: string;
  text: string;
  image: ImageView;
};

/** Time each slide stays before the next one while the slider plays on its own. */
export const AUTOPLAY_MS = 6000;

/**
 * The home page slider (WAI-ARIA carousel): previous and next buttons, a picker with one
 * button per slide, and slides that change on their own only while nobody points at or
 * works in the slider, never under reduced motion, and with a button that stops them
 * (WCAG 2.2.2). Slides out of view are inert, so Tab never lands on a hidden link.
 */
export function HeroSlider({ slides, label }: { slides: HeroSlide[]; label: string }) {
  const { t } = useI18n();
  const reduced = useReducedMotion();
  const [viewportRef, api] = useEmblaCarousel({ loop: true, duration: 30 });
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const autoplay = playing && !reduced && count > 1;

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  useEffect(() => {
    if (!api || !autoplay || hovered || focused) return;
    const timer = setInterval(() => api.scrollNext(), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [api, autoplay, hovered, focused]);

  // The visitor took over: the slides stay where they are sent.
  const go = useCallback(
    (move: 'previous' | 'next' | number) => {
      if (!api) return;
      setPlaying(false);
      if (move === 'previous') api.scrollPrev(reduced);
      else if (move === 'next') api.scrollNext(reduced);
      else api.scrollTo(move, reduced);
    },
    [api, reduced],
  );

  if (count === 0) return null;

  return (
    <section
      className="hero-slider"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero-viewport" ref={viewportRef}>
        {/* Announce a slide change only when the visitor caused it. */}
        <div className="hero-track" aria-live={autoplay ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="hero-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slider_slide', { index: index + 1, count })}
              inert={index !== selected}
            >
              <ProductImage
                image={{ ...slide.image, alt: '' }}
                size="large"
                eager={index === 0}
                sizes="(max-width: 849px) 100vw, 560px"
                className="hero-slide-image"
              />
              <div className="hero-slide-caption">
                <Link to={slide.href} className="hero-slide-title">
                  {slide.title}
                </Link>
                {slide.text && <p className="hero-slide-text">{slide.text}</p>}
              </div>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="hero-controls">
          {!reduced && (
            <button
              type="button"
              className="hero-button"
              aria-label={t(playing ? 'home.slider_pause' : 'home.slider_play')}
              onClick={() => setPlaying(!playing)}
            >
              <Icon name={playing ? 'pause' : 'play'} size={18} />
            </button>
          )}
          <button
            type="button"
            className="hero-button"
            aria-label={t('home.slider_previous')}
            onClick={() => go('previous')}
          >
            <Icon name="chevron-left" size={20} />
          </button>
          <div className="hero-picker" role="group" aria-label={t('home.slider_picker')}>
            {slides.map((slide, index) => (
              <button
                key={slide.key}
                type="button"
                className="hero-dot"
                aria-label={t('home.slider_go', { index: index + 1, name: slide.title })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="hero-button"
            aria-label={t('home.slider_next')}
            onClick={() => go('next')}
          >
            <Icon name="chevron-right" size={20} />
          </button>
        </div>
      )}
    </section>
  );
}
