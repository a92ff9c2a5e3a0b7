// An external product's address: only http(s), no credentials, no control characters, short
// enough for any browser. The shop links to it as typed, so nothing else may pass.
export const EXTERNAL_URL_MAX = 2000;
export const BUTTON_TEXT_MAX = 100;

/** The address to keep, or null when it is not a plain web address. */
export function cleanExternalUrl(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > EXTERNAL_URL_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

/** A button text to keep ('' for none), or null when it is too long or holds control characters. */
export function cleanButtonText(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length > BUTTON_TEXT_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  return text;
}
