import { asc, inArray } from 'drizzle-orm';
import { data } from 'react-router';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, displayOwner, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

/** Slips printed at once at most; a longer selection is printed in parts. */
export const MAX_SLIPS = 100;
const ORDER_ID = /^[1-9]\d{0,8}$/;

/** The order ids of `?ids=1,2,3`: each a plain number, none repeated; null when malformed. */
export function parseSlipIds(raw: readonly string[]): number[] | null {
  if (raw.length !== 1) return null;
  const parts = raw[0]!.split(',').map((p) => p.trim());
  if (parts.length > MAX_SLIPS || parts.some((p) => !ORDER_ID.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * Packing slips of the given orders, in the given order: the shop owner as sender, where the
 * parcel goes, order number and date, and the lines with SKU and quantity; no prices.
 */
async function packingSlips(args: Args, ids: readonly number[], areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const [rows, items, owner] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids])),
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [...ids]))
      .orderBy(asc(orderItems.id)),
    getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const slips = ids.flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    const shipping = { ...emptyAddress(), ...order.shippingAddress };
    // Orders without a shipping address (collected, digital) go to the billing address.
    const to = shipping.address_1 || shipping.last_name ? shipping : order.billingAddress;
    return [
      {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt.toISOString(),
        address: { ...emptyAddress(), ...to, email: undefined },
        pickupPoint: order.pickupPoint ?? null,
        shippingMethods: order.shippingLines.map((line) => line.name),
        customerNote: order.customerNote,
        lines: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            id: item.id,
            name: item.name,
            variation: item.variation,
            sku: item.sku,
            quantity: item.quantity,
          })),
      },
    ];
  });
  if (slips.length === 0) pageNotFound();
  const title =
    slips.length === 1
      ? `${t('admin.shipment.slip.title')} ${slips[0]!.number}`
      : t('admin.shipment.slip.titles');
  return {
    slips,
    owner: displayOwner(owner, locale),
    title,
    pageTitle: `${title} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** `/admin/orders/{id}/packing-slip`: one order's slip. */
export async function loadPackingSlip(
  args: Args & { params: { id?: string } },
  areas: readonly MessageArea[],
) {
  await staffShop(args);
  const id = args.params.id ?? '';
  if (!ORDER_ID.test(id)) pageNotFound();
  return packingSlips(args, [Number(id)], areas);
}

/** `/admin/orders/packing-slips?ids=1,2,3`: several slips, each on its own printed page. */
export async function loadPackingSlipList(args: Args, areas: readonly MessageArea[]) {
  await staffShop(args);
  const ids = parseSlipIds(new URL(args.request.url).searchParams.getAll('ids'));
  if (!ids) throw data(null, { status: 400 });
  return packingSlips(args, ids, areas);
}
