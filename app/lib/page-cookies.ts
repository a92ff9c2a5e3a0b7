import { readCookie } from './cookies.ts';

// Cookies that change what a shared page looks like (decision 0023): the render cache keeps one
// rendering per combination, so the server can read them and nothing shifts after loading.

/** The shopper's cookie choice (TDDDG): necessary cookies only until it says 'allow'. */
export const CONSENT_COOKIE = 'cookie_consent';
export type Consent = 'allow' | 'refuse';
/** A choice is kept for a year, then asked again. */
export const CONSENT_MAX_AGE = 365 * 86_400;

export function parseConsent(value: string | undefined): Consent | null {
  return value === 'allow' || value === 'refuse' ? value : null;
}

export function consentOf(cookieHeader: string | null | undefined): Consent | null {
  return parseConsent(readCookie(cookieHeader, CONSENT_COOKIE));
}

/** `store_notice` plus the notice's id: a new notice id shows the bar again. */
export const STORE_NOTICE_COOKIE = 'store_notice';
export const STORE_NOTICE_HIDDEN = 'hidden';

/** Notice ids are short words, so the cookie's name stays a valid token. */
export const NOTICE_ID = /^[A-Za-z0-9_-]{0,32}$/;

export function storeNoticeCookieName(id: string): string {
  return STORE_NOTICE_COOKIE + (NOTICE_ID.test(id) ? id : '');
}

export function storeNoticeHidden(cookieHeader: string | null | undefined, id: string): boolean {
  return readCookie(cookieHeader, storeNoticeCookieName(id)) === STORE_NOTICE_HIDDEN;
}

/**
 * The part of the render cache's key taken from these cookies: the consent choice and the
 * names of hidden store notices (at most a few, so a visitor cannot grow the key at will).
 */
export function pageCookieVariant(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return '';
  const hidden: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (
      name.startsWith(STORE_NOTICE_COOKIE) &&
      name.length <= STORE_NOTICE_COOKIE.length + 32 &&
      part.slice(eq + 1).trim() === STORE_NOTICE_HIDDEN
    ) {
      hidden.push(name);
      if (hidden.length === 3) break;
    }
  }
  const consent = consentOf(cookieHeader) ?? '';
  return consent || hidden.length ? `${consent}|${hidden.sort().join(',')}` : '';
}
