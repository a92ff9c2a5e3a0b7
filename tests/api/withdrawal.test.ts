import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_LIMIT_SETTING } from '#app/domain/orders/withdrawal.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { HOSTILE_VALUES, TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

/** The withdrawal page's form posts with values no browser form would send. */
let shop: TestShop;
let cookie: string;
let security: string;

beforeAll(async () => {
  shop = await startTestShop();
  await putSetting(shop.database.db, WITHDRAWAL_LIMIT_SETTING, {
    declarations: 1000,
    windowMinutes: 60,
  });
  const page = await fetch(`${shop.url}/vertrag-widerrufen`);
  cookie = page.headers.get('set-cookie')!.split(';')[0]!;
  security = /name="security" value="([^"]+)"/.exec(await page.text())![1]!;
});

afterAll(async () => {
  await shop?.close();
});

function post(fields: [string, string][]) {
  const body = new URLSearchParams(fields);
  return fetch(`${shop.url}/vertrag-widerrufen`, {
    method: 'POST',
    body,
    headers: { cookie, origin: shop.url, 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

const guest = (over: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    security,
    intent: 'confirm',
    name: 'Erika Mustermann',
    order_number: '10001',
    email: 'erika@example.org',
    ...over,
  });

describe('withdrawal form posts', () => {
  it('answers every hostile value in every field with a page, never a server error', async () => {
    for (const field of ['name', 'order_number', 'email', 'intent', 'order_id']) {
      for (const hostile of HOSTILE_VALUES) {
        if (typeof hostile.value !== 'string') continue;
        const res = await post(guest({ [field]: hostile.value }));
        expect(res.status, `${field}: ${hostile.label}`).toBeLessThan(500);
        await res.text();
      }
    }
  });

  it('refuses NUL bytes and 10 kB names by field, and takes the first of repeated fields', async () => {
    const nul = await post(guest({ name: 'Erika\u0000' }));
    expect(nul.status).toBe(400);
    const long = await post(guest({ intent: 'identify', name: TEN_KB }));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Bitte geben Sie Ihren Namen an.');
    const repeated = await post([...guest({ intent: 'identify' }), ['order_number', '99']]);
    expect(repeated.status).toBe(200);
    expect(await repeated.text()).toContain('10001');
  });

  it('refuses a post without the session’s token', async () => {
    const res = await post(guest({ security: 'x'.repeat(32) }));
    expect(res.status).toBe(403);
  });
});
