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
    const known = ids.split(' ');
    /** The tab an address opens; any panel's own hash (`#tab-description`) opens that panel. */
    const tabFor = (at: { pathname: string; search: string; hash: string }) => {
      const hash = at.hash.slice(1);
      const tab =
        tabForLocation(at) ??
        known.find((id) => hash === `tab-${id}` || hash === `tab-title-${id}`);
      return tab && known.includes(tab) ? tab : null;
    };
    const open = (tab: string, focus: boolean) => {
      setSelected(tab);
      if (!root.current) return;
      // A comment's own anchor when it names one, else the tabs; once the panel is shown.
      const hash = window.location.hash;
      const comment = /^#comment-[\w-]+$/.test(hash)
        ? document.getElementById(hash.slice(1))
        : null;
      const target = comment ?? root.current;
      requestAnimationFrame(() => scrollToElement(target, { focus }));
    };
    const arrived = tabFor(window.location);
    if (arrived) open(arrived, false);
    const onHashChange = () => {
      const tab = tabFor(window.location);
      if (tab) open(tab, false);
    };
    // In-page links ("4 reviews" in the summary) are animated by the layout without a hash
    // change; the ones naming a tab are handled here first, so the panel opens before scrolling.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a');
      if (!link || link.target || !link.getAttribute('href')?.includes('#')) return;
      const url = new URL(link.href, window.location.href);
      const here = window.location;
      if (
        url.origin !== here.origin ||
        url.pathname !== here.pathname ||
        url.search !== here.search
      )
        return;
      const tab = tabFor(url);
      if (!tab) return;
      event.preventDefault();
      if (here.hash !== url.hash) window.history.replaceState(window.history.state, '', url.hash);
      open(tab, true);
    };
    window.addEventListener('hashchange', onHashChange);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      document.removeEventListener('click', onClick, true);
    };
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
