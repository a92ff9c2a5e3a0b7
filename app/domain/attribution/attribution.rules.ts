// Order attribution: pure rules shared by the browser (which keeps the tracking cookies once the
// shopper allows it) and the server (which cleans what a form or the Store API sends).
import { dateTimeParts } from '#app/domain/kernel/date-parts.ts';
import {
  ATTRIBUTION_FIELDS,
  type Attribution,
  MAX_ATTRIBUTION_LENGTH,
  TRACKING_COOKIES,
} from './attribution.fields.ts';

export * from './attribution.fields.ts';

/** Default lifetime: 6 months of 30 days each. */
export const TRACKING_LIFETIME_MONTHS = 6;
export const TRACKING_LIFETIME_SECONDS = TRACKING_LIFETIME_MONTHS * 30 * 86_400;
export const TRACKING_SESSION_SECONDS = 30 * 60;
export const PROMO_CODE_MIN = 100000;
export const PROMO_CODE_MAX = 999999;
/** Dates in the cookies are written the same way whatever the shopper's language. */
export const TRACKING_DATE_LOCALE = 'en-US';
/** Version of the cookie layout; an older browser's cookies are rewritten. */
export const TRACKING_MIGRATION = '1418474375998=1';

const SEPARATOR = '|||';

/** Control characters and markup brackets never survive into a stored value. */
export function cleanValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  const plain = value.replace(/[\u0000-\u001f\u007f<>]/g, '').trim();
  return Array.from(plain).slice(0, MAX_ATTRIBUTION_LENGTH).join('');
}

/** Only the known fields, as short clean strings; empty ones are left out. */
export function cleanAttribution(raw: Record<string, unknown> | null | undefined): Attribution {
  const clean: Attribution = {};
  if (!raw) return clean;
  for (const field of ATTRIBUTION_FIELDS) {
    const value = cleanValue(raw[field]);
    if (value) clean[field] = value;
  }
  return clean;
}

/** The fields of a classic form posted with the configured prefix. */
export function attributionFromForm(fields: Record<string, unknown>, prefix: string): Attribution {
  const raw: Record<string, unknown> = {};
  for (const field of ATTRIBUTION_FIELDS) raw[field] = fields[prefix + field];
  return cleanAttribution(raw);
}

/** A cookie value `a=1|||b=2` as a map. */
export function parseTrackingValue(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  if (!value) return map;
  for (const part of value.split(SEPARATOR)) {
    const eq = part.indexOf('=');
    if (eq > 0) map[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return map;
}

export function formatTrackingValue(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([k, v]) => `${k}=${v.replaceAll(SEPARATOR, '')}`)
    .join(SEPARATOR);
}

/** `2026-11-24 03:40:12` in the browser's time, written with the fixed locale's digits. */
export function trackingDate(date: Date): string {
  const d = dateTimeParts(date, { locale: TRACKING_DATE_LOCALE });
  return `${d.year}-${d.month}-${d.day} ${d.hour}:${d.minute}:${d.second}`;
}

export type Visit = {
  /** The page's address. */
  url: string;
  /** `document.referrer`. */
  referrer: string;
  userAgent: string;
  now: Date;
  /** 0 <= random < 1, for the promo code. */
  random: number;
};

/** A cookie to write (maxAge in seconds; 0 deletes). */
export type CookieWrite = { name: string; value: string; maxAge: number };

const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|ecosia|yandex|baidu|qwant|startpage)\./;

/** The traffic source of this page view, from its utm parameters or its referrer. */
function sourceOf(url: URL, referrer: string, ownHost: string): Record<string, string> | null {
  const q = url.searchParams;
  const utm = (name: string) => cleanValue(q.get(`utm_${name}`) ?? '') || '(none)';
  if (q.has('utm_source') || q.has('utm_medium') || q.has('utm_campaign')) {
    return {
      typ: 'utm',
      src: utm('source'),
      mdm: utm('medium'),
      cmp: utm('campaign'),
      cnt: utm('content'),
      trm: utm('term'),
      id: utm('id'),
      plt: utm('source_platform'),
      fmt: utm('creative_format'),
      tct: utm('marketing_tactic'),
    };
  }
  let refHost = '';
  try {
    refHost = referrer ? new URL(referrer).hostname : '';
  } catch {
    refHost = '';
  }
  // Moving around the shop is not a new source.
  if (refHost && refHost === ownHost) return null;
  const none = {
    cnt: '(none)',
    trm: '(none)',
    id: '(none)',
    plt: '(none)',
    fmt: '(none)',
    tct: '(none)',
  };
  if (!refHost) return { typ: 'typein', src: '(direct)', mdm: '(none)', cmp: '(none)', ...none };
  const host = refHost.replace(/^www\./, '');
  if (SEARCH_ENGINES.test(`.${host}`)) {
    return { typ: 'organic', src: cleanValue(host), mdm: 'organic', cmp: '(none)', ...none };
  }
  return { typ: 'referral', src: cleanValue(host), mdm: 'referral', cmp: '(none)', ...none };
}

