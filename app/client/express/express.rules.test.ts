import { describe, expect, it } from 'vitest';
import {
  billingAddress,
  buttonHeight,
  buttonRadius,
  buttonTheme,
  buttonType,
  elementsIntent,
  expressVisible,
  lineItems,
  orderErrorText,
  orderPayload,
  reservedRows,
  sheetTotal,
  shippingAddress,
  validVariation,
  walletCount,
} from './express.rules.ts';

describe('button appearance (spec section 5)', () => {
  it.each([
    [48, 48],
    [10, 40],
    [40, 40],
    [55, 55],
    [80, 55],
    ['50', 50],
    ['', 48],
    [Number.NaN, 48],
    [undefined, 48],
  ])('height %s becomes %s', (given, expected) => {
    expect(buttonHeight(given)).toBe(expected);
  });

  it('radius defaults to 4 px', () => {
    expect(buttonRadius(undefined)).toBe(4);
    expect(buttonRadius('x')).toBe(4);
    expect(buttonRadius(-2)).toBe(4);
    expect(buttonRadius(0)).toBe(0);
    expect(buttonRadius(12)).toBe(12);
  });

  it("type 'default' is plain, anything else buys", () => {
    expect(buttonType('default')).toBe('plain');
    expect(buttonType('buy')).toBe('buy');
    expect(buttonType('')).toBe('buy');
    expect(buttonType('book')).toBe('buy');
  });

  it('themes: dark black, light white, light-outline white-outline (white for Google Pay)', () => {
    expect(buttonTheme('dark')).toEqual({ applePay: 'black', googlePay: 'black' });
    expect(buttonTheme('light')).toEqual({ applePay: 'white', googlePay: 'white' });
    expect(buttonTheme('light-outline')).toEqual({
      applePay: 'white-outline',
      googlePay: 'white',
    });
    expect(buttonTheme('anything')).toEqual({ applePay: 'black', googlePay: 'black' });
  });
});

describe('visibility (spec section 2)', () => {
  it('needs a total above 0 or a free trial', () => {
    const base = { hasFreeTrial: false, needsVariation: false, variationId: null };
    expect(expressVisible({ ...base, total: 0 })).toBe(false);
    expect(expressVisible({ ...base, total: 0, hasFreeTrial: true })).toBe(true);
    expect(expressVisible({ ...base, total: 1 })).toBe(true);
  });

  it('a free trial of 0 sets the method up; other totals pay at least 1 minor unit', () => {
    const trial = { has_free_trial: true, has_subscription: true };
    const none = { has_free_trial: false, has_subscription: false };
    expect(elementsIntent(0, trial)).toEqual({ mode: 'setup' });
    expect(sheetTotal(0, trial)).toBe(0);
    // A sign-up fee is paid and the method kept for the renewals.
    expect(elementsIntent(490, trial)).toEqual({
      mode: 'payment',
      amount: 490,
      setupFutureUsage: 'off_session',
    });
    expect(elementsIntent(490, none)).toEqual({ mode: 'payment', amount: 490 });
    expect(elementsIntent(0, none)).toEqual({ mode: 'payment', amount: 1 });
    expect(sheetTotal(0, none)).toBe(1);
  });

  it('an empty or 0 variation id counts as none', () => {
    for (const id of [null, undefined, '', 0, '0']) expect(validVariation(id)).toBe(false);
    expect(validVariation(12)).toBe(true);
    expect(validVariation('12')).toBe(true);
    const variable = { total: 500, hasFreeTrial: false, needsVariation: true };
    expect(expressVisible({ ...variable, variationId: 0 })).toBe(false);
    expect(expressVisible({ ...variable, variationId: 7 })).toBe(true);
  });
});

describe('line items', () => {
  const items = [
    { label: 'Kerze × 2', amount: 2000 },
    { label: 'Versand', amount: 490 },
  ];
  it('are kept while the total covers them', () => {
    expect(lineItems(items, 2490)).toEqual([
      { name: 'Kerze × 2', amount: 2000 },
      { name: 'Versand', amount: 490 },
    ]);
  });
  it('are dropped when the total is less than their sum', () => {
    expect(lineItems(items, 2400)).toEqual([]);
  });
});

