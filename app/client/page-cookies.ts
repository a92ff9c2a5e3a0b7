import { TRACKING_COOKIE_NAMES } from '#app/domain/attribution/attribution.fields.ts';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  type Consent,
  STORE_NOTICE_HIDDEN,
  storeNoticeCookieName,
} from '#app/lib/page-cookies.ts';

/** Writes a cookie for the whole site; maxAge undefined: until the browser closes; 0: delete. */
export function writeCookie(name: string, value: string, maxAge?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`max-age=${maxAge}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function readCookies(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    try {
      found[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // an undecodable cookie is no cookie
    }
  }
  return found;
}

/** The shopper's choice; refusing deletes every tracking cookie at once. */
export function saveConsent(choice: Consent): void {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_MAX_AGE);
  if (choice === 'refuse') for (const name of TRACKING_COOKIE_NAMES) writeCookie(name, '', 0);
}

/** The store notice stays hidden for this browser session (as the server also reads it). */
export function hideStoreNotice(id: string): void {
  writeCookie(storeNoticeCookieName(id), STORE_NOTICE_HIDDEN);
}
