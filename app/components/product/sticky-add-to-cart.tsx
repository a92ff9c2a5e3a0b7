import { useEffect, useRef, useState } from 'react';
import { ProductImage } from '#app/components/product-image.tsx';
import { Price } from '#app/components/ui/price.tsx';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';

/**
 * A bar at the foot of the window with the product's picture, name, price and an add-to-cart
 * button, shown while the page's own add-to-cart button is scrolled above the viewport. It has
 * no form of its own: its button submits the page's form (`form=`), so the chosen variation and
 * quantity are the ones sent, and it repeats them so the shopper sees what will be added.
 */
export function StickyAddToCart({
  product,
  variation,
  choice,
  formId,
}: {
  product: ProductDetail;
  variation: VariationView | null;
  choice: Record<string, string>;
  formId: string;
}) {
  const { t, locale } = useI18n();
  const [shown, setShown] = useState(false);
  const [quantity, setQuantity] = useState<number | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    const input = form?.querySelector<HTMLInputElement>('input[name="quantity"]');
    const onInput = (event: Event) => {
      const target = event.target;
      if (
        target instanceof HTMLInputElement &&
        target.name === 'quantity' &&
        target.form === form
      ) {
        setQuantity(Number(target.value) || null);
      }
    };
    document.addEventListener('input', onInput);
    document.addEventListener('change', onInput);
    let observer: IntersectionObserver | undefined;
    if (button && typeof IntersectionObserver === 'function') {
      // The viewport stretched far downwards: the button leaves it only by going above the top,
      // and a jump from below the viewport to above it still crosses the edge.
      observer = new IntersectionObserver(
        ([entry]) => {
          if (!entry) return;
          setShown(!entry.isIntersecting);
          if (input) setQuantity(Number(input.value) || null);
        },
        { rootMargin: '0px 0px 100000px 0px' },
      );
      observer.observe(button);
    }
    return () => {
      observer?.disconnect();
      document.removeEventListener('input', onInput);
      document.removeEventListener('change', onInput);
    };
  }, [formId]);

  // Focus left inside the bar as it hides would be lost: it moves to the page's own form.
  useEffect(() => {
    if (shown || !bar.current?.contains(document.activeElement)) return;
    document.getElementById(formId)?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [shown, formId]);

  const attrs = product.attributes.filter((a) => a.usedForVariations);
  const chosen = attrs
    .map((a) => a.terms.find((term) => term.slug === choice[a.slug])?.name)
    .filter(Boolean)
    .join(', ');
  const needsChoice = product.type === 'variable' && !variation;
  const unavailable =
    (variation ?? product).stockStatus === 'outofstock' || !(variation ?? product).isPurchasable;
  const image = variation?.image ?? product.image;

  const chooseOptions = () => {
    const form = document.getElementById(formId);
    const select = form?.querySelector<HTMLSelectElement>('select:invalid, select');
    form?.scrollIntoView({ block: 'center' });
    select?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={bar}
      className={`sticky-cart${shown ? ' is-shown' : ''}`}
      role="region"
      aria-label={t('product.sticky_bar')}
      hidden={!shown}
    >
      <div className="container sticky-cart-inner">
        {image && (
          <ProductImage image={image} size="thumb" sizes="48px" className="sticky-cart-image" />
        )}
        <div className="sticky-cart-text">
          <p className="sticky-cart-name">{product.name}</p>
          {chosen && <p className="sticky-cart-choice">{chosen}</p>}
        </div>
        <div className="sticky-cart-price">
          <Price price={variation?.price ?? product.price} />
        </div>
        {quantity !== null && !needsChoice && (
          <p className="sticky-cart-quantity">
            {t('product.sticky_quantity', { quantity: formatNumber(quantity, locale) })}
          </p>
        )}
        {needsChoice ? (
          <button type="button" className="button" onClick={chooseOptions}>
            {t('product.sticky_choose')}
          </button>
        ) : (
          <button type="submit" form={formId} className="button" disabled={unavailable}>
            {t('product.add_to_cart')}
          </button>
        )}
      </div>
    </div>
  );
}
