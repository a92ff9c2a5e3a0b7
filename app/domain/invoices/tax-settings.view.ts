// What the tax settings page answers to its form; safe in the browser.
import type { InvoiceSettingsAnswer } from './invoice-settings.view.ts';

/** A refused form (the settings or the rates), in the shape of the invoice settings' answer. */
export type TaxSettingsAnswer = Omit<InvoiceSettingsAnswer, 'intent'> & {
  intent: 'tax-settings' | 'tax-rates';
};
