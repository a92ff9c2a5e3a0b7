// Loaded with import() only after the shopper allowed tracking: the listing and product pages
// carry none of it otherwise.
import {
  type Attribution,
  TRACKING_COOKIE_NAMES,
  attributionFromCookies,
  trackVisit,
} from '#app/domain/attribution/attribution.rules.ts';
import { readCookies, writeCookie } from './page-cookies.ts';

let trackedHref: string | null = null;

/** Counts this page view once and keeps the tracking cookies current. */
export function track(): void {
  if (trackedHref === location.href) return;
  // The first view of this document takes the referrer; later ones (in-app navigation) come
  // from the shop itself.
  const referrer = trackedHref === null ? document.referrer : location.href;
  trackedHref = location.href;
  const existing = readCookies();
  const current: Record<string, string | undefined> = {};
  for (const name of TRACKING_COOKIE_NAMES) current[name] = existing[name];
  const writes = trackVisit(current, {
    url: location.href,
    referrer,
    userAgent: navigator.userAgent,
    now: new Date(),
    random: Math.random(),
  });
  for (const write of writes) writeCookie(write.name, write.value, write.maxAge);
}

/** What the order forms send, from the tracking cookies after this page view. */
export function currentAttribution(): Attribution {
  track();
  return attributionFromCookies(readCookies());
}