describe('order payload (spec section 3)', () => {
  const billing = {
    name: 'Erika Maria Mustermann',
    email: 'erika@example.org',
    phone: '+49 (30) 123-456',
    address: {
      line1: 'Hauptstraße 5',
      line2: null,
      city: 'Leipzig',
      state: '',
      postal_code: '04109',
      country: 'DE',
    },
  };

  it('splits the name, strips the phone and keeps the email on billing only', () => {
    expect(billingAddress(billing)).toEqual({
      first_name: 'Erika Maria',
      last_name: 'Mustermann',
      company: '',
      email: 'erika@example.org',
      phone: '+4930123456',
      country: 'DE',
      address_1: 'Hauptstraße 5',
      address_2: '',
      city: 'Leipzig',
      state: '',
      postcode: '04109',
    });
    const shipping = shippingAddress(
      { name: 'Max', address: { ...billing.address, city: 'Halle' } },
      billing,
      'flat_rate:3',
    );
    expect(shipping).not.toHaveProperty('email');
    expect(shipping.first_name).toBe('Max');
    expect(shipping.last_name).toBe('-');
    expect(shipping.city).toBe('Halle');
    expect(shipping.method).toEqual(['flat_rate:3']);
  });

  it('falls back to the billing address without a shipping address', () => {
    const shipping = shippingAddress(null, billing, null);
    expect(shipping.city).toBe('Leipzig');
    expect(shipping.method).toEqual([]);
  });

  it('carries the payment data list, the attribution and the consent', () => {
    const payload = orderPayload({
      billing,
      shipping: null,
      rateId: null,
      expressPaymentType: 'google_pay',
      confirmationToken: 'ctoken_1',
      paymentMethodId: '',
      attribution: { source_type: 'typein' },
      shownTotal: 3190,
      textVersion: 'agb:2,widerruf:1,datenschutz:1',
    });
    expect(payload.payment_method).toBe('stripe');
    expect(payload.payment_data).toEqual([
      { key: 'payment_method', value: 'stripe' },
      { key: 'wc-stripe-payment-method', value: '' },
      { key: 'wc-stripe-confirmation-token', value: 'ctoken_1' },
      { key: 'express_payment_type', value: 'google_pay' },
      { key: 'wc-stripe-is-deferred-intent', value: true },
    ]);
    expect(payload.extensions['woocommerce/order-attribution']).toEqual({ source_type: 'typein' });
    expect(payload.additional_fields).toEqual({ terms: true });
    // What the sheet and the consent showed, for the server to compare.
    expect(payload.extensions['ladenzeile/express']).toEqual({
      shown_total: 3190,
      text_version: 'agb:2,widerruf:1,datenschutz:1',
    });
  });

  it('adds the digital-content consent only when it was given', () => {
    const base = {
      billing,
      shipping: null,
      rateId: null,
      expressPaymentType: 'apple_pay',
      confirmationToken: 'ctoken_2',
      paymentMethodId: '',
      attribution: {},
      shownTotal: 1500,
      textVersion: 'agb:1',
    };
    expect(orderPayload({ ...base, digitalConsent: true }).additional_fields).toEqual({
      terms: true,
      'terms-digital': true,
    });
    expect(orderPayload({ ...base, digitalConsent: false }).additional_fields).toEqual({
      terms: true,
    });
  });
});

describe('order error text (spec section 8)', () => {
  const fallback = 'There was a problem processing the order.';
  it('joins invalid params by newline', () => {
    expect(
      orderErrorText(
        { code: 'rest_invalid_param', data: { params: { a: 'First <b>bad</b>', b: 'Second' } } },
        fallback,
      ),
    ).toBe('First bad\nSecond');
  });
  it('takes the message, else the payment details, else the fallback', () => {
    expect(orderErrorText({ code: 'x', message: '<p>Card declined</p>' }, fallback)).toBe(
      'Card declined',
    );
    expect(
      orderErrorText(
        { payment_result: { payment_details: [{ key: 'errorMessage', value: 'Nope' }] } },
        fallback,
      ),
    ).toBe('Nope');
    expect(orderErrorText(null, fallback)).toBe(fallback);
    expect(orderErrorText('x'.repeat(10_000), fallback)).toBe(fallback);
  });
});

describe('the place held for the buttons before they load', () => {
  it('counts Apple Pay and Google Pay, plus Link and Amazon Pay when offered', () => {
    const wallets = {
      applePay: 'always',
      googlePay: 'always',
      link: 'auto',
      amazonPay: 'auto',
      paypal: 'never',
    } as const;
    expect(walletCount({ wallets } as never)).toBe(4);
    expect(walletCount({ wallets: { ...wallets, link: 'never' } } as never)).toBe(3);
    expect(
      walletCount({ wallets: { ...wallets, link: 'never', amazonPay: 'never' } } as never),
    ).toBe(2);
  });

  it.each([
    [4, 1, 4],
    [4, 2, 2],
    [4, 3, 2],
    [4, 4, 1],
    [2, 4, 1],
    [3, 2, 2],
  ])('%s buttons, %s a row: %s rows', (count, perRow, rows) => {
    expect(reservedRows(count, perRow)).toBe(rows);
  });
});
