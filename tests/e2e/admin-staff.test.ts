import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** An administrator's staff and API key pages, in a shop of their own. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startTestShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function adminContext(lang: 'de' | 'en', width = 1280) {
  // A second staff member, so the tables have a row with a role form.
  await signedInCustomer(shop.database.db, { role: 'shop_manager', displayName: 'Lars Lager' });
  return staffContext(browser, shop, lang, width, {
    role: 'administrator',
    displayName: 'Anna Admin',
  });
}

describe('staff and API keys', () => {
  it('creates an API key whose secret shows once, then revokes it', async () => {
    const context = await adminContext('en');
    const page = await context.newPage();
    await page.goto('/admin/api-keys');
    await waitForHydration(page);
    await page.getByLabel('Description').fill('Versandtool');
    await page.getByLabel('Permissions').selectOption('read_write');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const created = page.getByRole('region', { name: 'API key created' });
    await created.waitFor();
    const secret = (await created.locator('code').nth(1).textContent()) ?? '';
    expect(secret).toMatch(/^cs_[0-9a-f]{40}$/);
    await shoot(page, 'admin-api-key-created-en-1280');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    expect(await page.getByRole('region', { name: 'API key created' }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    const row = page.getByRole('row', { name: /Versandtool/ });
    await row.getByRole('link', { name: /Revoke/ }).click();
    const confirm = page.getByRole('region', { name: 'Revoke API key' });
    await confirm.waitFor();
    await shoot(page, 'admin-api-key-revoke-en-1280');
    await confirm.getByRole('button', { name: /Revoke key ck_…/ }).click();
    await page.getByText('The API key was revoked.').waitFor();
    expect(await page.getByRole('row', { name: /Versandtool/ }).count()).toBe(0);
    await context.close();
  });

  it('adds a shop manager with the keyboard alone', async () => {
    const context = await adminContext('de');
    const page = await context.newPage();
    await page.goto('/admin/staff');
    await waitForHydration(page);
    const email = `lager-${Date.now()}@example.org`;
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    for (let i = 0; i < 40 && (await focusedId()) !== 'staff-email'; i++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedId()).toBe('staff-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('staff-role');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Das Konto wurde angelegt').waitFor();
    const row = page.getByRole('row', { name: new RegExp(email) });
    expect(await row.getByRole('combobox').inputValue()).toBe('shop_manager');
    await context.close();
  });

  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`passes axe on the staff and API key pages (${lang}, ${width} px)`, async () => {
      const context = await adminContext(lang, width);
      const page = await context.newPage();
      for (const [name, path] of [
        ['staff', '/admin/staff'],
        ['api-keys', '/admin/api-keys'],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-${name}-${lang}-${width}`);
      }
      // A refused form: errors beside the fields, still clean.
      await page.getByRole('button', { name: /API/ }).last().click();
      await page.locator('#key-description-tip').waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-api-keys-error-${lang}-${width}`);
      await context.close();
    });
  }
});
