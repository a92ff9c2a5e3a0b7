const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * A state-changing request must come from the shop's own pages. Browsers send
 * Sec-Fetch-Site and Origin on every POST; a client that sends neither is no browser
 * and cannot be abused for request forgery (token-protected calls still need the token).
 */
export function isSameOriginRequest(
  headers: { get(name: string): string | null },
  ownOrigins: readonly string[],
): boolean {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.get('origin');
  if (origin && !ownOrigins.includes(origin)) return false;
  return true;
}
