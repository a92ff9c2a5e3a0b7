// A shipment as the pages and mails show it; safe to import in the browser.
import type { Carrier } from './shipments.rules.ts';

export type ShipmentView = {
  id: number;
  carrier: Carrier;
  trackingNumber: string;
  /** The carrier's tracking page for the number; null for another carrier without a page. */
  trackingLink: string | null;
  createdAt: string;
  lines: { itemId: number; name: string; sku: string | null; quantity: number }[];
};

/** One order line in the "Create shipment" form. */
export type LineToShip = {
  itemId: number;
  name: string;
  sku: string | null;
  variation: { attribute: string; value: string }[];
  ordered: number;
  left: number;
};

/** What the "Create shipment" form sends back into the page after a refusal. */
export type ShipActionData = {
  form: 'ship';
  errors: { field: string; message: string }[];
  values: {
    carrier: string;
    tracking_number: string;
    tracking_url: string;
    qty: Record<string, string>;
  };
};
