import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { type TaxTreatment, taxTreatment } from './vat.rules.ts';

/**
 * Whether the shop's sales to consumers in other member states are above the EU threshold
 * (10 000 € a year), so they carry the destination's VAT through the One-Stop-Shop.
 */
export const OSS_SETTING = 'tax.oss';
const ossSchema = z.object({ enabled: z.boolean() });

export async function ossEnabled(db: Tx): Promise<boolean> {
  return (await getSetting(db, OSS_SETTING, ossSchema, { enabled: false })).enabled;
}

/** The treatment of a cart: where its goods go (or, with nothing to ship, who buys), who buys. */
export async function cartTaxTreatment(
  db: Tx,
  customer: {
    billingAddress: { country: string; vat_id?: string };
    shippingAddress: { country: string };
  },
  needsShipping: boolean,
): Promise<TaxTreatment> {
  const billingCountry = customer.billingAddress.country;
  return taxTreatment({
    billingCountry,
    destinationCountry: needsShipping ? customer.shippingAddress.country : billingCountry,
    vatId: customer.billingAddress.vat_id ?? '',
    ossEnabled: await ossEnabled(db),
    shipsGoods: needsShipping,
  });
}
