import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPEARANCE_SETTING,
  storedAppearance,
} from '#app/domain/payments/stripe/appearance.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import type { TestShop } from '../support/shop.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { StoreClient } from '../support/store-client.ts';

/**
 * save_appearance keeps the Payment Element's appearance under the key it was computed with
 * (theme, one-click layout, stylesheets); the checkout's page data names that key, so a page
 * with another layout or stylesheet computes and saves a fresh one.
 */
let shop: TestShop;
let candle: number;

beforeAll(async () => {
  ({ shop, candle } = await startCheckoutShop({ candleStock: 50 }));
});

afterAll(async () => {
  await shop?.close();
});

const APPEARANCE = { theme: 'stripe', variables: { fontSizeBase: '16px' } };

function save(client: StoreClient, fields: Record<string, string>, lang = 'en') {
  return fetch(`${shop.url}/wc-ajax/wc_stripe_save_appearance`, {
    method: 'POST',
    headers: {
      cookie: `${client.cookieHeader}; lang=${lang}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      _ajax_nonce: client.nonce,
      appearance: JSON.stringify(APPEARANCE),
      is_block_checkout: '0',
      theme_name: 'ladenzeile',
      ...fields,
    }).toString(),
  });
}

/** The checkout page of a cart with the candle: its page data as the browser gets it. */
async function checkoutHtml(client: StoreClient): Promise<string> {
  expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
  const res = await fetch(`${shop.url}/checkout`, { headers: { cookie: client.cookieHeader } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('save_appearance', () => {
  it('keeps the appearance under its key, and the checkout names the key', async () => {
    const client = await StoreClient.start(shop.url);
    const res = await save(client, { appearance_key: 'ladenzeile:oc0:0a1b2c3d' });
    expect(res.status).toBe(200);
    const stored = await storedAppearance(shop.database.db);
    expect(stored).toMatchObject({
      appearance: APPEARANCE,
      key: 'ladenzeile:oc0:0a1b2c3d',
      themeName: 'ladenzeile',
    });
    expect(await checkoutHtml(client)).toContain('ladenzeile:oc0:0a1b2c3d');
  });

  it('replaces the appearance when a page saves one under another key; blocks keep theirs', async () => {
    const client = await StoreClient.start(shop.url);
    await save(client, { appearance_key: 'ladenzeile:oc0:11111111' });
    await save(client, { appearance_key: 'ladenzeile:oc0:22222222', is_block_checkout: '1' });
    const changed = { ...APPEARANCE, variables: { fontSizeBase: '18px' } };
    await save(client, {
      appearance_key: 'ladenzeile:oc1:33333333',
      appearance: JSON.stringify(changed),
    });
    const stored = await storedAppearance(shop.database.db);
    expect(stored).toMatchObject({
      appearance: changed,
      key: 'ladenzeile:oc1:33333333',
      blocksAppearance: APPEARANCE,
      blocksKey: 'ladenzeile:oc0:22222222',
    });
  });

  it('treats an appearance saved before keys existed as matching no page', async () => {
    await putSetting(shop.database.db, APPEARANCE_SETTING, {
      appearance: APPEARANCE,
      blocksAppearance: null,
      themeName: 'ladenzeile',
    });
    const stored = await storedAppearance(shop.database.db);
    expect(stored.appearance).toEqual(APPEARANCE);
    expect(stored.key).toBe('');
  });

  for (const [lang, text] of [
    ['en', /Invalid parameter: appearance_key/],
    ['de', /Ungültiger Parameter: appearance_key/],
  ] as const) {
    it(`refuses a missing or malformed key with 400, nothing stored (${lang})`, async () => {
      const client = await StoreClient.start(shop.url);
      const before = await storedAppearance(shop.database.db);
      for (const fields of [
        {},
        { appearance_key: 'ladenzeile:oc2:0a1b2c3d' },
        { appearance_key: '<script>:oc0:0a1b2c3d' },
        { appearance_key: 'x'.repeat(500) },
      ]) {
        const res = await save(client, fields as Record<string, string>, lang);
        expect(res.status).toBe(400);
        expect(await res.text()).toMatch(text);
      }
      expect(await storedAppearance(shop.database.db)).toEqual(before);
    });
  }
});
