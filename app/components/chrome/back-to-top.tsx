import { useEffect, useState } from 'react';
import { Icon } from '#app/components/icon.tsx';
import { useI18n } from '#app/lib/i18n.ts';

/** Shown once the page has scrolled further than one screen. */
export function pastFirstScreen(scrollY: number, viewportHeight: number): boolean {
  return scrollY > viewportHeight;
}

/**
 * The back-to-top link in the corner: a link to the top of the page, so it works as any
 * in-page link does (the anchor scrolling animates it and moves focus to the page top).
 * Hidden, and out of the Tab order, until the visitor has scrolled a screen down.
 */
export function BackToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(pastFirstScreen(window.scrollY, window.innerHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  return (
    <a href="#top" className={`back-to-top${visible ? ' is-visible' : ''}`}>
      <Icon name="arrow-up" />
      <span className="visually-hidden">{t('nav.back_to_top')}</span>
    </a>
  );
}
