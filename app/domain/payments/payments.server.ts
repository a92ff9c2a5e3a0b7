import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { offlineMethods } from './offline.ts';
import { stripePaymentMethods } from './stripe/gateway.server.ts';
import { stripeMethodByGateway } from './stripe/methods.ts';
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
