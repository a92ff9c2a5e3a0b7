// The sitemap protocol's XML (https://www.sitemaps.org/protocol.html), written piece by piece
// so a file of 50 000 URLs never has to exist as one string.

export type SitemapUrl = { loc: string; lastmod?: Date | null; images?: string[] };
export type SitemapRef = { loc: string; lastmod?: Date | null };

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data; characters XML 1.0 cannot carry at all are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** W3C datetime in UTC, second precision, as search engines read it. */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export const URLSET_OPEN = `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
export const INDEX_CLOSE = '</sitemapindex>\n';

export function urlEntry(url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${w3cDate(url.lastmod)}</lastmod>` : '';
  const images = (url.images ?? [])
    .map((src) => `<image:image><image:loc>${xmlText(src)}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${xmlText(url.loc)}</loc>${lastmod}${images}</url>\n`;
}

export function sitemapEntry(ref: SitemapRef): string {
  const lastmod = ref.lastmod ? `<lastmod>${w3cDate(ref.lastmod)}</lastmod>` : '';
  return `<sitemap><loc>${xmlText(ref.loc)}</loc>${lastmod}</sitemap>\n`;
}

export function urlset(urls: SitemapUrl[]): string {
  return URLSET_OPEN + urls.map(urlEntry).join('') + URLSET_CLOSE;
}

export function sitemapIndex(refs: SitemapRef[]): string {
  return INDEX_OPEN + refs.map(sitemapEntry).join('') + INDEX_CLOSE;
}

/** The newest of some dates, or null when none is known. */
export function newest(dates: (Date | null | undefined)[]): Date | null {
  let result: Date | null = null;
  for (const d of dates) if (d && (!result || d > result)) result = d;
  return result;
}
