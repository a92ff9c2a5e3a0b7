import { describe, expect, it } from 'vitest';
import { checkParams } from './check.ts';
import type { ParamTable } from './schema.ts';
import derived from './table.json';

const table = derived as ParamTable;
const refusal = (endpoint: string, params: Record<string, unknown>, caller = 'secret' as const) =>
  checkParams(table, endpoint, params, caller)?.body ?? null;

const CREATE = 'POST /v1/payment_intents';
const UPDATE = 'POST /v1/payment_intents/:id';
const CONFIRM = 'POST /v1/payment_intents/:id/confirm';

describe('parameters checked against the stripe package’s types', () => {
  it('takes what the SDK would send', () => {
    expect(
      refusal(CREATE, {
        amount: '1999',
        currency: 'eur',
        allowed_payment_method_types: ['card', 'sepa_debit'],
        capture_method: 'manual',
        confirm: 'true',
        metadata: { order_id: '7', any_key_at_all: 'x' },
        payment_method_data: {
          type: 'sepa_debit',
          billing_details: { name: 'Max', email: 'a@b.c' },
        },
        shipping: { name: 'Max', address: { line1: 'Hauptstr. 1', country: 'DE' } },
        expand: ['latest_charge', 'customer'],
      }),
    ).toBeNull();
  });

  it('refuses an unknown parameter with parameter_unknown', () => {
    expect(refusal(CREATE, { amount: '100', currency: 'eur', ammount: '100' })).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'ammount',
      message: 'Received unknown parameter: ammount',
    });
  });

  it('names a nested unknown parameter with its brackets', () => {
    const body = refusal(CREATE, {
      amount: '100',
      currency: 'eur',
      payment_method_data: { type: 'sepa_debit', billing_details: { nmae: 'Max' } },
    });
    expect(body).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_data[billing_details][nmae]',
    });
  });

  it.each([
    [
      'amount',
      { amount: 'ten', currency: 'eur' },
      'parameter_invalid_integer',
      'Invalid integer: ten',
    ],
    [
      'amount',
      { amount: '10.5', currency: 'eur' },
      'parameter_invalid_integer',
      'Invalid integer: 10.5',
    ],
    [
      'confirm',
      { amount: '1', currency: 'eur', confirm: 'yes' },
      'parameter_invalid_boolean',
      'Invalid boolean: yes',
    ],
    [
      'currency',
      { amount: '1', currency: { a: 'b' } },
      'parameter_invalid_string',
      'Invalid string: {"a":"b"}',
    ],
    [
      'shipping',
      { amount: '1', currency: 'eur', shipping: 'Max' },
      'parameter_invalid_hash',
      'Invalid hash',
    ],
  ])('refuses a mistyped %s', (param, params, code, message) => {
    expect(refusal(CREATE, params)).toMatchObject({ code, param, message });
  });

  it('refuses an enum value the API does not know, naming the allowed ones', () => {
    expect(refusal(CREATE, { amount: '1', currency: 'eur', capture_method: 'later' })).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid_enum',
      param: 'capture_method',
      message: 'Invalid capture_method: must be one of automatic, automatic_async, or manual',
    });
    expect(
      refusal(CREATE, { amount: '1', currency: 'eur', allowed_payment_method_types: ['crad'] }),
    ).toMatchObject({ code: 'parameter_invalid_enum', param: 'allowed_payment_method_types[0]' });
  });

  it('takes an empty string only where the SDK types the field Emptyable', () => {
    expect(refusal(UPDATE, { metadata: '', shipping: '', receipt_email: '' })).toBeNull();
    expect(refusal(UPDATE, { setup_future_usage: '' })).toBeNull();
    expect(refusal(CREATE, { amount: '', currency: 'eur' })).toMatchObject({
      code: 'parameter_invalid_empty',
      param: 'amount',
    });
    expect(refusal(CREATE, { amount: '1', currency: 'eur', description: '' })).toBeNull();
    expect(refusal(UPDATE, { capture_method: '' })).toMatchObject({
      code: 'parameter_invalid_empty',
    });
  });

  it('reads expand[] as an array of strings', () => {
    expect(refusal(CONFIRM, { expand: ['latest_charge'] })).toBeNull();
    expect(refusal(CONFIRM, { expand: 'latest_charge' })).toMatchObject({
      code: 'parameter_invalid_array',
      param: 'expand',
      message: 'Invalid array',
    });
    expect(refusal(CONFIRM, { expand: [{ a: 'b' }] })).toMatchObject({ param: 'expand[0]' });
  });

  it('takes free metadata keys but only scalar values', () => {
    expect(refusal(UPDATE, { metadata: { 'any key': 'v', other: '' } })).toBeNull();
    expect(refusal(UPDATE, { metadata: { nested: { a: 'b' } } })).toMatchObject({
      param: 'metadata[nested]',
    });
  });

  it('refuses a required parameter left out', () => {
    expect(refusal(CREATE, { currency: 'eur' })).toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    expect(
      refusal(CREATE, { amount: '1', currency: 'eur', shipping: { name: 'Max' } }),
    ).toMatchObject({ code: 'parameter_missing', param: 'shipping[address]' });
  });

  it('takes client_secret on confirm only from the publishable key (Stripe.js)', () => {
    expect(refusal(CONFIRM, { client_secret: 'pi_1_secret_2' }, 'publishable' as never)).toBeNull();
    expect(refusal(CONFIRM, { client_secret: 'pi_1_secret_2' })).toMatchObject({
      code: 'parameter_unknown',
      param: 'client_secret',
    });
    const inferred = {
      mandate_data: {
        customer_acceptance: { type: 'online', online: { infer_from_client: 'true' } },
      },
    };
    expect(refusal(CONFIRM, inferred, 'publishable' as never)).toBeNull();
    expect(refusal(CONFIRM, inferred)).toMatchObject({
      param: 'mandate_data[customer_acceptance][online][infer_from_client]',
    });
  });

  it('has a table entry for every endpoint the sandbox serves', async () => {
    const { ROUTES } = await import('../http/routes.ts');
    expect(ROUTES.map((r) => r.key).filter((key) => !table.endpoints[key])).toEqual([]);
  });
});
