import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser } from './browser.ts';
import {
  type Lang,
  fillBillingAddress,
  placeOrder,
  orderIdFromUrl,
  shopperAtCheckout,
} from './checkout-setup.ts';

/** Goods shipped to Switzerland: a tax-free export, charged net without German VAT. */
let shop: TestShop;
let browser: Browser;
let mugId: number;
let coffeeId: number;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  mugId = (
    await createProduct(db, {
      name: { de: 'Steingutbecher', en: 'Stoneware mug' },
      regularPrice: 11900,
      manageStock: true,
      stockQuantity: 500,
    })
  ).product.id;
  coffeeId = (
    await createProduct(db, {
      name: { de: 'Röstkaffee', en: 'Roasted coffee' },
      regularPrice: 1070,
      taxClass: 'reduced',
      manageStock: true,
      stockQuantity: 500,
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
    vat19: 'enthaltene MwSt. 19\u00a0%',
    vat0: 'enthaltene MwSt. 0\u00a0%',
    note: 'Steuerfreie Ausfuhrlieferung',
    detail: 'Lieferung in ein Land außerhalb der EU (Schweiz): ohne deutsche Umsatzsteuer',
    total: 'Gesamtsumme (inkl. MwSt.)',
    mailTotal: 'Gesamtsumme',
  },
  en: {
    vat19: 'includes 19% VAT',
    vat0: 'includes 0% VAT',
    note: 'Tax-free export',
    detail: 'Delivery outside the EU (Switzerland): no German VAT charged',
    total: 'Total (incl. VAT)',
    mailTotal: 'Total',
  },
} as const;

function swissAddress(page: Page, lang: Lang, email: string) {
  return fillBillingAddress(
    page,
    lang,
    {
      first_name: 'Urs',
      last_name: 'Meier',
      address_1: 'Bahnhofstrasse 1',
      postcode: '8001',
      city: 'Zürich',
      email,
    },
    { country: 'CH' },
  );
}

async function orderOf(page: Page) {
  const id = orderIdFromUrl(page);
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

describe('checkout to Switzerland', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`charges the net prices without German VAT and says why (${lang}, ${width} px)`, async () => {
      const t = TEXTS[lang];
      const email = `urs.${lang}@example.ch`;
      const { context, page, nonce } = await shopperAtCheckout(browser, {
        baseURL: shop.url,
        lang,
        width,
        items: [{ id: mugId }, { id: coffeeId }],
      });
      const review = page.locator('#order_review');
      await review.getByText(t.vat19).waitFor();
      await swissAddress(page, lang, email);
      await review.getByText(t.note).waitFor();
      await review.getByText(t.detail).waitFor();
      await review.getByText(t.vat0).waitFor();
      expect(await review.getByText(t.vat19).count()).toBe(0);
      expect(await review.getByText(t.total).count()).toBe(0);
      await expectNoAxeViolations(page);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/tax-export-${lang}-${width}.png`, fullPage: true });
      }

      if (lang === 'de') {
        // Back to Germany the VAT returns; to Switzerland again it goes.
        await page
          .getByRole('combobox', { name: 'Land / Region', exact: true })
          .first()
          .selectOption('DE');
        await review.getByText(t.vat19).waitFor();
        expect(await review.getByText(t.note).count()).toBe(0);
        await swissAddress(page, lang, email);
        await review.getByText(t.note).waitFor();
      }

      const cart = await (
        await page.request.get('/wc/store/v1/cart', { headers: { nonce } })
      ).json();
      expect(cart.extensions.germanized).toMatchObject({
        tax_treatment: 'export',
        tax_country: 'CH',
      });
      expect(cart.totals.total_tax).toBe('0');

      await placeOrder(page, lang);
      await page.getByText(t.note).first().waitFor();
      const order = await orderOf(page);
      expect(order.taxTreatment).toBe('export');
      expect(order.taxCountry).toBe('CH');
      expect(order.totalTax).toBe(0);
      expect(order.taxLines).toEqual([]);
      // 119,00 € at 19 % and 10,70 € at 7 % without their VAT: 100,00 € + 10,00 €.
      expect(order.itemsTotal).toBe(10000 + 1000);
      expect(order.total).toBe(Number(cart.totals.total_price));
      expect(order.total).toBeLessThan(11900 + 1070 + 2490);
      // The order mail leaves through the outbox after the commit: wait for it.
      const mailText = () =>
        mailsWith(shop.dataDir, `${order.number}`).find((m) => m.header('to')?.includes(email))
          ?.text ?? '';
      await expect.poll(mailText).toContain(t.note);
      expect(mailText()).toContain(t.detail);
      expect(mailText()).not.toContain(t.vat19);
      await context.close();
    });
  }
});
