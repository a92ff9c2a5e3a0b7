import { asc, eq, inArray } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, domainError, notFound } from '#app/domain/kernel/result.ts';
import { transitionOrder } from './lifecycle.server.ts';
import { enqueue, signalOutbox } from './outbox.server.ts';
import { Rollback, addOrderNote, inTransaction } from './orders.server.ts';
import { orderItems, orders } from './orders.schema.ts';
import {
  CARRIER_NAMES,
  type Carrier,
  mayShip,
  normalizeTrackingNumber,
  remainingQuantities,
  trackingLink,
  validTrackingNumber,
  validTrackingUrl,
} from './shipments.rules.ts';
import { orderShipmentLines, orderShipments } from './shipments.schema.ts';
import type { LineToShip, ShipmentView } from './shipments.view.ts';

export type { ShipmentView } from './shipments.view.ts';

/** The outbox kind of the customer's "order shipped" mail. */
export const SHIPPED_MAIL = 'mail.order_shipped';

export type ShipmentInput = {
  orderId: number;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string;
  /** Order line ids and how many of each; lines with 0 are left out of the parcel. */
  lines: readonly { itemId: number; quantity: number }[];
  actor: Actor;
};

/** The field a failure belongs to, so the form shows it there. */
const fieldError = (field: string, code: string, params: Record<string, string | number> = {}) =>
  domainError('invalid', code, { field, ...params });

/** The carrier's format and the "other" page, before anything is read from the database. */
export function checkTracking(
  input: Pick<ShipmentInput, 'carrier' | 'trackingNumber' | 'trackingUrl'>,
) {
  const number = normalizeTrackingNumber(input.carrier, input.trackingNumber);
  if (number === '') return fieldError('tracking_number', 'admin.shipment.error.number_missing');
  if (!validTrackingNumber(input.carrier, number)) {
    return fieldError('tracking_number', `admin.shipment.error.format_${input.carrier}`);
  }
  const url = input.trackingUrl.trim();
  if (url !== '' && (input.carrier !== 'other' || !validTrackingUrl(url))) {
    return fieldError('tracking_url', 'admin.shipment.error.url');
  }
  return null;
}

/**
 * Records a parcel of a paid order: under the order's row lock, so two people shipping at once
 * never ship more than was ordered. The customer's mail is queued in the same transaction; the
 * parcel that ships the last items completes the order through the lifecycle, whose own
 * "completed" mail stays out: the shipment mail already tells the customer.
 */
export async function createShipment(
  db: Tx,
  input: ShipmentInput,
): Promise<Result<{ shipmentId: number; completed: boolean }>> {
  const refused = checkTracking(input);
  if (refused) return { ok: false, error: refused };
  const trackingNumber = normalizeTrackingNumber(input.carrier, input.trackingNumber);
  const trackingUrl =
    input.carrier === 'other' && input.trackingUrl.trim() ? input.trackingUrl.trim() : null;
  const result = await inTransaction(db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new Rollback(notFound());
    if (!mayShip(order.status)) {
      // On hold waits for its payment (a bank transfer): it ships once marked paid.
      const code = order.status === 'on-hold' ? 'on_hold' : 'status';
      throw new Rollback(domainError('conflict', `admin.shipment.error.${code}`));
    }
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const left = remainingQuantities(items, await shippedLines(tx, order.id));
    const parcel = input.lines.filter((line) => line.quantity > 0);
    if (parcel.length === 0) throw new Rollback(fieldError('lines', 'admin.shipment.error.empty'));
    for (const line of parcel) {
      // Another order's line is no line of this one.
      if (!left.has(line.itemId))
        throw new Rollback(fieldError('lines', 'admin.shipment.error.line'));
      if (line.quantity > left.get(line.itemId)!) {
        throw new Rollback(
          fieldError(`qty_${line.itemId}`, 'admin.shipment.error.too_many', {
            left: left.get(line.itemId)!,
          }),
        );
      }
      left.set(line.itemId, left.get(line.itemId)! - line.quantity);
    }
    const [shipment] = await tx
      .insert(orderShipments)
      .values({
        orderId: order.id,
        carrier: input.carrier,
        trackingNumber,
        trackingUrl,
        createdBy: input.actor.id,
      })
      .returning();
    await tx.insert(orderShipmentLines).values(
      parcel.map((line) => ({
        shipmentId: shipment!.id,
        orderItemId: line.itemId,
        quantity: line.quantity,
      })),
    );
    await addOrderNote(tx, order.id, {
      code: 'admin.shipment.note',
      params: { carrier: CARRIER_NAMES[input.carrier] || '–', number: trackingNumber },
    });
    await recordChange(tx, input.actor, {
      entity: 'order',
      entityId: order.id,
      action: 'shipment',
      before: null,
      after: {
        shipment: shipment!.id,
        carrier: input.carrier,
        tracking_number: trackingNumber,
        lines: parcel.map((l) => `${l.itemId}×${l.quantity}`).join(', '),
      },
    });
    const complete = [...left.values()].every((n) => n === 0);
    await enqueue(tx, {
      kind: SHIPPED_MAIL,
      orderId: order.id,
      payload: { shipmentId: shipment!.id, completes: complete },
      dedupeKey: `order-shipped:${shipment!.id}`,
    });
    if (complete) {
      const done = await transitionOrder(tx, order.id, 'completed', {
        expect: ['processing'],
        actor: input.actor,
        announce: 'none',
        followUp: 'after',
      });
      if (!done.ok) throw new Rollback(done.error);
    }
    return { shipmentId: shipment!.id, completed: complete };
  });
  if (result.ok) await signalOutbox(db);
  return result;
}

async function shippedLines(db: Tx, orderId: number) {
  return db
    .select({ orderItemId: orderShipmentLines.orderItemId, quantity: orderShipmentLines.quantity })
    .from(orderShipmentLines)
    .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
    .where(eq(orderShipments.orderId, orderId));
}

/** Whether a parcel of the order has left. */
export async function hasShipped(db: Tx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/** The order's shipments, oldest first, each with its lines as sold. */
export async function shipmentsOf(db: Tx, orderId: number): Promise<ShipmentView[]> {
  const rows = await db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      shipmentId: orderShipmentLines.shipmentId,
      itemId: orderShipmentLines.orderItemId,
      quantity: orderShipmentLines.quantity,
      name: orderItems.name,
      sku: orderItems.sku,
    })
    .from(orderShipmentLines)
    .innerJoin(orderItems, eq(orderItems.id, orderShipmentLines.orderItemId))
    .where(
      inArray(
        orderShipmentLines.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderShipmentLines.id));
  return rows.map((row) => ({
    id: row.id,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingLink: trackingLink(row),
    createdAt: row.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.shipmentId === row.id)
      .map(({ itemId, name, sku, quantity }) => ({ itemId, name, sku, quantity })),
  }));
}

/** Each line of the order with how many are still to ship. */
export async function linesToShip(db: Tx, orderId: number): Promise<LineToShip[]> {
  const [items, shipped] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    shippedLines(db, orderId),
  ]);
  const left = remainingQuantities(items, shipped);
  return items.map((item) => ({
    itemId: item.id,
    name: item.name,
    sku: item.sku,
    variation: item.variation,
    ordered: item.quantity,
    left: left.get(item.id) ?? 0,
  }));
}
