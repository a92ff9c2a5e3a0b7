import { type KeyboardEvent, useRef } from 'react';
import { Tooltip } from '#app/components/ui/tooltip.tsx';
import type { AttributeView } from '#app/domain/catalog/catalog.view.ts';
import type { SwatchSettings } from '#app/domain/catalog/swatch-settings.view.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { type SwatchState, isClickable } from './variation.ts';

type Term = AttributeView['terms'][number];

/**
 * One attribute's terms as colour, image or label swatches: a radio group (arrow keys move
 * and choose, as in the WAI-ARIA radio group pattern) that sets the attribute's select, which
 * stays the form's field. Swatches that cannot be chosen say why in a tooltip.
 */
export function Swatches({
  attribute,
  labelId,
  selected,
  states,
  settings,
  onPick,
}: {
  attribute: AttributeView;
  /** The id of the element that names the group. */
  labelId: string;
  selected: string;
  states: Record<string, SwatchState>;
  settings: SwatchSettings;
  onPick: (term: string) => void;
}) {
  const { t } = useI18n();
  const group = useRef<HTMLDivElement>(null);
  const clickable = attribute.terms.filter((term) =>
    isClickable(states[term.slug] ?? 'normal', settings),
  );
  // Roving focus: the chosen swatch, else the first one that can be chosen.
  const focusable = selected || clickable[0]?.slug || attribute.terms[0]?.slug;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
    };
    const move = moves[event.key];
    if (!move || clickable.length === 0) return;
    event.preventDefault();
    const current = clickable.findIndex(
      (term) => term.slug === (document.activeElement as HTMLElement | null)?.dataset.term,
    );
    const next =
      clickable[
        current === -1
          ? move > 0
            ? 0
            : clickable.length - 1
          : (current + move + clickable.length) % clickable.length
      ]!;
    if (next.slug !== selected) onPick(next.slug);
    group.current?.querySelector<HTMLElement>(`[data-term="${CSS.escape(next.slug)}"]`)?.focus();
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-labelledby={labelId}
      className={`swatches swatches-${attribute.swatchType}`}
      onKeyDown={onKeyDown}
    >
      {attribute.terms.map((term) => {
        const state = states[term.slug] ?? 'normal';
        const canPick = isClickable(state, settings);
        const hint =
          state === 'disabled'
            ? t('product.swatch.unavailable')
            : state === 'no-stock'
              ? t('product.swatch.out_of_stock')
              : null;
        const item = (described?: { 'aria-describedby': string }) => (
          <button
            type="button"
            role="radio"
            data-term={term.slug}
            aria-checked={state === 'selected'}
            aria-disabled={canPick ? undefined : true}
            aria-label={attribute.swatchType === 'label' ? undefined : term.name}
            tabIndex={term.slug === focusable ? 0 : -1}
            className={`swatch swatch-${state}`}
            onClick={() => {
              if (canPick) onPick(term.slug);
            }}
            {...described}
          >
            <SwatchFace type={attribute.swatchType} term={term} />
          </button>
        );
        return hint ? (
          <Tooltip key={term.slug} content={hint}>
            {(trigger) => item(trigger)}
          </Tooltip>
        ) : (
          <span key={term.slug} className="tooltip-anchor">
            {item()}
          </span>
        );
      })}
    </div>
  );
}

function SwatchFace({ type, term }: { type: AttributeView['swatchType']; term: Term }) {
  if (type === 'color') {
    return (
      <span
        className="swatch-color"
        aria-hidden="true"
        style={{ backgroundColor: term.color ?? 'transparent' }}
      />
    );
  }
  if (type === 'image' && term.imageKey) {
    return (
      <img
        className="swatch-image"
        src={imageUrl(term.imageKey, 'thumb')}
        alt=""
        width={40}
        height={40}
        loading="lazy"
      />
    );
  }
  // A label swatch shows its label, or the term's name; both are its accessible name.
  return <span className="swatch-label">{term.label ?? term.name}</span>;
}
