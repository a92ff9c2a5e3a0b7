import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
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

  it('shares a rendered page between visitors without a session, never with a session', async () => {
    const first = await fetch(`${shop.url}/product/${slug}?cache-probe`);
    expect(first.headers.get('x-render-cache')).toBe('MISS');
    await first.text();
    const second = await fetch(`${shop.url}/product/${slug}?cache-probe`);
    expect(second.headers.get('x-render-cache')).toBe('HIT');
    await second.text();

    const client = await StoreClient.start(shop.url);
    const [candle] = (await (await fetch(`${shop.url}/wc/store/v1/products`)).json()) as {
      id: number;
    }[];
    expect((await client.post('/cart/add-item', { id: candle!.id })).status).toBe(201);
    const personal = await fetch(`${shop.url}/product/${slug}?cache-probe`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(personal.headers.get('x-render-cache')).toBeNull();
    expect(await personal.text()).toMatch(/data-testid="cart-count"[^>]*>1</);
    const anonymous = await (await fetch(`${shop.url}/product/${slug}?cache-probe`)).text();
    expect(anonymous).toMatch(/data-testid="cart-count"[^>]*>0</);
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
    const res = await fetch(`${shop.url}/cart`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(20 * 1024 * 1024),
      },
      body: 'x',
      duplex: 'half',
    } as RequestInit).catch(() => null);
    if (res) expect(res.status).toBe(413);
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
