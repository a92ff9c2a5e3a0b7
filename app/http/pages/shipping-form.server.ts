import type { CartOwner } from '#app/domain/cart/cart.server.ts';
import { type Result, fail } from '#app/domain/kernel/result.ts';
import { selectShippingRate, updateCartCustomer } from '#app/domain/cart/cart-address.server.ts';
import { addressSchema, invalidRate } from '#app/domain/shipping/shipping.validation.ts';
import { invalidParam } from '#app/domain/cart/cart.errors.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';

export const SHIPPING_INTENTS = ['calc_shipping', 'select_shipping'] as const;
export type ShippingIntent = (typeof SHIPPING_INTENTS)[number];

export function isShippingIntent(intent: string): intent is ShippingIntent {
  return (SHIPPING_INTENTS as readonly string[]).includes(intent);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

const CALCULATOR_FIELDS = ['country', 'state', 'postcode', 'city'] as const;

/** The calculator's fields as posted (bounded), to fill the form again after a refusal. */
export function calculatorValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    CALCULATOR_FIELDS.map((f) => [f, (text(form, `calc_shipping_${f}`) ?? '').slice(0, 100)]),
  );
}

/**
 * The cart page's shipping forms, posted plainly so they work without JavaScript: the
 * calculator (`calc_shipping_*` fields, as WooCommerce names them) and the rate choice
 * (`shipping_method[package]`).
 */
export async function handleShippingForm(
  db: Tx,
  owner: CartOwner,
  intent: ShippingIntent,
  form: FormData,
  ctx: { currency: string; locale: Locale },
): Promise<Result<null>> {
  if (intent === 'calc_shipping') {
    const parsed = addressSchema.safeParse({
      country: text(form, 'calc_shipping_country'),
      state: text(form, 'calc_shipping_state') ?? '',
      postcode: text(form, 'calc_shipping_postcode') ?? '',
      city: text(form, 'calc_shipping_city') ?? '',
    });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'country');
      return fail(invalidParam(`calc_shipping_${field}`));
    }
    const address = parsed.data;
    // As WooCommerce does, the calculator sets the billing location too.
    return updateCartCustomer(
      db,
      owner,
      { shipping: address, billing: address, check: 'calculator' },
      ctx,
    );
  }
  for (const [field, value] of form) {
    const match = /^shipping_method\[(\d{1,4})\]$/.exec(field);
    if (!match) continue;
    if (typeof value !== 'string' || value.length > 100) return fail(invalidRate);
    return selectShippingRate(db, owner, { packageId: Number(match[1]), rateId: value }, ctx);
  }
  return fail(invalidRate);
}
