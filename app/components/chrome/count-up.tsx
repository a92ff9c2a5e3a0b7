import { useEffect, useRef } from 'react';
import { countUpAt } from '#app/client/count-up.ts';
import { COUNT_UP_MS, prefersReducedMotion } from '#app/client/motion.ts';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';

/**
 * A number that counts up from 0 over 4 s, in whole steps, once it scrolls into view. The
 * page is rendered with the final number: without scripts, under reduced motion and for
 * screen readers (who hear only the final number) nothing counts.
 */
export function CountUp({ value }: { value: number }) {
  const { locale } = useI18n();
  const shownRef = useRef<HTMLSpanElement>(null);
  const final = formatNumber(value, locale, 0);

  useEffect(() => {
    const shown = shownRef.current;
    if (!shown || value <= 0 || prefersReducedMotion()) return;
    if (typeof IntersectionObserver === 'undefined') return;
    let frame = 0;
    shown.textContent = formatNumber(0, locale, 0);
    const count = () => {
      const start = performance.now();
      const step = (now: number) => {
        const elapsed = now - start;
        shown.textContent = formatNumber(countUpAt(value, elapsed, COUNT_UP_MS), locale, 0);
        if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        count();
      },
      { threshold: 0.5 },
    );
    observer.observe(shown);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      shown.textContent = final;
    };
  }, [value, locale, final]);

  return (
    <span className="count-up">
      {/* Wide enough for the final number from the start, so counting moves nothing. */}
      <span
        className="count-up-shown"
        aria-hidden="true"
        ref={shownRef}
        style={{ minWidth: `${final.length}ch` }}
        data-value={value}
      >
        {final}
      </span>
      <span className="visually-hidden">{final}</span>
    </span>
  );
}
