import { describe, expect, it } from 'vitest';
import {
  type RedirectHash,
  buildRedirectHash,
  hashFitsPage,
  parseRedirectHash,
  sameOriginUrl,
} from './redirect-hash.ts';

const secret = 'pi_3Abc_secret_XyZ09';

describe('redirect hashes', () => {
  it('builds each hash in the spec’s order and reads it back', () => {
    const cases: RedirectHash[] = [
      { kind: 'confirm', intent: 'pi', orderId: 42, clientSecret: secret, nonce: 'n0nce' },
      { kind: 'confirm', intent: 'si', orderId: 7, clientSecret: 'seti_1_secret_2', nonce: 'a-b' },
      {
        kind: 'voucher',
        orderId: 42,
        methodType: 'boleto',
        clientSecret: secret,
        returnUrl: 'https://shop.example/checkout/order-received/42?key=wc_order_a:b',
      },
      {
        kind: 'wallet',
        orderId: 42,
        methodType: 'card',
        intent: 'pi',
        clientSecret: secret,
        returnUrl: '/checkout/order-received/42?key=k',
        nonce: 'n',
      },
      { kind: 'short', intent: 'pi', intentId: 'pi_3Abc', returnUrl: '/x?y=1#z' },
    ];
    for (const hash of cases) expect(parseRedirectHash(buildRedirectHash(hash))).toEqual(hash);
    expect(
      buildRedirectHash({
        kind: 'confirm',
        intent: 'pi',
        orderId: 42,
        clientSecret: secret,
        nonce: 'n',
      }),
    ).toBe(`#wc-stripe-confirm-pi:42:${secret}:n`);
  });

  it('ignores hashes it does not own and malformed ones', () => {
    for (const hash of [
      '',
      '#',
      '#reviews',
      '#wc-stripe-confirm-xx:1:s:n',
      '#wc-stripe-confirm-pi:abc:s:n',
      '#wc-stripe-confirm-pi:1:s<script>:n',
      '#wc-stripe-voucher-1:boleto:s:%E0%A4%A',
      `#wc-stripe-confirm-pi:1:${'a'.repeat(3000)}:n`,
    ]) {
      expect(parseRedirectHash(hash)).toBeNull();
    }
  });

  it('follows a voucher return URL only on the same origin', () => {
    const origin = 'https://shop.example';
    expect(sameOriginUrl('/checkout/order-received/1?key=k', origin)).toBe(
      'https://shop.example/checkout/order-received/1?key=k',
    );
    expect(sameOriginUrl('https://evil.example/phish', origin)).toBeNull();
    expect(sameOriginUrl('//evil.example/phish', origin)).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBeNull();
  });

  it('on order-pay accepts only the hash of the page’s own order', () => {
    const hash = parseRedirectHash(`#wc-stripe-confirm-pi:42:${secret}:n`)!;
    expect(hashFitsPage(hash, { orderPayId: 42 })).toBe(true);
    expect(hashFitsPage(hash, { orderPayId: 43 })).toBe(false);
    expect(hashFitsPage(hash, { orderPayId: null })).toBe(true);
  });
});
