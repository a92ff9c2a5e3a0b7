/** Spec (payments section 9): the page scrolls to its notices over 600 ms. */
export const NOTICE_SCROLL_MS = 600;

/** Scrolls the window so the node's top is in view, over `ms` (at once for reduced motion). */
export function scrollToNode(node: HTMLElement, ms = NOTICE_SCROLL_MS): void {
  const start = window.scrollY;
  const target = Math.max(0, start + node.getBoundingClientRect().top - 16);
  if (ms <= 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, target);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / ms);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    window.scrollTo(0, start + (target - start) * eased);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
