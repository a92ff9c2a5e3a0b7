import { CARRIER_NAMES } from '#app/domain/orders/shipments.rules.ts';
import type { ShipmentView } from '#app/domain/orders/shipments.view.ts';

/**
 * The order's parcels as WooCommerce Shipment Tracking keeps them (`_wc_shipment_tracking_items`),
 * so shipping and ERP tools that read that meta find them. Each is written as a custom provider
 * (name and link given), which the extension reads without its own provider list.
 */
export function shipmentTrackingMeta(shipments: readonly ShipmentView[]) {
  if (shipments.length === 0) return [];
  return [
    {
      id: shipments[0]!.id,
      key: '_wc_shipment_tracking_items',
      value: shipments.map((s) => ({
        tracking_provider: '',
        custom_tracking_provider: CARRIER_NAMES[s.carrier] || 'Other',
        custom_tracking_link: s.trackingLink ?? '',
        tracking_number: s.trackingNumber,
        tracking_product_code: '',
        date_shipped: String(Math.floor(Date.parse(s.createdAt) / 1000)),
        tracking_id: `shipment-${s.id}`,
      })),
    },
  ];
}
