import { describe, expect, it } from 'vitest';
import { wcAjaxAddress } from './wc-ajax-query.ts';

const at = (address: string) => wcAjaxAddress(new URL(address, 'http://shop'))?.href ?? null;

describe('wcAjaxAddress', () => {
  it('maps the call on any path to /wc-ajax/<action>, keeping the other parameters', () => {
    expect(at('/?wc-ajax=add_to_cart')).toBe('http://shop/wc-ajax/add_to_cart');
    expect(at('/product/x?a=1&wc-ajax=get_variation&b=2')).toBe(
      'http://shop/wc-ajax/get_variation?a=1&b=2',
    );
  });

  it('leaves requests that name no call alone', () => {
    expect(at('/')).toBeNull();
    expect(at('/shop?orderby=price')).toBeNull();
    expect(at('/?wc-ajax=')).toBeNull();
    expect(at('/?wc-ajax-x=1')).toBeNull();
  });

  it('names no known action for several values or a path', () => {
    expect(at('/?wc-ajax=a&wc-ajax=b')).toBe('http://shop/wc-ajax/a%2Cb');
    expect(at('/?wc-ajax=../admin')).toBe('http://shop/wc-ajax/..%2Fadmin');
  });
});
