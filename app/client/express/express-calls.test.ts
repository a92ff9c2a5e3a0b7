import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressNonces } from './express-calls.ts';
import type { ExpressCheckoutParams } from '#app/domain/payments/stripe/express.view.ts';

/** The shared product page's data: no nonces of its own. */
const productPage = { nonce: {} } as unknown as ExpressCheckoutParams;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product page takes the session’s token once', () => {
  it('callers at the same time share one request, so token and cookie are one session’s', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        started++;
        const token = `nonce-${started}`;
        await gate;
        return new Response('{}', {
          status: 200,
          headers: { 'Content-Type': 'application/json', Nonce: token },
        });
      }),
    );
    const nonces = new ExpressNonces(productPage);
    const both = Promise.all([nonces.get('get_selected_product_data'), nonces.get('add_to_cart')]);
    release();
    expect(await both).toEqual(['nonce-1', 'nonce-1']);
    expect(await nonces.get('shipping')).toBe('nonce-1');
    expect(started).toBe(1);
  });

  it('a failed start is tried again by the next call', async () => {
    const answers = [new Response('', { status: 500 }), null];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const next = answers.shift();
        return (
          next ??
          new Response('{}', {
            status: 200,
            headers: { 'Content-Type': 'application/json', Nonce: 'nonce-2' },
          })
        );
      }),
    );
    const nonces = new ExpressNonces(productPage);
    expect(await nonces.get('add_to_cart')).toBe('');
    expect(await nonces.get('add_to_cart')).toBe('nonce-2');
  });

  it('pages with their own nonces ask nobody', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const nonces = new ExpressNonces({
      nonce: { add_to_cart: 'given' },
    } as unknown as ExpressCheckoutParams);
    expect(await nonces.get('add_to_cart')).toBe('given');
    expect(fetch).not.toHaveBeenCalled();
  });
});
