import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlinePoints } from '#app/domain/shipping/pickup-points.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser } from './browser.ts';
import {
  ADDRESS_LABELS,
  addressField,
  fillBillingAddress,
  shopperAtCheckout,
} from './checkout-setup.ts';

/** The pickup-point choice of the checkout, from the rate to the order-received page. */
let shop: TestShop;
let browser: Browser;
let productId: number;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  productId = (
    await createProduct(db, {
      name: { de: 'Leinentasche', en: 'Linen bag' },
      regularPrice: 1490,
      manageStock: true,
      stockQuantity: 100,
    })
  ).product.id;
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXTS = {
  de: {
    pickup: /^DHL Packstation \/ Paketshop/,
    flat: /^Versand mit DHL/,
    legend: (postcode: string) => `Abholstation in der Nähe von ${postcode}`,
    payment: 'Vorkasse (Überweisung)',
    terms: /Allgemeinen Geschäftsbedingungen/,
    buy: 'Zahlungspflichtig bestellen',
    heading: 'Abholstation',
    missing: /Bitte wählen Sie eine Abholstation für „DHL Packstation/,
    select: 'Abholstation',
    update: 'Warenkorb aktualisieren',
  },
  en: {
    pickup: /^DHL Packstation \/ parcel shop/,
    flat: /^DHL parcel/,
    legend: (postcode: string) => `Pickup point near ${postcode}`,
    payment: 'Direct bank transfer',
    terms: /terms and conditions/,
    buy: 'Buy now',
    heading: 'Pickup point',
    missing: /Please choose a pickup point for “DHL Packstation/,
    select: 'Pickup point',
    update: 'Update cart',
  },
} as const;

function shopper(lang: 'de' | 'en', javaScript = true) {
  return shopperAtCheckout(browser, {
    baseURL: shop.url,
    lang,
    javaScript,
    items: [{ id: productId }],
  });
}

function fillAddress(page: Page, lang: 'de' | 'en', postcode: string) {
  return fillBillingAddress(page, lang, { postcode, email: `erika.${lang}@example.org` });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const pointRadio = (page: Page, name: string) =>
  page.getByRole('radio', { name: new RegExp(`^${escape(name)} `) });

describe('the pickup-point widget', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`keeps the chosen point per method across refreshes and shows it on the order (${lang})`, async () => {
      const t = TEXTS[lang];
      const { context, page } = await shopper(lang);
      const widgetRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('pickup-point-widget')) widgetRequests.push(r.url());
      });
      await fillAddress(page, lang, '04109');
      // The widget's code is not part of the page until a pickup rate is chosen.
      expect(widgetRequests).toHaveLength(0);
      await page.getByRole('radio', { name: t.pickup }).check();
      const group = page.getByRole('group', { name: t.legend('04109') });
      await group.waitFor();
      expect(widgetRequests.length).toBeGreaterThan(0);
      const points = offlinePoints({ country: 'DE', postcode: '04109' });
      expect(await group.getByRole('radio').count()).toBe(points.length);
      const chosen = points[1]!;
      await pointRadio(page, chosen.name).check();
      const hidden = page.locator('input[type="hidden"][name="pickup_point"]');
      expect(JSON.parse(await hidden.inputValue())).toMatchObject({
        delivery_method_type: 'pickup_point',
        id: chosen.id,
        name: chosen.name,
      });
      await expectNoAxeViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/pickup-${lang}.png`, fullPage: true });

      // A new postcode in the same area: the review refreshes, the widget is built again with
      // the saved choice.
      const postcode = addressField(page, ADDRESS_LABELS[lang].postcode);
      await postcode.fill('');
      await postcode.pressSequentially('04103');
      await page.getByRole('group', { name: t.legend('04103') }).waitFor();
      await expect.poll(() => pointRadio(page, chosen.name).isChecked()).toBe(true);
      expect(JSON.parse(await hidden.inputValue()).id).toBe(chosen.id);

      // Another method has no widget and sends no point; back again, the choice is there.
      await page.getByRole('radio', { name: t.flat }).check();
      await page.getByRole('group', { name: t.legend('04103') }).waitFor({ state: 'detached' });
      expect(await hidden.count()).toBe(0);
      await page.getByRole('radio', { name: t.pickup }).check();
      await page.getByRole('group', { name: t.legend('04103') }).waitFor();
      await expect.poll(() => pointRadio(page, chosen.name).isChecked()).toBe(true);

      await page.getByRole('radio', { name: t.payment }).check();
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.buy }).click();
      await page.waitForURL(/\/checkout\/order-received\/\d+\?key=/);
      await page.getByRole('heading', { name: t.heading, exact: true }).waitFor();
      await page.locator('.order-pickup-point').getByText(chosen.name).waitFor();
      await page.locator('.order-pickup-point').getByText(chosen.street).waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it('refuses the order without a chosen point, naming the method', async () => {
    const t = TEXTS.en;
    const { context, page } = await shopper('en');
    await fillAddress(page, 'en', '10115');
    await page.getByRole('radio', { name: t.pickup }).check();
    await page.getByRole('group', { name: t.legend('10115') }).waitFor();
    await page.getByRole('radio', { name: t.payment }).check();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.buy }).click();
    const link = page.getByRole('alert').getByRole('link', { name: t.missing });
    await link.waitFor();
    // The notices take the focus; their link leads to the widget.
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('notices');
    expect(await link.getAttribute('href')).toBe('#pickup_point');
    expect(await page.locator('#pickup_point').count()).toBe(1);
    await context.close();
  });

  it('offers the points as a select without JavaScript', async () => {
    const t = TEXTS.de;
    const { context, page } = await shopper('de', false);
    await fillAddress(page, 'de', '04109');
    await page.getByRole('radio', { name: t.pickup }).check();
    await page.getByRole('button', { name: t.update }).click();
    const select = page.getByRole('combobox', { name: t.select, exact: true });
    await select.waitFor();
    const point = offlinePoints({ country: 'DE', postcode: '04109' })[0]!;
    const option = select.locator('option', { hasText: `${point.name}, ${point.street}` });
    await select.selectOption(await option.getAttribute('value'));
    await page.getByRole('radio', { name: t.payment }).check();
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.getByRole('button', { name: t.buy }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    await page.locator('.order-pickup-point').getByText(point.name).waitFor();
    await context.close();
  });
});