/**
 * The tracking cookies after one page view: a new source replaces the current one (the first
 * stays), a visit after 30 idle minutes counts as a new session, the page count grows.
 */
export function trackVisit(
  existing: Record<string, string | undefined>,
  visit: Visit,
): CookieWrite[] {
  const url = new URL(visit.url);
  const entry = cleanValue(url.origin + url.pathname);
  const referrer = cleanValue(visit.referrer) || '(none)';
  const now = trackingDate(visit.now);
  const C = TRACKING_COOKIES;
  const life = TRACKING_LIFETIME_SECONDS;
  const writes: CookieWrite[] = [];
  const migrated = existing[C.migrations] === TRACKING_MIGRATION;
  const sessionAlive = migrated && existing[C.session] !== undefined;
  const source = sourceOf(url, visit.referrer, url.hostname);
  const fresh = !migrated || existing[C.current] === undefined;

  if (fresh || (source && (!sessionAlive || source.typ === 'utm'))) {
    const current = source ?? {
      typ: 'typein',
      src: '(direct)',
      mdm: '(none)',
      cmp: '(none)',
      cnt: '(none)',
      trm: '(none)',
      id: '(none)',
      plt: '(none)',
      fmt: '(none)',
      tct: '(none)',
    };
    const extra = formatTrackingValue({ fd: now, ep: entry, rf: referrer });
    writes.push({ name: C.current, value: formatTrackingValue(current), maxAge: life });
    writes.push({ name: C.currentExtra, value: extra, maxAge: life });
    if (fresh || existing[C.first] === undefined) {
      writes.push({ name: C.first, value: formatTrackingValue(current), maxAge: life });
      writes.push({ name: C.firstExtra, value: extra, maxAge: life });
    }
  }

  const udata = parseTrackingValue(existing[C.userData]);
  const visits = Number(udata.vst) > 0 ? Number(udata.vst) : 0;
  const session = parseTrackingValue(existing[C.session]);
  const pages = sessionAlive && Number(session.pgs) > 0 ? Number(session.pgs) + 1 : 1;
  writes.push({
    name: C.userData,
    value: formatTrackingValue({
      vst: String(sessionAlive ? Math.max(visits, 1) : visits + 1),
      uip: '(none)',
      uag: cleanValue(visit.userAgent),
    }),
    maxAge: life,
  });
  writes.push({
    name: C.session,
    value: formatTrackingValue({ pgs: String(pages), cpg: entry }),
    maxAge: TRACKING_SESSION_SECONDS,
  });
  if (!migrated) writes.push({ name: C.migrations, value: TRACKING_MIGRATION, maxAge: life });
  if (!existing[C.promo] || !migrated) {
    const span = PROMO_CODE_MAX - PROMO_CODE_MIN + 1;
    const code = PROMO_CODE_MIN + Math.floor(Math.min(Math.max(visit.random, 0), 0.999999) * span);
    writes.push({
      name: C.promo,
      value: formatTrackingValue({ code: String(code) }),
      maxAge: life,
    });
  }
  return writes;
}

/** What an order is sent from the tracking cookies (nothing without them). */
export function attributionFromCookies(cookies: Record<string, string | undefined>): Attribution {
  const C = TRACKING_COOKIES;
  if (!cookies[C.current]) return {};
  const current = parseTrackingValue(cookies[C.current]);
  const extra = parseTrackingValue(cookies[C.currentExtra]);
  const session = parseTrackingValue(cookies[C.session]);
  const udata = parseTrackingValue(cookies[C.userData]);
  const none = (v: string | undefined) => (v === undefined || v === '(none)' ? '' : v);
  return cleanAttribution({
    source_type: current.typ,
    referrer: none(extra.rf),
    utm_campaign: none(current.cmp),
    utm_source: none(current.src),
    utm_medium: none(current.mdm),
    utm_content: none(current.cnt),
    utm_id: none(current.id),
    utm_term: none(current.trm),
    utm_source_platform: none(current.plt),
    utm_creative_format: none(current.fmt),
    utm_marketing_tactic: none(current.tct),
    session_entry: none(extra.ep),
    session_start_time: none(extra.fd),
    session_pages: session.pgs,
    session_count: udata.vst,
    user_agent: none(udata.uag),
  });
}
