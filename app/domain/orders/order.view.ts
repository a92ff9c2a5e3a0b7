// An order as its pages and mails show it; safe to import in the browser.
import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
import type { CustomerAddress } from '#app/domain/shipping/shipping.view.ts';
import type { ShipmentView } from './shipments.view.ts';

/** Shown on the order received and view-order pages and in mails. */
export type OrderView = {
  id: number;
  number: number;
  key: string;
  status: string;
  createdAt: string;
  paymentMethod: string;
  paymentMethodTitle: string;
  currency: string;
  billing: CustomerAddress & { email?: string };
  shipping: CustomerAddress;
  shipsToDifferentAddress: boolean;
  customerNote: string;
  items: {
    name: string;
    variation: { attribute: string; value: string }[];
    quantity: number;
    total: number;
    subtotal: number;
    sku: string | null;
  }[];
  itemsTotal: number;
  discountTotal: number;
  coupons: { code: string; discount: number }[];
  shipping_lines: { name: string; total: number }[];
  depositTotal: number;
  /** Fee lines (cash on delivery), gross; named by `order.fee.<key>` (see feeLabel). */
  fees: { key: string; name: string; total: number }[];
  total: number;
  taxLines: { rate: number; amount: number }[];
  /** Bank details for a bank transfer still to be made. */
  bankDetails: { key: string; value: string }[];
  notes: { code: string; params: Record<string, string | number>; createdAt: string }[];
  needsPayment: boolean;
  mayCancel: boolean;
  /** The pickup point or parcel locker the goods go to, as the order stored it. */
  pickupPoint: Record<string, string> | null;
  /** When the customer declared withdrawal; null: not declared. */
  withdrawnAt: string | null;
  mayWithdraw: boolean;
  /** Whose VAT the order carries. */
  vat: TaxTreatment;
  /** The parcels sent so far, with their tracking links. */
  shipments: ShipmentView[];
};

/** The message key naming a fee of a kind the shop knows; null: show the fee's stored name. */
export function feeMessageKey(key: string): `order.fee.${'cod' | 'fees'}` | null {
  return key === 'cod' || key === 'fees' ? `order.fee.${key}` : null;
}
