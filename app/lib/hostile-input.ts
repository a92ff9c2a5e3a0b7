/**
 * Text no part of the shop accepts, wherever it comes from (see
 * docs/decisions/0009-hostile-input.md): PostgreSQL refuses U+0000 in text, and a lone UTF-16
 * surrogate is not Unicode at all (it would be stored as a replacement character).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Longest address (path and query) the shop reads; proxies commonly stop at 8 KiB too. */
export const MAX_URL_LENGTH = 8192;

export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The top-level field of a parsed body (JSON or form fields) that holds unsafe text in a key
 * or a value at any depth; null when everything is clean.
 */
export function findUnsafeField(fields: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(fields)) {
    if (isUnsafeText(name) || holdsUnsafeText(value, 0)) return name;
  }
  return null;
}

function holdsUnsafeText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object') return false;
  // No endpoint takes nesting this deep; refusing it keeps the walk cheap.
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((v) => holdsUnsafeText(v, depth + 1));
  return Object.entries(value).some(
    ([key, v]) => isUnsafeText(key) || holdsUnsafeText(v, depth + 1),
  );
}

export type UrlRefusal = { status: 400 | 414; reason: 'malformed' | 'too_long' };

/**
 * Why an address is refused before any route sees it: too long, a path segment or query
 * part that is not valid percent-encoded UTF-8 or decodes to unsafe text, or a path segment
 * holding a control character.
 * `raw` is the request target exactly as it arrived.
 */
export function refuseUrl(raw: string, url: URL): UrlRefusal | null {
  if (raw.length > MAX_URL_LENGTH) return { status: 414, reason: 'too_long' };
  const segments = url.pathname.split('/');
  const query = url.search.slice(1);
  const values = query
    ? query.split('&').flatMap((pair) => pair.replaceAll('+', ' ').split('='))
    : [];
  for (const [part, isSegment] of [
    ...segments.map((s) => [s, true] as const),
    ...values.map((v) => [v, false] as const),
  ]) {
    if (!part.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return { status: 400, reason: 'malformed' };
    }
    if (isUnsafeText(decoded)) return { status: 400, reason: 'malformed' };
    // Slugs and ids never hold control characters; a line break would also defeat routing.
    if (isSegment && /\p{Cc}/u.test(decoded)) return { status: 400, reason: 'malformed' };
  }
  return null;
}
