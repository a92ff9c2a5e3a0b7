import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The shipping settings in a shop of its own, with the demo zones and one product. */
let shop: TestShop;
let browser: Browser;
let product: number;

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  product = (
    await createProduct(shop.database.db, {
      name: { de: 'Becher', en: 'Mug' },
      regularPrice: 1200,
    })
  ).product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: {
    title: 'Versand',
    add: 'Versandzone hinzufügen',
    name: 'Name (Deutsch)',
    countries: 'Länder',
    country: 'Schweiz',
    code: 'CH',
    create: 'Versandzone anlegen',
    created: 'Die Versandzone wurde angelegt.',
    methodTitle: 'Bezeichnung (Deutsch)',
    cost: /^Kosten in Euro \(brutto\)/,
    amount: '7,50',
    save: 'Versandzone speichern',
    saved: 'Die Versandzone wurde gespeichert.',
    changes: 'Letzte Änderungen',
    changed: 'Geändert',
    rate: 'Paket Schweiz',
    // Switzerland and the United Kingdom are tax-free exports: the rate without German VAT.
    shown: /Paket Schweiz: 6,30/,
    amountError: 'Bitte einen Betrag in Euro eingeben',
  },
  en: {
    title: 'Shipping',
    add: 'Add shipping zone',
    name: 'Name (German)',
    countries: 'Countries',
    country: 'United Kingdom',
    code: 'GB',
    create: 'Create shipping zone',
    created: 'The shipping zone was created.',
    methodTitle: 'Title (English)',
    cost: /^Cost in euros \(gross\)/,
    amount: '7.50',
    save: 'Save shipping zone',
    saved: 'The shipping zone was saved.',
    changes: 'Recent changes',
    changed: 'Changed',
    rate: 'UK parcel',
    shown: /UK parcel: €6\.30/,
    amountError: 'Please enter an amount in euros',
  },
} as const;

describe('shipping zones', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`creates a zone for one country with a flat rate, shown in that country's cart (${lang})`, async () => {
      const text = TEXT[lang];
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto('/admin/settings');
      await waitForHydration(page);
      await page.getByRole('main').getByRole('link', { name: text.title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      await page.getByRole('link', { name: text.add }).click();
      await page.getByLabel(text.name).fill(`Zone ${text.country}`);
      const countries = page.getByRole('listbox', { name: text.countries });
      await countries.selectOption({ label: text.country });
      await page.getByRole('button', { name: text.create }).click();
      await page.getByText(text.created).waitFor();

      // The new zone's flat rate: a refused amount first, then a valid one.
      await page.getByLabel(text.methodTitle).fill(text.rate);
      await page.getByLabel(text.cost).fill('sieben');
      await page.getByRole('button', { name: text.save }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain(text.amountError);
      await expectNoAxeViolations(page);
      await page.getByLabel(text.methodTitle).fill(text.rate);
      await page.getByLabel(text.cost).fill(text.amount);
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).waitFor();
      expect(await page.getByLabel(text.cost).inputValue()).toBe(text.amount);
      const audit = page.getByRole('region', { name: text.changes });
      expect(await audit.getByRole('row', { name: new RegExp(text.changed) }).count()).toBe(1);
      await shoot(page, `admin-shipping-zone-${lang}-1280`);

      // The overview lists it before the rest of the world.
      await page.goto('/admin/settings/shipping');
      const main = await page.getByRole('main').textContent();
      expect(main!.indexOf(`Zone ${text.country}`)).toBeGreaterThan(-1);
      expect(main!.indexOf(`Zone ${text.country}`)).toBeLessThan(
        main!.lastIndexOf(lang === 'de' ? 'Weltweit' : 'Rest of the world'),
      );
      await context.close();

      // A shopper in that country sees the rate in the cart.
      const shopper = await browser.newContext({
        baseURL: shop.url,
        locale: lang === 'de' ? 'de-DE' : 'en-GB',
        extraHTTPHeaders: {},
      });
      await shopper.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
      const cart = await shopper.newPage();
      const start = await cart.request.get('/wc/store/v1/cart');
      const nonce = start.headers()['nonce']!;
      const added = await cart.request.post('/wc/store/v1/cart/add-item', {
        data: { id: product, quantity: 1 },
        headers: { nonce },
      });
      expect(added.status()).toBe(201);
      const moved = await cart.request.post('/wc/store/v1/cart/update-customer', {
        data: { shipping_address: { country: text.code, postcode: '', city: 'X' } },
        headers: { nonce },
      });
      expect(moved.status()).toBe(200);
      await cart.goto('/cart');
      await waitForHydration(cart);
      await cart.getByText(text.shown).first().waitFor();
      await shoot(cart, `admin-shipping-cart-${lang}-1280`);
      await shopper.close();
    });

    for (const width of [1280, 390]) {
      it(`passes axe on the overview and a zone's page (${lang}, ${width} px)`, async () => {
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto('/admin/settings/shipping');
        await waitForHydration(page);
        await page.getByRole('heading', { level: 1, name: TEXT[lang].title }).waitFor();
        await expectNoAxeViolations(page);
        await shoot(page, `admin-shipping-zones-${lang}-${width}`);
        await page.locator('.admin-shipping-zones h2 a').first().click();
        await page.getByRole('button', { name: TEXT[lang].save }).waitFor();
        await expectNoAxeViolations(page);
        await shoot(page, `admin-shipping-zone-page-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('moves a zone down without JavaScript', async () => {
    const member = await staffContext(browser, shop, 'de');
    const cookies = await member.cookies();
    await member.close();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto('/admin/settings/shipping');
    const names = () =>
      page.locator('.admin-shipping-zones h2').evaluateAll((all) => all.map((h) => h.textContent));
    const before = await names();
    const first = before[0]!;
    await page.getByRole('button', { name: `${first} nach unten` }).click();
    await page.getByText('Die Reihenfolge wurde geändert.').waitFor();
    const after = await names();
    expect(after[1]).toBe(first);
    expect(after[0]).toBe(before[1]);
    expect(after.at(-1)).toBe(before.at(-1));
    await page.getByRole('button', { name: `${first} nach oben` }).click();
    await page.getByText('Die Reihenfolge wurde geändert.').waitFor();
    expect(await names()).toEqual(before);
    await context.close();
  });
});
