import { useEffect, useRef } from 'react';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { formatNumber } from '#app/lib/i18n.ts';

export type QuantityRules = { min: number; max: number | null; step: number };

/** Decimal places of a number as written (0.5 -> 1, 0.25 -> 2, 1 -> 0). */
function decimalsOf(n: number): number {
  const text = String(n);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** A quantity as an input of type number reads it: a plain decimal point, no grouping. */
export function quantityText(value: number): string {
  return formatNumber(value, 'en').replace(/,/g, '');
}

/** Rules with the spec's defaults: min 0, step 1, no max. */
function normalised(rules: Partial<QuantityRules>): QuantityRules {
  const step = rules.step && rules.step > 0 ? rules.step : 1;
  return { min: rules.min && rules.min > 0 ? rules.min : 0, max: rules.max ?? null, step };
}

/** A value within min..max, rounded to the step's decimals. */
export function clampQuantity(value: number, rules: Partial<QuantityRules>): number {
  const { min, max, step } = normalised(rules);
  const decimals = Math.max(decimalsOf(step), decimalsOf(min));
  const factor = 10 ** decimals;
  let next = Number.isFinite(value) ? Math.round(value * factor) / factor : min;
  if (next < min) next = min;
  if (max !== null && next > max) next = max;
  return next;
}

/**
 * What the plus or minus button makes of a value: one step up or down, never below min or
 * above max, keeping the step's decimals (0.5 m of fabric stays 0.5, not 0.49999).
 */
export function stepQuantity(
  value: number,
  direction: 1 | -1,
  rules: Partial<QuantityRules>,
): number {
  const { step } = normalised(rules);
  const current = Number.isFinite(value) ? value : 0;
  return clampQuantity(current + direction * step, rules);
}

/**
 * The quantity box of the product page, the cart and the mini cart: a number input that lets
 * the browser enforce min, max and step, with a label (visible or not) as its accessible name.
 * With `steppers`, minus and plus buttons appear once the page's script runs.
 */
export function QuantityInput({
  id,
  name,
  label,
  hideLabel = false,
  rules,
  defaultValue,
  required = false,
  steppers,
  form,
}: {
  id: string;
  name: string;
  label: string;
  hideLabel?: boolean;
  rules: QuantityRules;
  defaultValue: number;
  required?: boolean;
  /** Names of the minus and plus buttons. */
  steppers?: { decrease: string; increase: string };
  /** The id of the form the input belongs to, when it stands outside it. */
  form?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  const set = (value: number) => {
    const el = input.current;
    if (!el || quantityText(value) === el.value) return;
    el.value = quantityText(value);
    // Observers (unit price, sticky bar) listen for what typing would send.
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };

  // Below min on load, or outside the limits of a newly chosen variation: back within them.
  useEffect(() => {
    const el = input.current;
    if (!el || el.value === '') return;
    const value = Number(el.value);
    const limits = { min: rules.min, max: rules.max, step: rules.step };
    if (value < limits.min || (limits.max !== null && value > limits.max)) {
      set(clampQuantity(value, limits));
    }
  }, [rules.min, rules.max, rules.step]);

  const field = (
    <input
      ref={input}
      id={id}
      name={name}
      type="number"
      inputMode="decimal"
      min={rules.min}
      max={rules.max ?? undefined}
      step={rules.step}
      // A plain decimal point whatever the page language: the value an input of type number reads.
      defaultValue={quantityText(defaultValue)}
      required={required || undefined}
      className="quantity-input"
      form={form}
    />
  );
  const stepBy = (direction: 1 | -1) =>
    set(stepQuantity(Number(input.current?.value), direction, rules));
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {steppers ? (
        // One structure before and after hydration, so the input is never replaced.
        <span className="quantity-stepper">
          {hydrated && (
            <button
              type="button"
              className="quantity-step"
              aria-controls={id}
              // Out of the tab order: the focused input steps with its arrow keys already.
              tabIndex={-1}
              onClick={() => stepBy(-1)}
            >
              <span aria-hidden="true">−</span>
              <span className="visually-hidden">{steppers.decrease}</span>
            </button>
          )}
          {field}
          {hydrated && (
            <button
              type="button"
              className="quantity-step"
              aria-controls={id}
              tabIndex={-1}
              onClick={() => stepBy(1)}
            >
              <span aria-hidden="true">+</span>
              <span className="visually-hidden">{steppers.increase}</span>
            </button>
          )}
        </span>
      ) : (
        field
      )}
    </>
  );
}
