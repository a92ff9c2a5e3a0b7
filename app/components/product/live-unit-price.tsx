import { useEffect, useRef, useState } from 'react';
import {
  UNIT_PRICE_INITIAL_DELAY_MS,
  queueUnitPriceRefresh,
} from '#app/client/unit-price-queue.ts';
import { UnitPrice, useCurrency } from '#app/components/ui/price.tsx';
import type { PriceView, UnitPriceView } from '#app/domain/catalog/catalog.view.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';

let observers = 0;

/** A price in major units with a decimal point, as the refresh request carries it. */
function major(amount: number, currency: string): string {
  const digits = minorUnit(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * The unit price beside a product's price, kept current by the shop: when the shown price
 * changes (another variation) or the add-to-cart form's quantity does, it shows a loading
 * placeholder and queues a refresh (sent 500 ms after the last change, batched with every other
 * price on the page; the first 250 ms after load), then shows the shop's markup or restores its
 * own. Without a product id there is nothing to ask for, and it stays as rendered.
 */
export function LiveUnitPrice({
  productId,
  price,
  unitPrice,
  formId,
}: {
  /** The chosen variation's id, else the product's. */
  productId: number;
  price: PriceView;
  unitPrice: UnitPriceView | null;
  /** The add-to-cart form whose `quantity` input is watched. */
  formId: string;
}) {
  const currency = useCurrency();
  const [quantity, setQuantity] = useState(1);
  const [html, setHtml] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = useRef('');
  const loaded = useRef(false);
  const valid = Number.isInteger(productId) && productId > 0;

  useEffect(() => {
    if (!valid) return;
    const onInput = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.name !== 'quantity') return;
      if (input.form?.id !== formId) return;
      const value = Number(input.value);
      if (Number.isFinite(value) && value > 0) setQuantity(value);
    };
    document.addEventListener('input', onInput);
    document.addEventListener('change', onInput);
    return () => {
      document.removeEventListener('input', onInput);
      document.removeEventListener('change', onInput);
    };
  }, [formId, valid]);

  const regular = price.regular ?? price.active;
  const sale = price.onSale ? price.active : null;
  useEffect(() => {
    if (!valid || regular === null) return;
    if (!key.current) key.current = `unit-price-${++observers}`;
    let current = true;
    const delay = loaded.current ? undefined : UNIT_PRICE_INITIAL_DELAY_MS;
    loaded.current = true;
    // The placeholder answers a change React only learns of here (a new variation's price).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLoading(true);
    void queueUnitPriceRefresh(
      {
        product_id: productId,
        price: major(regular, currency),
        price_sale: sale === null ? '' : major(sale, currency),
        quantity,
        key: key.current,
      },
      delay,
    ).then((outcome) => {
      if (!current || outcome === 'superseded') return;
      setHtml(outcome);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [valid, productId, regular, sale, quantity, currency]);

  return (
    <span
      className={`unit-price-slot${loading ? ' is-loading' : ''}`}
      aria-busy={loading || undefined}
      data-product-id={valid ? productId : undefined}
    >
      {html === null || loading ? (
        <UnitPrice unitPrice={unitPrice} />
      ) : (
        <span className="unit-price-markup" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </span>
  );
}
