import { describe, expect, it } from 'vitest';
import { type DomainError, type ErrorKind, domainError } from '#app/domain/kernel/result.ts';
import { translator } from '#app/lib/i18n.ts';
import { de } from '#app/lib/messages/de.ts';
import { en } from '#app/lib/messages/en.ts';
import { FORMS_API_CODES } from './forms-api/codes.ts';
import { type ErrorCodes, jsonError } from './response.ts';
import { STATUS_OF_KIND } from './status.ts';
import { STORE_API_CODES } from './store-api/codes.ts';

const t = translator('en', en);

async function answer(error: DomainError, codes: ErrorCodes) {
  const res = jsonError(error, codes, t);
  return { status: res.status, body: (await res.json()) as any };
}

describe('error kinds and wire codes', () => {
  it.each<[ErrorKind, string, number, string]>([
    ['not_found', 'cart.error.invalid_product', 404, 'woocommerce_rest_product_invalid_id'],
    [
      'invalid',
      'cart.error.choose_options',
      400,
      'woocommerce_rest_variation_id_from_variation_data',
    ],
    ['unavailable', 'cart.error.not_purchasable', 400, 'woocommerce_rest_product_not_purchasable'],
    ['out_of_stock', 'cart.error.out_of_stock', 400, 'woocommerce_rest_product_out_of_stock'],
    [
      'out_of_stock',
      'cart.error.not_enough_stock',
      400,
      'woocommerce_rest_product_partially_out_of_stock',
    ],
    ['limit', 'cart.error.sold_individually', 400, 'woocommerce_rest_product_sold_individually'],
    ['limit', 'cart.error.step', 400, 'woocommerce_rest_invalid_quantity'],
    ['conflict', 'cart.error.invalid_key', 409, 'woocommerce_rest_cart_invalid_key'],
    ['forbidden', 'error.missing_nonce', 403, 'woocommerce_rest_missing_nonce'],
    ['forbidden', 'error.invalid_nonce', 403, 'woocommerce_rest_invalid_nonce'],
    ['invalid', 'error.invalid_json', 400, 'rest_invalid_json'],
    ['too_large', 'error.request_too_large', 413, 'rest_request_too_large'],
    ['not_allowed', 'error.method_not_allowed', 405, 'rest_no_route'],
    ['not_found', 'error.not_found_title', 404, 'rest_no_route'],
  ])('Store API: %s %s -> %i %s', async (kind, code, status, wire) => {
    const { status: got, body } = await answer(domainError(kind, code), STORE_API_CODES);
    expect(got).toBe(status);
    expect(body).toMatchObject({ code: wire, data: { status } });
    expect(body.message).toBe(en[code as keyof typeof en]);
  });

  it.each<[ErrorKind, string, number, string]>([
    ['not_found', 'forms.not_found', 404, 'contact_form_not_found'],
    ['not_found', 'forms.captcha_expired', 404, 'captcha_not_found'],
    ['invalid', 'error.invalid_param', 400, 'rest_invalid_param'],
  ])('forms API: %s %s -> %i %s', async (kind, code, status, wire) => {
    const { status: got, body } = await answer(domainError(kind, code), FORMS_API_CODES);
    expect(got).toBe(status);
    expect(body.code).toBe(wire);
  });

  it('words parameters and passes them on', async () => {
    const error = domainError('limit', 'cart.error.below_minimum', { name: 'Tee', min: 2 });
    const { body } = await answer(error, STORE_API_CODES);
    expect(body.message).toBe('The minimum quantity for “Tee” is 2.');
    expect(body.data.params).toEqual({ name: 'Tee', min: 2 });
  });

  it('falls back to a code by kind for a code a format does not list', async () => {
    const error = domainError('payment_declined', 'payment.error.declined');
    expect((await answer(error, STORE_API_CODES)).body.code).toBe(
      'woocommerce_rest_payment_declined',
    );
    expect((await answer(error, FORMS_API_CODES)).body.code).toBe('rest_payment_declined');
  });

  it('gives every kind a 4xx status', () => {
    for (const status of Object.values(STATUS_OF_KIND)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it.each([
    ['Store API', STORE_API_CODES],
    ['forms API', FORMS_API_CODES],
  ])('%s: every mapped code has a message in both languages', (_name, codes) => {
    for (const code of Object.keys(codes.codes)) {
      expect(de, code).toHaveProperty([code]);
      expect(en, code).toHaveProperty([code]);
    }
  });
});
