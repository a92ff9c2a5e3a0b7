import {
  SCROLL_ANIMATION_MS,
  SCROLL_OFFSET_PX,
  easeInOutCubic,
  prefersReducedMotion,
} from './motion.ts';

/** Where the page stands `elapsed` ms into a scroll from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number) {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

/** The scroll position that puts `element` `offset` px below the top of the viewport. */
export function targetTop(element: Element, offset: number): number {
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

let running: (() => void) | null = null;

/**
 * Scrolls the page so `element` sits below the sticky header, over 1000 ms (at once under
 * reduced motion), and moves focus to it so keyboard and screen reader users land there too.
 * The visitor's own wheel, touch or key input stops the animation.
 */
export function scrollToElement(
  element: HTMLElement,
  { offset = SCROLL_OFFSET_PX, duration = SCROLL_ANIMATION_MS, focus = true } = {},
): void {
  running?.();
  if (focus) {
    if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) {
      element.setAttribute('tabindex', '-1');
    }
    element.focus({ preventScroll: true });
  }
  const from = window.scrollY;
  const to = targetTop(element, offset);
  if (prefersReducedMotion() || duration <= 0 || from === to) {
    window.scrollTo({ top: to, behavior: 'instant' });
    return;
  }
  let frame = 0;
  const start = performance.now();
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.removeEventListener(type, stop);
    }
    running = null;
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo({ top: scrollPositionAt(from, to, elapsed, duration), behavior: 'instant' });
    if (elapsed < duration) frame = requestAnimationFrame(step);
    else stop();
  };
  running = stop;
  frame = requestAnimationFrame(step);
}

/** The element a same-page link points at, or null for links that leave the page. */
export function inPageTarget(link: HTMLAnchorElement, here: Location): HTMLElement | null {
  const href = link.getAttribute('href');
  if (!href || !href.includes('#') || link.target || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) {
    return null;
  }
  const id = decodeURIComponent(url.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/**
 * Animates every in-page link (table of contents, skip link, back to top, links to form
 * errors). The address gets the new hash without a history entry the router would treat as
 * a navigation. Returns the function that removes the handler.
 */
export function installAnchorScrolling(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link) return;
    const target = inPageTarget(link, window.location);
    if (!target) return;
    event.preventDefault();
    const hash = new URL(link.href).hash;
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    scrollToElement(target);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
