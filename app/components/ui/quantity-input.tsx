import { formatNumber } from '#app/lib/i18n.ts';

export type QuantityRules = { min: number; max: number | null; step: number };

/**
 * The quantity box of the product page, the cart and the mini cart: a number input that lets
 * the browser enforce min, max and step, with a label (visible or not) as its accessible name.
 */
export function QuantityInput({
  id,
  name,
  label,
  hideLabel = false,
  rules,
  defaultValue,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  hideLabel?: boolean;
  rules: QuantityRules;
  defaultValue: number;
  required?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={rules.min}
        max={rules.max ?? undefined}
        step={rules.step}
        // A plain decimal point whatever the page language: the value an input of type number reads.
        defaultValue={formatNumber(defaultValue, 'en').replace(/,/g, '')}
        required={required || undefined}
        className="quantity-input"
      />
    </>
  );
}
