// The import's allow-list of picture hosts: typed in the upload form, one host per line, kept
// as a setting that the runs (and `npm run import-products`) fetch with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePictureHosts, pictureHosts } from '#app/domain/catalog/picture-hosts.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { staffRequests } from '../support/staff-requests.ts';

let shop: TestShop;
let manager: SignedIn;
const db = () => shop.database.db;
const staff = staffRequests(() => ({ shop, manager }));

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function upload(hosts: string) {
  const form = new FormData();
  form.set('security', await staff.securityOf('/admin/products/import', manager.cookie));
  form.set('csv', new Blob(['SKU,Name\r\nH-1,Hut\r\n'], { type: 'text/csv' }), 'p.csv');
  form.set('picture_hosts', hosts);
  return fetch(`${shop.url}/admin/products/import`, {
    method: 'POST',
    headers: { cookie: `lang=en; ${manager.cookie}`, origin: shop.url },
    body: form,
    redirect: 'manual',
  });
}

describe('product import: picture hosts', () => {
  it('reads one host per line, a bare host as https, and refuses anything else by line', () => {
    expect(parsePictureHosts('cdn.example\n\n http://Bilder.example:8080 \r\ncdn.example')).toEqual(
      {
        ok: true,
        origins: ['https://cdn.example', 'http://bilder.example:8080'],
      },
    );
    for (const [text, line] of [
      ['cdn.example\n=HYPERLINK("http://x")', 2],
      ['https://cdn.example/pfad', 1],
      ['user:pw@cdn.example', 1],
      ['ftp://cdn.example', 1],
      ['a'.repeat(10_000), 1],
      [Array.from({ length: 51 }, (_, i) => `h${i}.example`).join('\n'), 51],
    ] as const) {
      expect(parsePictureHosts(text)).toEqual({ ok: false, line });
    }
  });

  it('the upload form saves the list and shows it again; a bad line is a 400 with its reason', async () => {
    const bad = await upload('cdn.example\nnicht gültig');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Picture hosts line 2 is not a host name');
    expect(await pictureHosts(db())).toEqual([]);
    const good = await upload('cdn.example\nhttp://bilder.example:8080');
    expect(good.status).toBe(303);
    expect(await pictureHosts(db())).toEqual(['https://cdn.example', 'http://bilder.example:8080']);
    const page = await fetch(`${shop.url}/admin/products/import`, {
      headers: { cookie: `lang=en; ${manager.cookie}` },
    });
    const html = await page.text();
    expect(html).toContain('More picture hosts (one per line)');
    expect(html).toMatch(/cdn\.example\s+http:\/\/bilder\.example:8080<\/textarea>/);
  });
});
