// What the customer's order pages show of the order's invoices; safe in the browser.

export type InvoiceLink = { kind: 'invoice' | 'cancellation'; number: string; href: string };

/** The back office's invoice panel of an order. */
export type InvoicePanel = {
  orderId: number;
  documents: {
    kind: 'invoice' | 'cancellation';
    number: string;
    issuedAt: string;
    gross: number;
    currency: string;
    zugferd: boolean;
    href: string;
  }[];
  /** Paid and without an invoice: "Create invoice now" is offered. */
  mayCreate: boolean;
  security: string;
  notice: { kind: 'created' | 'exists' | 'refused' | 'expired'; number: string | null } | null;
};
