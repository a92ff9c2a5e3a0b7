import { describe, expect, it } from 'vitest';
import { translator } from '#app/lib/i18n.ts';
import { de } from '#app/lib/messages/de.ts';
import { en } from '#app/lib/messages/en.ts';
import { browserProviderProblem, paymentFailureMessage } from './failure-text.ts';
import { providerFailure } from './stripe.rules.ts';

const t = { en: translator('en', en), de: translator('de', de) };

describe('a provider error the browser got (spec section 5)', () => {
  it('names a missing billing or shipping field, at its form field, in en and de', () => {
    for (const code of [
      'parameter_invalid_empty',
      'parameter_missing',
      'parameter_string_empty',
      'parameter_string_blank',
    ]) {
      expect(
        browserProviderProblem({ code, param: 'billing_details[address][line1]' }, t.en),
      ).toEqual({
        text: 'Billing Street address is a required field.',
        field: 'billing_address_1',
      });
    }
    expect(
      browserProviderProblem(
        { code: 'parameter_missing', param: 'billing_details[address][line1]' },
        t.de,
      ),
    ).toEqual({
      text: 'Rechnung Straße und Hausnummer ist ein Pflichtfeld.',
      field: 'billing_address_1',
    });
    expect(
      browserProviderProblem(
        { code: 'parameter_missing', param: 'shipping[address][postal_code]' },
        t.en,
      ),
    ).toEqual({ text: 'Shipping Postcode / ZIP is a required field.', field: 'shipping_postcode' });
    expect(
      browserProviderProblem({ code: 'parameter_missing', param: 'billing_details[name]' }, t.de),
    ).toEqual({ text: 'Rechnung Name ist ein Pflichtfeld.', field: 'billing_first_name' });
  });

  it('keeps the provider’s words for anything else, or the invalid-details text', () => {
    expect(
      browserProviderProblem(
        { code: 'parameter_missing', param: 'payment_method_data[type]', message: 'Missing type.' },
        t.en,
      ),
    ).toEqual({ text: 'Missing type.' });
    expect(browserProviderProblem({ code: 'card_declined', message: 'Declined.' }, t.en)).toEqual({
      text: 'Declined.',
    });
    expect(browserProviderProblem({ type: 'api_connection_error' }, t.en)).toEqual({
      text: 'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
    });
    expect(browserProviderProblem({ message: '' }, t.de)).toEqual({
      text: 'Ungültige oder fehlende Zahlungsdaten. Bitte prüfen Sie, ob die Zahlungsart richtig eingegeben ist.',
    });
  });
});

describe('a payment failure on the server, as the checkout shows it', () => {
  it('words declines and the default failure in the shopper’s language', () => {
    expect(
      paymentFailureMessage(providerFailure({ decline_code: 'insufficient_funds' }), t.de),
    ).toEqual({ text: 'Ihre Karte ist nicht ausreichend gedeckt.', field: undefined });
    expect(paymentFailureMessage(providerFailure({ code: 'something_new' }), t.en)).toEqual({
      text: 'Payment failed. Please try again.',
      field: undefined,
    });
  });

  it('falls back to the param name for a field without a label', () => {
    expect(
      paymentFailureMessage(
        providerFailure({ code: 'parameter_missing', param: 'billing_details[tax_id]' }),
        t.en,
      ),
    ).toEqual({ text: 'Billing tax_id is a required field.', field: 'billing_tax_id' });
  });
});
