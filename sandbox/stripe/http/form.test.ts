import { describe, expect, it } from 'vitest';
import { FormError, decodeForm } from './form.ts';

describe('Stripe form decoding', () => {
  it('reads nested keys, indexed and empty brackets as the SDK sends them', () => {
    const form = decodeForm(
      'amount=1000&card[exp_month]=12&expand[0]=customer&expand[1]=latest_charge&payment_method_types[]=card&payment_method_types[]=sepa_debit&metadata[order_id]=7&a[b][c]=d',
    );
    expect(JSON.parse(JSON.stringify(form))).toEqual({
      amount: '1000',
      card: { exp_month: '12' },
      expand: ['customer', 'latest_charge'],
      payment_method_types: ['card', 'sepa_debit'],
      metadata: { order_id: '7' },
      a: { b: { c: 'd' } },
    });
  });

  it.each([
    ['__proto__[polluted]=1'],
    ['a[constructor][prototype]=1'],
    ['a[b][c][d][e][f][g]=1'],
    ['a]b=1'],
    ['a=1&a[b]=2'],
    ['a[b]=1&a=2'],
  ])('refuses %s', (body) => {
    expect(() => decodeForm(body)).toThrow(FormError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses more than 500 keys', () => {
    const body = Array.from({ length: 501 }, (_, i) => `k${i}=1`).join('&');
    expect(() => decodeForm(body)).toThrow(FormError);
  });
});
