import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { customerMeta } from '#app/domain/customers/customers.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { orderAttribution } from './attribution.schema.ts';
import {
  ATTRIBUTION_FIELDS,
  type Attribution,
  type AttributionField,
  DEFAULT_ATTRIBUTION_PREFIX,
  cleanAttribution,
} from './attribution.rules.ts';

export const ATTRIBUTION_SETTING = 'attribution';

const settingSchema = z.object({
  enabled: z.boolean(),
  /** Name prefix of the hidden inputs: letters, digits and underscores only. */
  prefix: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
});
export type AttributionSettings = z.infer<typeof settingSchema>;
export const DEFAULT_ATTRIBUTION_SETTINGS: AttributionSettings = {
  enabled: true,
  prefix: DEFAULT_ATTRIBUTION_PREFIX,
};

export function attributionSettings(db: Tx): Promise<AttributionSettings> {
  return getSetting(db, ATTRIBUTION_SETTING, settingSchema, DEFAULT_ATTRIBUTION_SETTINGS);
}

/** Stores where an order came from; cleaned again here, whoever the caller. */
export async function recordOrderAttribution(
  tx: Tx,
  orderId: number,
  attribution: Attribution,
): Promise<void> {
  const clean = cleanAttribution(attribution);
  const rows = Object.entries(clean).map(([field, value]) => ({ orderId, field, value }));
  if (rows.length === 0) return;
  await tx.insert(orderAttribution).values(rows).onConflictDoNothing();
}

/** The order's attribution in the fields' order. */
export async function orderAttributionOf(db: Tx, orderId: number): Promise<Attribution> {
  const rows = await db
    .select({ field: orderAttribution.field, value: orderAttribution.value })
    .from(orderAttribution)
    .where(eq(orderAttribution.orderId, orderId))
    .orderBy(asc(orderAttribution.field));
  const found: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const row = rows.find((r) => r.field === field);
    if (row) found[field as AttributionField] = row.value;
  }
  return found;
}

const CUSTOMER_KEY_PREFIX = 'attribution.';

/** Where a registration came from, kept with the account. */
export async function recordCustomerAttribution(
  tx: Tx,
  customerId: number,
  attribution: Attribution,
): Promise<void> {
  const clean = cleanAttribution(attribution);
  const rows = Object.entries(clean).map(([field, value]) => ({
    customerId,
    key: CUSTOMER_KEY_PREFIX + field,
    value,
  }));
  if (rows.length === 0) return;
  await tx.insert(customerMeta).values(rows).onConflictDoNothing();
}

export async function customerAttributionOf(db: Tx, customerId: number): Promise<Attribution> {
  const rows = await db
    .select({ key: customerMeta.key, value: customerMeta.value })
    .from(customerMeta)
    .where(eq(customerMeta.customerId, customerId));
  const raw: Record<string, string> = {};
  for (const row of rows) {
    if (row.key.startsWith(CUSTOMER_KEY_PREFIX))
      raw[row.key.slice(CUSTOMER_KEY_PREFIX.length)] = row.value;
  }
  return cleanAttribution(raw);
}
