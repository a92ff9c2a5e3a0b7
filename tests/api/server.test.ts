import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let slug: string;

beforeAll(async () => {
  shop = await startTestShop({ renderCacheSeconds: 30 });
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1290,
  });
  slug = product.slug!;
  mkdirSync(path.join(shop.dataDir, 'media'), { recursive: true });
  writeFileSync(path.join(shop.dataDir, 'media', 'kerze-thumb.webp'), Buffer.from('RIFF0000WEBP'));
});

afterAll(async () => {
  await shop?.close();
});

describe('server layer', () => {
  it('reports a healthy database', async () => {
    const res = await fetch(`${shop.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends security headers and a CSP that allows exactly the inline scripts of the page', async () => {
    const res = await fetch(`${shop.url}/product/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter((c) => c.trim());
    expect(inline.length).toBeGreaterThan(0);
    for (const code of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
    expect(csp.match(/'sha256-/g)!.length).toBe(new Set(inline).size);
  });

  it('serves built assets compressed and immutable, and answers If-None-Match with 304', async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const asset =
      /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ??
      /href="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await fetch(`${shop.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const again = await fetch(`${shop.url}${asset}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('compresses pages for clients that accept it', async () => {
    const res = await fetch(`${shop.url}/shop`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('Kerze');
  });

  it('serves product pictures and nothing outside the media folder', async () => {
    expect((await fetch(`${shop.url}/media/kerze-thumb.webp`)).status).toBe(200);
    for (const bad of [
      '/media/..%2Fsession-secret',
      '/media/%2e%2e/session-secret',
      '/media/.hidden',
      '/media/nope.webp',
      '/media/%E0%A4%A',
    ]) {
      expect((await fetch(`${shop.url}${bad}`)).status, bad).not.toBe(200);
    }
  });

  it('shares one rendering of a page between all visitors and fills in each one’s own parts', async () => {
    const first = await fetch(`${shop.url}/product/${slug}?cache-probe`);
    expect(first.headers.get('x-render-cache')).toBe('MISS');
    expect(await first.text()).not.toContain('personal-data');
    const second = await fetch(`${shop.url}/product/${slug}?cache-probe`);
    expect(second.headers.get('x-render-cache')).toBe('HIT');
    await second.text();

    const [candle] = (await (await fetch(`${shop.url}/wc/store/v1/products`)).json()) as {
      id: number;
    }[];
    const two = await StoreClient.start(shop.url);
    await two.post('/cart/add-item', { id: candle!.id, quantity: 2 });
    const one = await StoreClient.start(shop.url);
    await one.post('/cart/add-item', { id: candle!.id });
    const page = (client: StoreClient, lang?: string) =>
      fetch(`${shop.url}/product/${slug}?cache-probe`, {
        headers: { cookie: lang ? `${client.cookieHeader}; lang=${lang}` : client.cookieHeader },
      });
    const count = (html: string) => /data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1];
    const data = (html: string) =>
      /<script type="application\/json" id="personal-data">([^<]*)<\/script>/.exec(html)?.[1];

    // Both come from the one cached rendering, each with its own count and nobody else's.
    const forTwo = await page(two);
    expect(forTwo.headers.get('x-render-cache')).toBe('HIT');
    const twoHtml = await forTwo.text();
    expect(count(twoHtml)).toBe('2');
    expect(twoHtml).toContain('aria-label="Warenkorb, 2 Artikel"');
    expect(JSON.parse(data(twoHtml)!).miniCart).toMatchObject({ itemCount: 2 });
    const forOne = await page(one);
    expect(forOne.headers.get('x-render-cache')).toBe('HIT');
    const oneHtml = await forOne.text();
    expect(count(oneHtml)).toBe('1');
    expect(JSON.parse(data(oneHtml)!).miniCart).toMatchObject({ itemCount: 1 });
    // Everything but the personal part is the same page.
    const shared = (html: string) => [
      html.slice(0, html.indexOf('data-personal="header-cart"')),
      html
        .slice(html.indexOf('</header>'))
        .replace(/<script type="application\/json" id="personal-data">[^<]*<\/script>/, ''),
    ];
    expect(shared(oneHtml)).toEqual(shared(twoHtml));
    expect(shared(oneHtml)).toEqual(shared(await (await page(two)).text()));
    const english = await (await page(one, 'en')).text();
    expect(english).toContain('aria-label="Cart, 1 item"');

    const anonymous = await (await fetch(`${shop.url}/product/${slug}?cache-probe`)).text();
    expect(count(anonymous)).toBe('0');
    expect(anonymous).not.toContain('personal-data');
  });

  it('never shares a page whose rendering read the session, such as the cart', async () => {
    const [candle] = (await (await fetch(`${shop.url}/wc/store/v1/products`)).json()) as {
      id: number;
      name: string;
    }[];
    // An anonymous visitor's empty cart is rendered and cached first.
    await (await fetch(`${shop.url}/cart`)).text();
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: candle!.id });
    const res = await fetch(`${shop.url}/cart`, { headers: { cookie: client.cookieHeader } });
    expect(res.headers.get('x-render-cache')).toBe('MISS');
    const html = await res.text();
    expect(html).toContain(candle!.name);
    expect(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]).toBe('1');
    const again = await fetch(`${shop.url}/cart`, { headers: { cookie: client.cookieHeader } });
    expect(again.headers.get('x-render-cache')).toBe('MISS');
    await again.text();
    // A data request carries the visitor's data: never cached for a session.
    const data = await fetch(`${shop.url}/product/${slug}.data`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(data.headers.get('x-render-cache')).toBeNull();
    expect(await data.text()).toContain('miniCart');
  });

  it('keeps languages apart in the render cache', async () => {
    const de = await (await fetch(`${shop.url}/product/${slug}`)).text();
    const en = await (
      await fetch(`${shop.url}/product/${slug}`, { headers: { cookie: 'lang=en' } })
    ).text();
    expect(de).toContain('<html lang="de"');
    expect(en).toContain('<html lang="en"');
    expect(en).toContain('Candle');
  });

  it('refuses oversized bodies and malformed request lines without crashing', async () => {
    // Announces 20 MiB and sends one byte: the answer must come from the header alone.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${shop.url}/cart`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(20 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.write('x');
    });
    expect(answer).toEqual({ status: 413, body: 'Payload too large' });
    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  });

  it('answers unknown pages with a 404 page and unknown Store API routes with JSON', async () => {
    const page = await fetch(`${shop.url}/gibt-es-nicht`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Seite nicht gefunden');
    const api = await fetch(`${shop.url}/wc/store/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe('rest_no_route');
  });

  it('answers the same 404 page, with noindex, for every kind of missing page', async () => {
    for (const path of ['/gibt-es-nicht', '/product/gibt-es-nicht', '/product-category/nichts']) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('<title>Seite nicht gefunden | Ladenzeile</title>');
      expect(html, path).toContain('content="noindex"');
    }
  });

  it('answers unknown wc-ajax actions with 404 JSON and wrong methods with 405', async () => {
    for (const action of ['nothing_here', 'constructor', '__proto__', 'toString']) {
      const res = await fetch(`${shop.url}/wc-ajax/${action}`, { method: 'POST' });
      expect(res.status, action).toBe(404);
      expect((await res.json()).code, action).toBe('rest_no_route');
    }
    const get = await fetch(`${shop.url}/wc-ajax/captcha_regenerate`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('normalises bad listing parameters instead of failing', async () => {
    for (const query of [
      'page=abc',
      'page=-1',
      'page=9999999',
      'orderby=%27;drop',
      'page[]=1',
      's=%25%25%25',
    ]) {
      const res = await fetch(`${shop.url}/shop?${query}`);
      expect(res.status, query).toBe(200);
      await res.text();
    }
  });
});
