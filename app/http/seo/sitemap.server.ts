// /sitemap.xml (an index), its child sitemaps and /robots.txt.
import type { AppLoadContext } from 'react-router';
import { LEGAL_SLUGS } from '#app/content/legal.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import {
  SITEMAP_URL_LIMIT,
  contentDates,
  productSitemapFile,
  productSitemapPages,
  sitemapCategories,
  sitemapProducts,
} from '#app/domain/catalog/sitemap.server.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { shop } from '#app/http/request.server.ts';
import { absoluteUrl, categoryPath, productPath } from './structured-data.ts';
import {
  INDEX_CLOSE,
  INDEX_OPEN,
  URLSET_CLOSE,
  URLSET_OPEN,
  type SitemapUrl,
  newest,
  sitemapEntry,
  urlEntry,
  urlset,
} from './sitemap-xml.ts';

type Args = { request: Request; context: AppLoadContext };

/** Crawlers read sitemaps rarely; an hour keeps them fresh enough and the work small. */
const CACHE_CONTROL = 'public, max-age=3600';
/** Files a shopper never needs to see in search results. */
const NOT_FOR_RESULTS = 'noindex, follow';

export const PRODUCT_SITEMAP_PATH = '/sitemap-products.xml';
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';
export const CATEGORY_SITEMAP_PATH = '/sitemap-categories.xml';

/** The content pages with a form, by path and the form that makes up their content. */
const FORM_PAGES = [
  { path: '/contact', form: 'kontakt' },
  { path: '/rueckruf', form: 'rueckruf' },
];

/** The product files, shared for a few seconds by the index, the files and the pages sitemap. */
function productPages(args: Args) {
  const { db } = shop(args);
  return shortLived(db, 'sitemap-product-pages', REFERENCE_TTL_MS, () =>
    productSitemapPages(db, SITEMAP_URL_LIMIT),
  );
}

export function productSitemapPath(page: number): string {
  return `${PRODUCT_SITEMAP_PATH}?page=${page}`;
}

export async function sitemapIndexResponse(args: Args): Promise<Response> {
  const { db, env } = shop(args);
  const [pages, categories, content] = await Promise.all([
    productPages(args),
    sitemapCategories(db),
    contentDates(
      db,
      FORM_PAGES.map((p) => p.form),
    ),
  ]);
  const catalogChange = newest(pages.map((p) => p.lastmod));
  const refs = [
    {
      loc: absoluteUrl(env.SHOP_URL, PAGES_SITEMAP_PATH),
      lastmod: newest([catalogChange, content.owner, ...content.forms.values()]),
    },
    ...(categories.length
      ? [
          {
            loc: absoluteUrl(env.SHOP_URL, CATEGORY_SITEMAP_PATH),
            lastmod: newest(categories.map((c) => c.lastmod)),
          },
        ]
      : []),
    ...pages.map((p) => ({
      loc: absoluteUrl(env.SHOP_URL, productSitemapPath(p.page)),
      lastmod: p.lastmod,
    })),
  ];
  return xmlResponse(
    args.request,
    newest(refs.map((r) => r.lastmod)),
    () => INDEX_OPEN + refs.map(sitemapEntry).join('') + INDEX_CLOSE,
  );
}

export async function pagesSitemapResponse(args: Args): Promise<Response> {
  const { db, env } = shop(args);
  const [pages, content] = await Promise.all([
    productPages(args),
    contentDates(
      db,
      FORM_PAGES.map((p) => p.form),
    ),
  ]);
  const catalogChange = newest(pages.map((p) => p.lastmod));
  const urls: SitemapUrl[] = [
    { loc: absoluteUrl(env.SHOP_URL, '/'), lastmod: catalogChange },
    { loc: absoluteUrl(env.SHOP_URL, '/shop'), lastmod: catalogChange },
    ...FORM_PAGES.map((p) => ({
      loc: absoluteUrl(env.SHOP_URL, p.path),
      lastmod: content.forms.get(p.form) ?? null,
    })),
    // The owner's details are the part of the legal texts that lives in the database.
    ...LEGAL_SLUGS.map((slug) => ({
      loc: absoluteUrl(env.SHOP_URL, `/${slug}`),
      lastmod: content.owner,
    })),
  ];
  return xmlResponse(args.request, newest(urls.map((u) => u.lastmod)), () => urlset(urls));
}

export async function categorySitemapResponse(args: Args): Promise<Response> {
  const { db, env } = shop(args);
  const categories = await sitemapCategories(db);
  const urls = categories.map((c) => ({
    loc: absoluteUrl(env.SHOP_URL, categoryPath(c.slug)),
    lastmod: c.lastmod,
  }));
  return xmlResponse(args.request, newest(urls.map((u) => u.lastmod)), () => urlset(urls));
}

export async function productSitemapResponse(args: Args): Promise<Response> {
  const { db, env } = shop(args);
  const page = sitemapPageParam(new URL(args.request.url));
  if (page === null) return notFound();
  const file = await productSitemapFile(db, page, SITEMAP_URL_LIMIT);
  // An empty catalog still has its first (empty) file, so the index never points nowhere.
  if (file.count === 0 && page !== 1) return notFound();
  return xmlResponse(args.request, file.lastmod, () => {
    const entries = sitemapProducts(db, page, SITEMAP_URL_LIMIT);
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(URLSET_OPEN));
      },
      async pull(controller) {
        const next = await entries.next();
        if (next.done) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
          return;
        }
        const chunk = next.value
          .map((p) =>
            urlEntry({
              loc: absoluteUrl(env.SHOP_URL, productPath(p.slug)),
              lastmod: p.lastmod,
              images: p.imageKey ? [absoluteUrl(env.SHOP_URL, imageUrl(p.imageKey, 'large'))] : [],
            }),
          )
          .join('');
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await entries.return(undefined);
      },
    });
  });
}

/** `?page=N` with N a plain positive number, given once; anything else names no file. */
export function sitemapPageParam(url: URL): number | null {
  const values = url.searchParams.getAll('page');
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0]!)) return null;
  return Number(values[0]);
}

/**
 * Paths that hold nothing for search results: the cart and account, the JSON and form
 * endpoints, and listing variants (sort order, filters, internal search) that only reorder or
 * narrow pages already crawled.
 */
export const ROBOTS_DISALLOW = [
  '/cart',
  '/checkout',
  '/my-account',
  '/wc-ajax/',
  '/wc/store/',
  '/forms/',
  '/set-language',
  '/*?*orderby=',
  '/*?*min_price=',
  '/*?*max_price=',
  '/*?*filter_',
  '/*?*stock_status=',
  '/*?*on_sale=',
  '/*?*rating_filter=',
  '/*?*add-to-cart=',
  '/*?s=',
  '/*&s=',
];

export function robotsText(shopUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(shopUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function robotsResponse(args: Args): Response {
  const { env } = shop(args);
  return new Response(robotsText(env.SHOP_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** XML with cache headers; answers 304 when the crawler's copy is as new as the data. */
function xmlResponse(
  request: Request,
  lastModified: Date | null,
  body: () => string | ReadableStream<Uint8Array>,
): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': CACHE_CONTROL,
    'X-Robots-Tag': NOT_FOR_RESULTS,
  };
  if (lastModified) {
    headers['Last-Modified'] = lastModified.toUTCString();
    const since = Date.parse(request.headers.get('if-modified-since') ?? '');
    // HTTP dates have whole seconds.
    if (!Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since) {
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(body(), { headers });
}
