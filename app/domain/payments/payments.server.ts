import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { FeeInput } from '#app/domain/pricing/totals/totals.ts';
import type { Locale } from '#app/lib/locale.ts';
import { COD_FEE_NAME, methodFee, offlineMethods } from './offline.ts';
import { stripePaymentMethods } from './stripe/gateway.server.ts';
import { STRIPE_METHODS, stripeMethodByGateway } from './stripe/methods.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_SETTINGS_KEY,
  type PaymentContext,
  type PaymentMethod,
  type PaymentSettings,
  paymentSettingsSchema,
} from './payments.ts';

export function paymentSettings(db: Tx): Promise<PaymentSettings> {
  return getSetting(db, PAYMENT_SETTINGS_KEY, paymentSettingsSchema, DEFAULT_PAYMENT_SETTINGS);
}

/** Every method the shop has switched on, in the order the settings list them. */
export async function enabledMethods(db: Tx): Promise<PaymentMethod[]> {
  const settings = await paymentSettings(db);
  const all = new Map(
    [...offlineMethods(settings), ...stripePaymentMethods(settings.enabled)].map((m) => [m.id, m]),
  );
  return settings.enabled.flatMap((id) => (all.has(id) ? [all.get(id)!] : []));
}

/** Whether the shop has a method of this id at all, switched on or not. */
export async function isKnownMethod(db: Tx, id: string): Promise<boolean> {
  if (stripeMethodByGateway(id)) return true;
  return offlineMethods(await paymentSettings(db)).some((m) => m.id === id);
}

/** The methods this shopper may choose for this order. */
export async function availableMethods(db: Tx, ctx: PaymentContext): Promise<PaymentMethod[]> {
  const enabled = await enabledMethods(db);
  if (ctx.subscription === 'auto') {
    // Renewals are charged with a kept method; a free trial keeps it without a charge.
    const kept = { ...ctx, total: Math.max(ctx.total, 1) };
    return enabled.filter((m) => m.client?.isReusable && m.isAvailable(kept));
  }
  return enabled.filter((m) => m.isAvailable(ctx));
}

/**
 * The fee line a chosen method adds to the totals, or null. The cash on delivery fee is a
 * secondary service following the goods: split over the cart's VAT rates like shipping.
 */
export async function paymentFee(
  db: Tx,
  methodId: string,
  locale: Locale,
): Promise<FeeInput | null> {
  if (methodId !== 'cod') return null;
  const amount = methodFee(await paymentSettings(db), methodId);
  if (amount <= 0) return null;
  return { key: 'cod', name: localize(COD_FEE_NAME, locale), amount, taxRate: 0, split: true };
}

/**
 * The title of each method the shop knows (switched on or not) in the reader's language, by
 * id: an order stores its method's title in the shopper's language at the time.
 */
export async function methodTitles(db: Tx, locale: Locale): Promise<Map<string, string>> {
  const titles = new Map(
    STRIPE_METHODS.map((m): [string, string] => [m.gatewayId, localize(m.title, locale)]),
  );
  for (const m of offlineMethods(await paymentSettings(db))) {
    titles.set(m.id, localize(m.title, locale));
  }
  return titles;
}
