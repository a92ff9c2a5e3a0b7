import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, findUnsafeField, isUnsafeText, refuseUrl } from './hostile-input.ts';

const refusal = (target: string) => refuseUrl(target, new URL(target, 'http://shop.test'));

describe('unsafe text', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udc00', true],
    ['😀', false],
    ['Grüße', false],
    ["' or 1=1 --", false],
    ['', false],
  ])('%j is unsafe: %s', (text, unsafe) => {
    expect(isUnsafeText(text)).toBe(unsafe);
  });

  it('names the top-level field holding unsafe text at any depth, in keys too', () => {
    expect(findUnsafeField({ id: 1, name: 'ok' })).toBeNull();
    expect(findUnsafeField({ id: 1, variation: { color: 'a\u0000' } })).toBe('variation');
    expect(findUnsafeField({ variation: [{ attribute: '\ud800', value: 'x' }] })).toBe('variation');
    expect(findUnsafeField({ meta: { 'k\u0000': 'v' } })).toBe('meta');
    expect(findUnsafeField({ 'bad\u0000': 'v' })).toBe('bad\u0000');
  });
});

describe('addresses refused before routing', () => {
  it.each([
    '/product/%00',
    '/shop?s=%00',
    '/shop?%00=1',
    '/shop?s=a+%00',
    '/shop?s=%E0%A4%A',
    '/shop?s=%',
    '/shop?s=%ED%A0%80',
    '/product/%C0%AF',
    '/product/a%0D%0Ab',
    '/wc/store/v1/cart/%09',
  ])('%s is a 400', (target) => {
    expect(refusal(target)).toEqual({ status: 400, reason: 'malformed' });
  });

  it('refuses an address longer than the limit with 414', () => {
    expect(refusal(`/shop?s=${'x'.repeat(MAX_URL_LENGTH)}`)).toEqual({
      status: 414,
      reason: 'too_long',
    });
  });

  it.each([
    '/',
    '/shop?s=Gr%C3%BC%C3%9Fe&orderby=price',
    '/shop?s=100%25',
    '/shop?s=zwei%0AZeilen',
    '/product/t-shirt',
  ])('accepts %s', (target) => {
    expect(refusal(target)).toBeNull();
  });
});
