import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, isStateChanging } from './origin.ts';

const own = ['http://localhost:3000'];
const headers = (h: Record<string, string>) => new Headers(h);

describe('origin check', () => {
  it('accepts same-origin browser requests and clients without browser headers', () => {
    expect(
      isSameOriginRequest(headers({ origin: own[0]!, 'sec-fetch-site': 'same-origin' }), own),
    ).toBe(true);
    expect(isSameOriginRequest(headers({}), own)).toBe(true);
  });

  it('rejects cross-site requests by either header', () => {
    expect(isSameOriginRequest(headers({ origin: 'https://evil.example' }), own)).toBe(false);
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'cross-site' }), own)).toBe(false);
    expect(isSameOriginRequest(headers({ 'sec-fetch-site': 'same-site' }), own)).toBe(false);
    expect(isSameOriginRequest(headers({ origin: 'null' }), own)).toBe(false);
  });

  it('treats only GET, HEAD and OPTIONS as safe', () => {
    expect(isStateChanging('GET')).toBe(false);
    expect(isStateChanging('post')).toBe(true);
    expect(isStateChanging('DELETE')).toBe(true);
  });
});
