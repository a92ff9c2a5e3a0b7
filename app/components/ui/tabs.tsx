import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

export type TabItem = {
  /** Stable id: the panel is `tab-{id}` (so `#tab-reviews` addresses it), the tab `tab-title-{id}`. */
  id: string;
  label: ReactNode;
  content: ReactNode;
};

/**
 * Which tab a key moves to in a row of `count` tabs (WAI-ARIA tabs pattern): arrows step and
 * wrap around, Home and End jump to the ends; null for any other key.
 */
export function tabForKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

const NO_SCRIPT_STYLE =
  '<style>.tabs>.tab-list{display:none}.tabs>.tab-panel[hidden]{display:block}.tabs .tab-panel-title{position:static;width:auto;height:auto;margin:1.5rem 0 .75rem;clip:auto;clip-path:none;overflow:visible;white-space:normal}</style>';

/**
 * Tabs (product description, additional information, reviews): a tab list named by `label`,
 * one tab in the Tab order, arrow keys, Home and End move between tabs and show their panel.
 * Controlled with `selected` + `onSelect` (a page that opens a tab for the address hash), or
 * on its own from `defaultSelected`.
 */
export function Tabs({
  label,
  items,
  selected,
  defaultSelected,
  onSelect,
  className,
}: {
  label: string;
  items: TabItem[];
  selected?: string;
  defaultSelected?: string;
  onSelect?: (id: string) => void;
  className?: string;
}) {
  const [own, setOwn] = useState(defaultSelected ?? items[0]?.id);
  const current = items.some((i) => i.id === (selected ?? own)) ? (selected ?? own) : items[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const choose = (id: string, focus: boolean) => {
    setOwn(id);
    onSelect?.(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabForKey(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    choose(items[next]!.id, true);
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      {/* Without scripts the tabs cannot switch: every panel is shown, one after the other. */}
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_STYLE }} />
      <div className="tab-list" role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const active = item.id === current;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`tab-title-${item.id}`}
              aria-selected={active}
              aria-controls={`tab-${item.id}`}
              tabIndex={active ? 0 : -1}
              className="tab"
              onClick={() => choose(item.id, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`tab-${item.id}`}
          aria-labelledby={`tab-title-${item.id}`}
          tabIndex={0}
          hidden={item.id !== current}
          className="tab-panel"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
