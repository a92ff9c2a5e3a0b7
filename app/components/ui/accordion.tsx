import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { ACCORDION_SLIDE_MS, prefersReducedMotion } from '#app/client/motion.ts';

export type AccordionItem = {
  id: string;
  title: ReactNode;
  content: ReactNode;
  defaultOpen?: boolean;
};

type Heading = 'h2' | 'h3' | 'h4';

/** Toggles (FAQ, reviews on small screens): each a disclosure that opens on its own. */
export function Accordion({
  items,
  headingLevel = 'h3',
  className,
}: {
  items: AccordionItem[];
  headingLevel?: Heading;
  className?: string;
}) {
  return (
    <div className={['accordion', className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <Disclosure
          key={item.id}
          id={item.id}
          title={item.title}
          defaultOpen={item.defaultOpen}
          headingLevel={headingLevel}
        >
          {item.content}
        </Disclosure>
      ))}
    </div>
  );
}

/**
 * One toggle: a heading holding a button with aria-expanded that shows or hides its panel,
 * sliding over 200 ms (at once under reduced motion). A closed panel is hidden, so nothing
 * in it can be reached by Tab or read out.
 */
export function Disclosure({
  id,
  title,
  children,
  defaultOpen = false,
  headingLevel: HeadingTag = 'h3',
}: {
  id?: string;
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  headingLevel?: Heading;
}) {
  const fallbackId = useId();
  const base = id ?? fallbackId;
  const [expanded, setExpanded] = useState(defaultOpen);
  const [shown, setShown] = useState(defaultOpen);
  const panelRef = useRef<HTMLDivElement>(null);
  const slideOpen = useRef(false);
  const animation = useRef<Animation | null>(null);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!slideOpen.current || !panel || !shown) return;
    slideOpen.current = false;
    animation.current = panel.animate([{ height: '0px' }, { height: `${panel.scrollHeight}px` }], {
      duration: ACCORDION_SLIDE_MS,
      easing: 'ease-out',
    });
  }, [shown]);

  const toggle = () => {
    const next = !expanded;
    const panel = panelRef.current;
    animation.current?.cancel();
    setExpanded(next);
    const slide = !prefersReducedMotion() && typeof panel?.animate === 'function';
    if (next) {
      slideOpen.current = slide;
      setShown(true);
    } else if (slide && panel) {
      const closing = panel.animate([{ height: `${panel.scrollHeight}px` }, { height: '0px' }], {
        duration: ACCORDION_SLIDE_MS,
        easing: 'ease-in',
      });
      animation.current = closing;
      closing.onfinish = () => setShown(false);
    } else {
      setShown(false);
    }
  };

  return (
    <div className={`disclosure${expanded ? ' is-open' : ''}`}>
      <HeadingTag className="disclosure-heading">
        <button
          type="button"
          id={`${base}-toggle`}
          className="disclosure-toggle"
          aria-expanded={expanded}
          aria-controls={`${base}-panel`}
          onClick={toggle}
        >
          {title}
        </button>
      </HeadingTag>
      <div
        ref={panelRef}
        id={`${base}-panel`}
        role="region"
        aria-labelledby={`${base}-toggle`}
        className="disclosure-panel"
        hidden={!shown}
      >
        <div className="disclosure-content">{children}</div>
      </div>
    </div>
  );
}
