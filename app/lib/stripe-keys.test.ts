import { describe, expect, it } from 'vitest';
import { maskStripeSecret, stripeKeyMode, stripeKeyProblems } from './stripe-keys.ts';

const TEST = {
  secretKey: 'sk_test_51Abcdefghijklmnop',
  publishableKey: 'pk_test_51Abcdefghijklmnop',
  webhookSecret: 'whsec_abcdefghijklmnop',
};

describe('Stripe key rules', () => {
  it('accept no keys (the sandbox) and a complete set of test keys', () => {
    expect(stripeKeyProblems({}, 'development')).toEqual([]);
    expect(stripeKeyProblems(TEST, 'development')).toEqual([]);
    expect(stripeKeyProblems({ ...TEST, secretKey: 'rk_test_51Restricted1234' }, 'test')).toEqual(
      [],
    );
  });

  it('refuse wrong prefixes, half sets and keys of two modes', () => {
    expect(stripeKeyProblems({ ...TEST, secretKey: 'pk_test_51Abcdefghijk' }, 'test')).toEqual([
      'secret_format',
    ]);
    expect(stripeKeyProblems({ ...TEST, publishableKey: 'sk_test_51Abcdefgh' }, 'test')).toEqual([
      'publishable_format',
    ]);
    expect(stripeKeyProblems({ ...TEST, webhookSecret: 'secret' }, 'test')).toEqual([
      'webhook_format',
    ]);
    expect(stripeKeyProblems({ secretKey: TEST.secretKey }, 'test')).toEqual(['incomplete']);
    expect(
      stripeKeyProblems({ ...TEST, publishableKey: 'pk_live_51Abcdefghijklmnop' }, 'production'),
    ).toEqual(['mode_mismatch']);
  });

  it('take live keys only in production, and production only with the webhook secret', () => {
    const live = {
      secretKey: 'sk_live_51Abcdefghijklmnop',
      publishableKey: 'pk_live_51Abcdefghijklmnop',
      webhookSecret: TEST.webhookSecret,
    };
    expect(stripeKeyProblems(live, 'development')).toEqual(['live_outside_production']);
    expect(stripeKeyProblems(live, 'production')).toEqual([]);
    expect(stripeKeyProblems({ ...live, webhookSecret: '' }, 'production')).toEqual([
      'webhook_required',
    ]);
  });

  it('mask a secret down to its kind and last four characters', () => {
    expect(maskStripeSecret('sk_test_51Abcdefghijkl1234')).toBe('sk_test_••••1234');
    expect(maskStripeSecret('whsec_abcdefgh9876')).toBe('whsec_••••9876');
    expect(stripeKeyMode('rk_live_x')).toBe('live');
    expect(stripeKeyMode('whsec_x')).toBeNull();
  });
});
