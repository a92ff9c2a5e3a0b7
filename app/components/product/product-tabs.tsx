import { type ReactNode, useEffect, useRef, useState } from 'react';
import { scrollToElement } from '#app/client/scroll-to.ts';
import { Accordion } from '#app/components/ui/accordion.tsx';
import { Tabs } from '#app/components/ui/tabs.tsx';

export const REVIEWS_TAB = 'reviews';
export const ADDITIONAL_INFORMATION_TAB = 'additional_information';

/** Small screens (below the grid's 550 px breakpoint) show the details as an accordion. */
const SMALL_SCREEN = '(max-width: 549px)';

/**
 * The tab an address opens (storefront spec, section 2): reviews for their own hash, a comment
 * (`#comment-…`), `#comments`, `#reviews`, `#tab-reviews` or a comment page (`comment-page-` in
 * the path, `cpage=` in the query); additional information for its own hash; else null, the
 * first tab.
 */
export function tabForLocation(location: {
  pathname: string;
  search: string;
  hash: string;
}): typeof REVIEWS_TAB | typeof ADDITIONAL_INFORMATION_TAB | null {
  const hash = location.hash.toLowerCase();
  if (
    ['#reviews', '#tab-reviews', '#tab-title-reviews', '#comments'].includes(hash) ||
    hash.startsWith('#comment-') ||
    `${location.pathname}${location.search}${hash}`.includes('comment-page-') ||
    new URLSearchParams(location.search).has('cpage')
  ) {
    return REVIEWS_TAB;
  }
  if (
    [
      `#${ADDITIONAL_INFORMATION_TAB}`,
      `#tab-${ADDITIONAL_INFORMATION_TAB}`,
      `#tab-title-${ADDITIONAL_INFORMATION_TAB}`,
    ].includes(hash)
  ) {
    return ADDITIONAL_INFORMATION_TAB;
  }
  return null;
}

export type DetailSection = { id: string; label: string; content: ReactNode };

/**
 * The product's details (description, additional information, reviews) as tabs, or as an
 * accordion on small screens. The address decides which one is open on arrival and whenever
 * its hash changes (a "reviews" link in the summary); the reviews are then scrolled to.
 */
export function ProductTabs({ label, sections }: { label: string; sections: DetailSection[] }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [small, setSmall] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const ids = sections.map((s) => s.id).join(' ');

  useEffect(() => {
    const media = window.matchMedia?.(SMALL_SCREEN);
    const follow = () => setSmall(media?.matches === true);
    follow();
    media?.addEventListener('change', follow);
    return () => media?.removeEventListener('change', follow);
  }, []);

  useEffect(() => {
    const open = (scroll: boolean) => {
      const tab = tabForLocation(window.location);
      if (!tab || !ids.split(' ').includes(tab)) return;
      setSelected(tab);
      if (!scroll || !root.current) return;
      // A comment's own anchor when it names one, else the tabs: after the panel is shown.
      const comment = /^#comment-[\w-]+$/.test(window.location.hash)
        ? document.getElementById(window.location.hash.slice(1))
        : null;
      const target = comment ?? root.current;
      requestAnimationFrame(() => scrollToElement(target, { focus: false }));
    };
    open(true);
    const onHashChange = () => open(true);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [ids]);

  const current = selected ?? sections[0]?.id;
  return (
    <div ref={root} className="product-tabs">
      {small ? (
        <Accordion
          key={current}
          headingLevel="h2"
          className="product-accordion"
          items={sections.map((s) => ({
            id: `accordion-${s.id}`,
            title: s.label,
            content: s.content,
            defaultOpen: s.id === current,
          }))}
        />
      ) : (
        <Tabs
          label={label}
          selected={current}
          onSelect={setSelected}
          items={sections.map((s) => ({
            id: s.id,
            label: s.label,
            content: (
              <>
                <h2 className="tab-panel-title">{s.label}</h2>
                {s.content}
              </>
            ),
          }))}
        />
      )}
    </div>
  );
}
