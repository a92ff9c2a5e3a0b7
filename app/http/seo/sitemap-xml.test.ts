import { describe, expect, it } from 'vitest';
import { newest, sitemapIndex, urlEntry, urlset, w3cDate, xmlText } from './sitemap-xml.ts';
import { robotsText, sitemapPageParam } from './sitemap.server.ts';

describe('xmlText', () => {
  it.each([
    ['a&b', 'a&amp;b'],
    ['<loc>', '&lt;loc&gt;'],
    [`"it's"`, '&quot;it&apos;s&quot;'],
    ['nul\u0000bell\u0007', 'nulbell'],
    ['tab\tok', 'tab\tok'],
    ['lone \ud800 surrogate', 'lone  surrogate'],
    ['emoji 🫖', 'emoji 🫖'],
  ])('%j -> %j', (input, expected) => {
    expect(xmlText(input)).toBe(expected);
  });
});

describe('sitemap XML', () => {
  const date = new Date('2026-05-01T12:34:56.789Z');

  it('writes dates in W3C form', () => {
    expect(w3cDate(date)).toBe('2026-05-01T12:34:56+00:00');
  });

  it('writes a URL with its last change and picture, escaped', () => {
    expect(
      urlEntry({
        loc: 'https://laden.example/product/tee&kaffee',
        lastmod: date,
        images: ['https://laden.example/media/tee-large.webp'],
      }),
    ).toBe(
      '<url><loc>https://laden.example/product/tee&amp;kaffee</loc>' +
        '<lastmod>2026-05-01T12:34:56+00:00</lastmod>' +
        '<image:image><image:loc>https://laden.example/media/tee-large.webp</image:loc></image:image></url>\n',
    );
    expect(urlEntry({ loc: 'https://laden.example/' })).toBe(
      '<url><loc>https://laden.example/</loc></url>\n',
    );
  });

  it('wraps URLs and files in their root elements', () => {
    expect(urlset([])).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset [^>]+>\n<\/urlset>\n$/,
    );
    expect(
      sitemapIndex([{ loc: 'https://laden.example/sitemap-products.xml?page=1&x=2' }]),
    ).toContain(
      '<sitemap><loc>https://laden.example/sitemap-products.xml?page=1&amp;x=2</loc></sitemap>',
    );
  });

  it('finds the newest date', () => {
    const older = new Date('2026-01-01T00:00:00Z');
    expect(newest([null, older, date, undefined])).toEqual(date);
    expect(newest([null])).toBeNull();
  });
});

describe('sitemapPageParam', () => {
  it.each([
    ['', 1],
    ['?page=1', 1],
    ['?page=2', 2],
    ['?page=0', null],
    ['?page=-1', null],
    ['?page=01', null],
    ['?page=1.5', null],
    ['?page=abc', null],
    ['?page=%00', null],
    ['?page=1&page=2', null],
    ['?page=9999999', null],
  ])('%s -> %s', (query, expected) => {
    expect(sitemapPageParam(new URL(`https://laden.example/sitemap-products.xml${query}`))).toBe(
      expected,
    );
  });
});

describe('robotsText', () => {
  const text = robotsText('https://laden.example/');

  it('names the sitemap by its absolute address', () => {
    expect(text).toContain('\nSitemap: https://laden.example/sitemap.xml\n');
  });

  it.each([
    '/cart',
    '/checkout',
    '/my-account',
    '/wc-ajax/',
    '/wc/store/',
    '/forms/',
    '/*?*orderby=',
  ])('keeps crawlers out of %s', (path) => {
    expect(text.split('\n')).toContain(`Disallow: ${path}`);
  });

  it('allows the rest of the shop', () => {
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
  });
});
