import { describe, expect, it } from 'vitest';
import {
  consentOf,
  pageCookieVariant,
  storeNoticeCookieName,
  storeNoticeHidden,
} from './page-cookies.ts';

describe('page cookies', () => {
  it('reads the consent choice and nothing else', () => {
    expect(consentOf('cookie_consent=allow')).toBe('allow');
    expect(consentOf('cookie_consent=refuse; lang=en')).toBe('refuse');
    expect(consentOf('cookie_consent=maybe')).toBeNull();
    expect(consentOf(undefined)).toBeNull();
  });

  it('names the notice cookie with the notice id', () => {
    expect(storeNoticeCookieName('')).toBe('store_notice');
    expect(storeNoticeCookieName('sale-7')).toBe('store_notice' + 'sale-7');
    expect(storeNoticeCookieName('bad id;')).toBe('store_notice');
    expect(storeNoticeHidden('store_noticesale-7=hidden', 'sale-7')).toBe(true);
    expect(storeNoticeHidden('store_noticesale-6=hidden', 'sale-7')).toBe(false);
  });

  it('varies shared pages by consent and hidden notices only, with a bounded key', () => {
    expect(pageCookieVariant('lang=de; session=abc')).toBe('');
    expect(pageCookieVariant('cookie_consent=allow')).toBe('allow|');
    const many = Array.from({ length: 50 }, (_, i) => `store_notice${i}=hidden`).join('; ');
    expect(pageCookieVariant(many).split(',').length).toBe(3);
    expect(pageCookieVariant('store_notice=shown')).toBe('');
  });
});
