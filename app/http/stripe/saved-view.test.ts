import { describe, expect, it } from 'vitest';
import { savableType } from '#app/domain/payments/stripe/saved-methods.server.ts';
import { translator } from '#app/lib/i18n.ts';
import { de } from '#app/lib/messages/de.ts';
import { en } from '#app/lib/messages/en.ts';
import { savedMethodView } from './saved-view.server.ts';

const card = {
  id: 'pm_1',
  type: 'card',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 3,
  expYear: 2031,
  isDefault: true,
};

describe('savedMethodView', () => {
  it('names a card by brand and last digits, with a two-digit month', () => {
    expect(savedMethodView(card, translator('en', en), 'en')).toEqual({
      id: 'pm_1',
      type: 'card',
      label: 'Mastercard ending in 4444',
      expires: '03/2031',
      isDefault: true,
    });
    expect(savedMethodView(card, translator('de', de), 'de').label).toBe(
      'Mastercard mit Endziffern 4444',
    );
  });

  it('names a bank account by its type, without an expiry', () => {
    const sepa = { ...card, type: 'sepa_debit', brand: null, expMonth: null, expYear: null };
    const view = savedMethodView(sepa, translator('en', en), 'en');
    expect(view.label).toBe('SEPA Direct Debit ending in 4444');
    expect(view.expires).toBeNull();
  });
});

describe('savableType', () => {
  it('takes reusable Stripe types only (spec section 5)', () => {
    expect(['card', 'sepa_debit'].every(savableType)).toBe(true);
    expect(
      ['boleto', 'alipay', 'wechat_pay', 'oxxo', 'p24', 'eps', 'unknown', ''].some(savableType),
    ).toBe(false);
  });
});
