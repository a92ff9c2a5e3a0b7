import { data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { CARRIERS, type Carrier, mayShip } from '#app/domain/orders/shipments.rules.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderView } from '#app/domain/orders/order.view.ts';
import { createShipment, linesToShip } from '#app/domain/orders/shipments.server.ts';
import type { ShipActionData } from '#app/domain/orders/shipments.view.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0] & { params: { id?: string } };

function orderIdOf(args: Args): number {
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) pageNotFound();
  return Number(id);
}

/**
 * The order page's parcels panel: its shipments (from the order's view, already read), what is
 * left to ship and the form's token.
 */
export async function shipmentPanel(
  db: Tx,
  order: Pick<OrderView, 'id' | 'status' | 'shipments'>,
  security: string,
  url: URL,
) {
  const lines = await linesToShip(db, order.id);
  const shipped = url.searchParams.get('shipped');
  return {
    orderId: order.id,
    status: order.status,
    mayShip: mayShip(order.status),
    shipments: order.shipments,
    lines,
    carriers: CARRIERS,
    security,
    notice:
      shipped && order.shipments.some((s) => String(s.id) === shipped)
        ? ('shipped' as const)
        : null,
  };
}

const TEXT_FIELDS = ['intent', 'security', 'carrier', 'tracking_number', 'tracking_url'] as const;
const QTY_FIELD = /^qty_([1-9]\d{0,8})$/;

/**
 * The "Create shipment" form (`intent=ship`): a plain form post with the session's token. A
 * recorded shipment goes back to the order with a notice; a refusal answers the page with the
 * errors at their fields and nothing changed. Anyone but staff gets the 404 page.
 */
export async function shipOrder(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const orderId = orderIdOf(args);
  const read = await readForm(args.request);
  const values: ShipActionData['values'] = {
    carrier: '',
    tracking_number: '',
    tracking_url: '',
    qty: {},
  };
  const refuse = (error: DomainError, keepValues = true) => {
    const field = typeof error.params?.field === 'string' ? error.params.field : 'form';
    const body: ShipActionData = {
      form: 'ship',
      errors: [{ field, message: t(error.code as TextKey, error.params) }],
      // Unsafe text is not sent back into the page.
      values: keepValues ? values : { carrier: '', tracking_number: '', tracking_url: '', qty: {} },
    };
    return data(body, { status: STATUS_OF_KIND[error.kind] });
  };
  if (!read.ok) return refuse(domainError('invalid', 'admin.shipment.error.invalid'), false);
  const form = read.value;
  if (!verifyNonce(current, form.get('security'), env)) {
    return refuse(domainError('forbidden', 'admin.shipment.error.expired'), false);
  }
  const lines: { itemId: number; quantity: number }[] = [];
  const invalid = (field: string, code = 'admin.shipment.error.invalid') =>
    refuse(domainError('invalid', code, { field }));
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    if (all.length > 1 || typeof all[0] !== 'string') return invalid('form');
    const value = all[0];
    const qty = QTY_FIELD.exec(name);
    if (qty) {
      values.qty[qty[1]!] = value.slice(0, 20);
      if (!/^\d{1,6}$/.test(value.trim())) {
        return invalid(name, 'admin.shipment.error.quantity');
      }
      lines.push({ itemId: Number(qty[1]), quantity: Number(value.trim()) });
    } else if ((TEXT_FIELDS as readonly string[]).includes(name)) {
      if (name !== 'intent' && name !== 'security') {
        values[name as 'carrier'] = value.slice(0, 600);
      }
    } else {
      return invalid('form');
    }
  }
  if (lines.length > 1000) return invalid('form');
  const carrier = values.carrier;
  if (!(CARRIERS as readonly string[]).includes(carrier)) {
    return invalid('carrier', 'admin.shipment.error.carrier');
  }
  if (values.tracking_number.length > 100) {
    return invalid('tracking_number', 'admin.shipment.error.number_long');
  }
  if (values.tracking_url.length > 500) return invalid('tracking_url', 'admin.shipment.error.url');
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const result = await createShipment(db, {
    orderId,
    carrier: carrier as Carrier,
    trackingNumber: values.tracking_number,
    trackingUrl: values.tracking_url,
    lines,
    actor,
  });
  if (!result.ok) {
    if (result.error.kind === 'not_found') pageNotFound();
    return refuse(result.error);
  }
  return redirect(`/admin/orders/${orderId}?shipped=${result.value.shipmentId}#shipments`);
}
