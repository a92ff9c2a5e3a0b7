import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';

/** Where the shop owner sets express checkout (`settings` table, key `payments.express`). */
export const EXPRESS_SETTINGS_KEY = 'payments.express';

export const EXPRESS_PAGE_KINDS = ['product', 'cart', 'checkout', 'pay_for_order'] as const;
export type ExpressPageKind = (typeof EXPRESS_PAGE_KINDS)[number];

const expressSettingsSchema = z.object({
  /** The page kinds that show the wallet buttons (spec section 2: page-setting flags). */
  pages: z.object({
    product: z.boolean(),
    cart: z.boolean(),
    checkout: z.boolean(),
    pay_for_order: z.boolean(),
  }),
  /** Raw appearance settings; the browser clamps and maps them (spec section 5). */
  button: z.object({
    height: z.number().int().min(0).max(200),
    radius: z.number().int().min(0).max(100),
    type: z.string().max(40),
    theme: z.string().max(40),
  }),
  /** The sheet asks for a phone number. */
  payerPhone: z.boolean(),
});

export type ExpressSettings = z.infer<typeof expressSettingsSchema>;

export const DEFAULT_EXPRESS_SETTINGS: ExpressSettings = {
  pages: { product: true, cart: true, checkout: true, pay_for_order: true },
  button: { height: 48, radius: 4, type: 'buy', theme: 'dark' },
  payerPhone: false,
};

/** The owner's express settings; a partial value keeps the defaults for the rest. */
export function expressSettings(db: Tx): Promise<ExpressSettings> {
  return getSetting(
    db,
    EXPRESS_SETTINGS_KEY,
    expressSettingsSchema
      .partial()
      .transform((v) => ({ ...DEFAULT_EXPRESS_SETTINGS, ...v }) satisfies ExpressSettings),
    DEFAULT_EXPRESS_SETTINGS,
  );
}
