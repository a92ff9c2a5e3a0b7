import { useEffect, useState } from 'react';
import { isHydrated } from './use-hydrated.ts';

/** The theme's timings (storefront spec, section 9). */
export const SCROLL_ANIMATION_MS = 1000;
export const SCROLL_OFFSET_PX = 100;
export const ACCORDION_SLIDE_MS = 200;
export const STICKY_HEADER_DELAY_MS = 100;
export const COUNT_UP_MS = 4000;
export const GROWL_MS = 3000;
/** The checkout's login form scrolls itself into view (WooCommerce's checkout timings). */
export const LOGIN_SCROLL_MS = 300;
export const LOGIN_SCROLL_OFFSET_PX = 50;
/** Checkout notices take the focus this long after they appear. */
export const NOTICE_FOCUS_DELAY_MS = 500;

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked the system for less motion; false outside the browser. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(QUERY).matches === true;
}

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * The same as a hook that follows changes. False on the server and while hydrating, so the
 * first render matches the server's markup (Preact does not repair a mismatch); set by an effect.
 */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => isHydrated() && prefersReducedMotion());
  useEffect(() => {
    const update = () => setReduced(prefersReducedMotion());
    update();
    return subscribe(update);
  }, []);
  return reduced;
}

/** Slow at both ends, for scrolling and counting. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(Math.max(t, 0), 1);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Slows towards the end: a count-up that settles on its number. */
export function easeOutCubic(t: number): number {
  const x = Math.min(Math.max(t, 0), 1);
  return 1 - (1 - x) ** 3;
}
