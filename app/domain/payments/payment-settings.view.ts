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

/** What the page shows of the Stripe keys: where they come from, secrets only masked. */
export type StripeKeysPageView = {
  source: 'environment' | 'settings' | 'sandbox';
  /** The keys in force outside the sandbox are test or live keys. */
  mode: StripeStatus;
  publishableKey: string;
  secretKey: string | null;
  webhookSecret: string | null;
  /** Stored keys that cannot be decrypted (API_KEY_SECRET changed): enter them again. */
  unreadable: boolean;
  /** Removing the keys returns to the sandbox, which never runs in production. */
  removable: boolean;
  version: string;
};

/** The Stripe keys form's answer: refused fields, or what Stripe said to "test the connection". */
export type StripeKeysAnswer = {
  intent: 'stripe-keys';
  message: string;
  field?: string;
  errors: { field: string; message: string }[];
  /** The publishable key as typed; secrets are never sent back. */
  typed?: { publishable_key: string };
  version?: string;
  connection?: { ok: boolean; text: string };
};
