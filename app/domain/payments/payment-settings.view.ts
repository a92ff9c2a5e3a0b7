// What the payment settings page answers to its form; safe in the browser.

/** A refused form: the first message, and every field's problem with what was typed. */
export type PaymentSettingsAnswer = {
  intent: 'payment-settings';
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  /** What was typed: the text fields, and the lists of the page's checkboxes and order. */
  typed?: {
    scalars: Record<string, string>;
    enabled: string[];
    order: string[];
    codCountries: string[];
  };
  /** After a refused save over someone else's change: the version in force now. */
  version?: string;
};

/** One method as the page lists it. */
export type PaymentMethodRow = {
  id: string;
  title: string;
  kind: 'offline' | 'stripe';
  /** Billing countries a Stripe method is offered for; empty: everywhere. */
  countries: string[];
  discontinued: boolean;
};

/** Where the Stripe methods' keys come from. */
export type StripeStatus = 'sandbox' | 'test' | 'live';
