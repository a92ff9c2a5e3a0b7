import type { RefundMethod, RefundOrigin, RefundStatus } from './refunds.schema.ts';

/** An order line in the refund form: what was sold and how much of it is left to refund. */
export type RefundFormLine = {
  id: number;
  name: string;
  sku: string | null;
  quantity: number;
  left: number;
  total: number;
  tax: number;
  refundedQuantity: number;
};

/** One past refund as the order page lists it. */
export type RefundListed = {
  id: number;
  createdAt: string;
  amount: number;
  shippingAmount: number;
  freeAmount: number;
  reason: string;
  method: RefundMethod;
  status: RefundStatus;
  origin: RefundOrigin;
  failure: string | null;
  providerRefundId: string | null;
  by: string;
  lines: { name: string; quantity: number; amount: number; restock: boolean }[];
};

/** The refunds section of the order page. */
export type RefundPanel = {
  security: string;
  /** A fresh one-time token per form: the same form posted twice makes one refund. */
  submitToken: string;
  notice: string | null;
  refundable: boolean;
  method: 'stripe' | 'manual';
  amountLeft: number;
  shippingLeft: number;
  lines: RefundFormLine[];
  refunds: RefundListed[];
};

/** Field values as typed, sent back with errors or a preview so the form keeps them. */
export type RefundValues = {
  qty: Record<string, string>;
  restock: Record<string, boolean>;
  shipping: string;
  free: string;
  reason: string;
  /** The form's one-time token as posted, kept from "Calculate" to the refund itself. */
  submit?: string;
};

/** The action's answer when it does not redirect: errors, or the server's total to confirm. */
export type RefundFormAnswer = {
  refundForm: {
    values: RefundValues;
    errors: { field: string; message: string }[];
    preview: number | null;
  };
};
