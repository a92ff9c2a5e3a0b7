import { type RefObject, useEffect, useState } from 'react';
import { STICKY_HEADER_DELAY_MS } from './motion.ts';

/** The custom property sticky parts of a page (a filter sidebar) offset themselves by. */
export const STICKY_HEIGHT_PROPERTY = '--sticky-header-height';

/** The header sticks once the page has scrolled past the place it holds in the page. */
export function shouldStick(scrollY: number, slotBottom: number): boolean {
  return scrollY > slotBottom;
}

/**
 * Makes the header sticky after the page scrolls past it, 100 ms after the scroll position
 * says so (a quick scroll up and down does not make it flicker). While it is stuck, its slot
 * keeps the height it had in the page, so nothing below moves, and the height of the
 * (compact) stuck header is published as --sticky-header-height on the root element.
 */
export function useStickyHeader(
  slotRef: RefObject<HTMLElement | null>,
  headerRef: RefObject<HTMLElement | null>,
): boolean {
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: boolean | null = null;
    let current = false;

    const slotBottom = () => slot.getBoundingClientRect().bottom + window.scrollY;
    const apply = (next: boolean) => {
      if (next === current) return;
      current = next;
      // Reserve the header's place in the page before it leaves the flow, release it after.
      if (next) slot.style.height = `${slot.getBoundingClientRect().height}px`;
      else slot.style.height = '';
      setStuck(next);
    };
    const onScroll = () => {
      // Measured from the slot: while stuck it keeps the in-page height.
      const next = shouldStick(window.scrollY, slotBottom());
      if (next === current) {
        clearTimeout(timer);
        pending = null;
        return;
      }
      if (pending === next) return;
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(() => {
        pending = null;
        apply(next);
      }, STICKY_HEADER_DELAY_MS);
    };
    const onResize = () => {
      // A new width may wrap the header differently: measure it again in the page.
      if (!current) return;
      clearTimeout(timer);
      pending = null;
      slot.style.height = '';
      current = false;
      setStuck(false);
      onScroll();
    };

    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
    };
  }, [slotRef]);

  useEffect(() => {
    const header = headerRef.current;
    if (!header || !stuck || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(STICKY_HEIGHT_PROPERTY, `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => observer.disconnect();
  }, [headerRef, stuck]);

  return stuck;
}
