import { describe, expect, it } from 'vitest';
import {
  STRIPE_METHODS,
  STRIPE_METHOD_TYPES,
  gatewayIdOf,
  offeredForCountry,
  stripeMethodByGateway,
} from './methods.ts';
import {
  elementsMode,
  isBlikCode,
  isSetupIntentId,
  providerFailure,
  showsCashAppNotice,
  toProviderAmount,
} from './stripe.rules.ts';

describe('payment method types', () => {
  it('lists every type of the spec with its gateway id; card keeps the base id', () => {
    expect(STRIPE_METHOD_TYPES).toHaveLength(22);
    expect(gatewayIdOf('card')).toBe('stripe');
    expect(gatewayIdOf('sepa_debit')).toBe('stripe_sepa_debit');
    expect(gatewayIdOf('afterpay_clearpay')).toBe('stripe_afterpay_clearpay');
    expect(STRIPE_METHODS.map((m) => m.gatewayId)).toContain('stripe_blik');
    expect(stripeMethodByGateway('stripe_ideal')?.type).toBe('ideal');
    expect(stripeMethodByGateway('stripe_unknown')).toBeNull();
  });

  it('marks giropay and sofort discontinued and the spec’s non-reusable types', () => {
    const discontinued = STRIPE_METHODS.filter((m) => m.discontinued).map((m) => m.type);
    expect(discontinued.sort()).toEqual(['giropay', 'sofort']);
    const reusable = (type: string) => STRIPE_METHODS.find((m) => m.type === type)!.isReusable;
    for (const type of ['alipay', 'affirm', 'boleto', 'eps', 'giropay', 'multibanco', 'oxxo']) {
      expect(reusable(type)).toBe(false);
    }
    expect(reusable('card')).toBe(true);
    expect(reusable('sepa_debit')).toBe(true);
  });

  it('offers country-limited types only for their billing countries', () => {
    const ideal = stripeMethodByGateway('stripe_ideal')!;
    const card = stripeMethodByGateway('stripe')!;
    expect(offeredForCountry(ideal, 'NL')).toBe(true);
    expect(offeredForCountry(ideal, 'DE')).toBe(false);
    expect(offeredForCountry(card, 'DE')).toBe(true);
    expect(offeredForCountry(stripeMethodByGateway('stripe_blik')!, 'pl')).toBe(true);
  });
});

describe('amounts', () => {
  it('rescales from the cart’s minor unit to the provider’s decimals (default 2)', () => {
    expect(toProviderAmount(1290, 2)).toBe(1290);
    expect(toProviderAmount(129, 1)).toBe(1290);
    expect(toProviderAmount(12_900, 3)).toBe(1290);
    expect(toProviderAmount(12_905, 3)).toBe(1291);
    expect(toProviderAmount(500, 0, 0)).toBe(500);
    expect(toProviderAmount(500, 2, 0)).toBe(5);
  });

  it('chooses setup mode below a total of 1', () => {
    expect(elementsMode(99, 2)).toBe('setup');
    expect(elementsMode(0, 2)).toBe('setup');
    expect(elementsMode(100, 2)).toBe('payment');
  });

  it('knows setup intents and BLIK codes', () => {
    expect(isSetupIntentId('seti_123')).toBe(true);
    expect(isSetupIntentId('pi_123')).toBe(false);
    expect(isBlikCode('123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456', '']) {
      expect(isBlikCode(bad)).toBe(false);
    }
  });
});

describe('provider errors', () => {
  it('turns missing billing and shipping fields into required-field failures', () => {
    expect(
      providerFailure({ code: 'parameter_missing', param: 'billing_details[address][city]' }),
    ).toEqual({
      kind: 'invalid',
      code: 'stripe.error.required_field',
      params: { group: 'billing', field: 'city' },
    });
    expect(
      providerFailure({ code: 'parameter_invalid_empty', param: 'shipping[address][line1]' })
        .params,
    ).toEqual({ group: 'shipping', field: 'line1' });
    expect(
      providerFailure({ code: 'parameter_string_blank', param: 'billing_details[email]' }).params,
    ).toEqual({ group: 'billing', field: 'email' });
    // Another parameter is no form field: the default failure.
    expect(providerFailure({ code: 'parameter_missing', param: 'amount' }).code).toBe(
      'stripe.error.payment_failed',
    );
  });

  it('words known declines and falls back to the default failure text', () => {
    expect(providerFailure({ code: 'card_declined', decline_code: 'generic_decline' }).code).toBe(
      'stripe.error.card_declined',
    );
    expect(
      providerFailure({ code: 'card_declined', decline_code: 'insufficient_funds' }).code,
    ).toBe('stripe.error.insufficient_funds');
    expect(providerFailure({ code: 'payment_intent_authentication_failure' }).code).toBe(
      'stripe.error.authentication_failed',
    );
    expect(providerFailure({ code: 'something_new' })).toMatchObject({
      kind: 'payment_declined',
      code: 'stripe.error.payment_failed',
    });
    expect(providerFailure({}).params?.reason).toBe('unknown');
  });
});

describe('Cash App notice (spec sections 8 and 9)', () => {
  it('shows for Cash App above 200000 minor units only', () => {
    expect(showsCashAppNotice('cashapp', 200_001)).toBe(true);
    expect(showsCashAppNotice('cashapp', 200_000)).toBe(false);
    expect(showsCashAppNotice('card', 500_000)).toBe(false);
  });
});
