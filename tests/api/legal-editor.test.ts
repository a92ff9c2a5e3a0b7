import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalVersionHistory, legalVersionInForce } from '#app/domain/legal/legal.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let nonce: string;
const SECRET = randomBytes(32).toString('base64url');

beforeAll(async () => {
  shop = await startTestShop({ renderCacheSeconds: 5, env: { SESSION_SECRET: SECRET } });
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: SECRET, DATA_DIR: shop.dataDir });
  nonce = sessionNonce({ idHash: manager.idHash }, env);
});
afterAll(async () => {
  await shop?.close();
});

type Fields = [string, string][];

const get = (path: string, cookie = '', lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

const post = (path: string, fields: Fields, cookie = manager.cookie) =>
  fetch(shop.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: shop.url,
      cookie: `lang=en; ${cookie}`,
    },
    body: new URLSearchParams(fields).toString(),
  });

function publishFields(change: Record<string, string> = {}): Fields {
  return Object.entries({
    security: nonce,
    intent: 'publish',
    title_de: 'AGB der Ladenzeile',
    notice_de: '',
    text_de: '## 1. Geltung\nDiese Bedingungen gelten für alle Bestellungen.',
    title_en: 'Ladenzeile terms',
    notice_en: '',
    text_en: '## 1. Scope\nThese terms apply to every order.',
    ...change,
  });
}

const versionOf = async (slug: 'agb' | 'impressum' | 'widerruf') =>
  (await legalVersionInForce(shop.database.db, slug)).version;

describe('legal page editor', () => {
  it('exists for shop managers only', async () => {
    const customer = await signedInCustomer(shop.database.db);
    for (const path of ['/admin/legal-pages', '/admin/legal-pages/agb']) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path, customer.cookie)).status).toBe(404);
      expect((await get(path, manager.cookie)).status).toBe(200);
    }
    expect((await get('/admin/legal-pages/nonsense', manager.cookie)).status).toBe(404);
    // The editor's former address inside the account area sends everyone on.
    const moved = await get('/my-account/legal-pages/agb?unchanged=1', manager.cookie);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/admin/legal-pages/agb?unchanged=1');
    const before = await versionOf('agb');
    const asCustomer = await post('/admin/legal-pages/agb', publishFields(), customer.cookie);
    expect(asCustomer.status).toBe(404);
    expect(await versionOf('agb')).toBe(before);
  });

  it('lists every page with its version in force, in the shopper’s language', async () => {
    const en = await (await get('/admin/legal-pages', manager.cookie)).text();
    for (const name of ['Legal notice', 'Terms and conditions', 'Privacy policy']) {
      expect(en).toContain(`Edit ${name}`);
    }
    const de = await (await get('/admin/legal-pages', manager.cookie, 'de')).text();
    expect(de).toContain('AGB bearbeiten');
    expect(de).toContain('Mustertext');
  });

  it('publishes both languages as a new version that the page and the next checkout use', async () => {
    const before = await versionOf('agb');
    const res = await post('/admin/legal-pages/agb', publishFields());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/admin/legal-pages/agb?published=${before + 1}`);
    const inForce = await legalVersionInForce(shop.database.db, 'agb');
    expect(inForce).toMatchObject({ version: before + 1, source: 'edited' });
    expect(inForce.content.en.title).toBe('Ladenzeile terms');

    const page = await (await get('/agb')).text();
    expect(page).toContain('These terms apply to every order.');
    // The note for the owner is gone once left empty.
    expect(page).not.toContain('aria-label="Note for the shop owner"');
    const german = await (await get('/agb', '', 'de')).text();
    expect(german).toContain('Diese Bedingungen gelten für alle Bestellungen.');

    const editor = await (
      await get(`/admin/legal-pages/agb?published=${before + 1}`, manager.cookie)
    ).text();
    expect(editor).toContain(`Version ${before + 1} is published.`);

    // The same texts again publish nothing.
    const again = await post('/admin/legal-pages/agb', publishFields());
    expect(again.headers.get('location')).toBe('/admin/legal-pages/agb?unchanged=1');
    expect(await versionOf('agb')).toBe(before + 1);
  });

  it('restores the starter text as a new version, once', async () => {
    await post('/admin/legal-pages/widerruf', publishFields({ title_en: 'Own withdrawal' }));
    const edited = await versionOf('widerruf');
    const restore: Fields = [
      ['security', nonce],
      ['intent', 'restore'],
    ];
    const res = await post('/admin/legal-pages/widerruf', restore);
    expect(res.headers.get('location')).toBe(`/admin/legal-pages/widerruf?published=${edited + 1}`);
    const inForce = await legalVersionInForce(shop.database.db, 'widerruf');
    expect(inForce).toMatchObject({ version: edited + 1, source: 'template' });
    expect(inForce.content.en.title).toBe('Right of withdrawal');
    const twice = await post('/admin/legal-pages/widerruf', restore);
    expect(twice.headers.get('location')).toBe('/admin/legal-pages/widerruf?unchanged=1');
    const history = await legalVersionHistory(shop.database.db, 'widerruf');
    expect(history.map((v) => v.source).slice(0, 2)).toEqual(['template', 'edited']);
  });

  it('shows what is wrong, keeps the typed text and publishes nothing', async () => {
    const before = await versionOf('impressum');
    const res = await post(
      '/admin/legal-pages/impressum',
      publishFields({ text_en: 'No heading here\n## Then one\ntext', title_de: ' ' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('German: Please enter a title.');
    expect(html).toContain('English: Line 1: text before the first section heading.');
    expect(html).toContain('No heading here');
    expect(await versionOf('impressum')).toBe(before);
  });

  it('refuses hostile input with a message and changes nothing', async () => {
    const before = await versionOf('impressum');
    const cases: [string, Fields, string][] = [
      ['forged token', publishFields({ security: 'x'.repeat(32) }), 'Your session has expired'],
      ['no token', publishFields({ security: '' }), 'Your session has expired'],
      ['NUL byte', publishFields({ text_de: '## A\nB\u0000C' }), 'control characters'],
      ['10 kB title', publishFields({ title_en: TEN_KB }), 'at most 200 characters'],
      [
        'oversized text',
        publishFields({ text_en: `## A\n${'x'.repeat(120_000)}` }),
        'at most 100000 characters',
      ],
    ];
    for (const [name, fields, message] of cases) {
      const res = await post('/admin/legal-pages/impressum', fields);
      expect(res.status, name).toBe(400);
      expect(await res.text(), name).toContain(message);
    }
    // Repeated fields: the first counts, the rest are ignored.
    const repeated = await post('/admin/legal-pages/impressum', [
      ...publishFields(),
      ['title_en', 'Second title'],
    ]);
    expect(repeated.status).toBe(302);
    expect((await legalVersionInForce(shop.database.db, 'impressum')).content.en.title).toBe(
      'Ladenzeile terms',
    );
    expect(await versionOf('impressum')).toBe(before + 1);
  });

  it('shows markup typed into a legal text as text', async () => {
    const res = await post(
      '/admin/legal-pages/impressum',
      publishFields({
        text_en: '## <script>alert(1)</script>\n<img src=x onerror=alert(1)>',
      }),
    );
    expect(res.status).toBe(302);
    const page = await (await get('/impressum')).text();
    expect(page).toMatch(/&lt;script(&gt;|>)alert\(1\)&lt;\/script/);
    expect(page).toMatch(/&lt;img src=x onerror=alert\(1\)/);
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<img src=x');
  });
});
