import { describe, expect, it, vi } from 'vitest';
import { readCheckoutAnswer, readMessages } from './checkout-response.ts';

describe('readCheckoutAnswer', () => {
  it('reads clean JSON', () => {
    expect(readCheckoutAnswer('{"result":"success","redirect":"/x"}')).toEqual({
      result: 'success',
      redirect: '/x',
    });
  });

  it('repairs JSON with something printed before or after it', () => {
    expect(
      readCheckoutAnswer('Notice: something<br>{"result":"failure","messages":"<ul></ul>"}  '),
    ).toEqual({ result: 'failure', messages: '<ul></ul>' });
  });

  it('gives up, logging, when no object begins with the result field', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readCheckoutAnswer('<html>Bad gateway</html>')).toBeNull();
    expect(readCheckoutAnswer('oops {"result": broken}')).toBeNull();
    expect(log).toHaveBeenCalledWith('Unable to fix malformed JSON');
    log.mockRestore();
  });
});

describe('readMessages', () => {
  it('reads each item with the field it names', () => {
    expect(
      readMessages(
        '<ul class="woocommerce-error" role="alert"><li data-id="billing_email">Email address is not valid.</li><li>Please accept the terms.</li></ul>',
      ),
    ).toEqual([
      { text: 'Email address is not valid.', field: 'billing_email' },
      { text: 'Please accept the terms.', field: undefined },
    ]);
    expect(readMessages('')).toEqual([]);
    expect(readMessages('<div class="notice">Fish &amp; chips</div>')).toEqual([
      { text: 'Fish & chips' },
    ]);
  });
});
