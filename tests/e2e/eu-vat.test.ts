import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { OSS_SETTING } from '#app/domain/pricing/vat.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser } from './browser.ts';
import { fillBillingAddress, orderIdFromUrl, shopperAtCheckout } from './checkout-setup.ts';

/** A shop above the OSS threshold: consumers abroad pay their country's VAT. */
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
  await putSetting(db, OSS_SETTING, { enabled: true });
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

function shopper(lang: 'de' | 'en', width = 1280) {
  return shopperAtCheckout(browser, {
    baseURL: shop.url,
    lang,
    width,
    items: [{ id: mugId }, { id: coffeeId }],
  });
}

function austrianAddress(page: Page, lang: 'de' | 'en', email: string) {
  return fillBillingAddress(
    page,
    lang,
    {
      first_name: 'Anna',
      last_name: 'Gruber',
      address_1: 'Mariahilfer Straße 1',
      postcode: '1060',
      city: 'Wien',
      email,
    },
    { country: 'AT' },
  );
}

async function orderOf(page: Page) {
  const id = orderIdFromUrl(page);
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

describe('EU VAT at checkout', () => {
  it('switches to Austrian VAT for a consumer in Austria, from the same gross prices (en)', async () => {
    const { context, page } = await shopper('en');
    const review = page.locator('#order_review');
    await review.getByText('includes 19% VAT').waitFor();
    await austrianAddress(page, 'en', 'anna@example.at');
    await review.getByText('includes 20% VAT').waitFor();
    await review.getByText('includes 10% VAT').waitFor();
    await review.getByText('VAT of the destination country: Austria').waitFor();
    expect(await review.getByText('includes 19% VAT').count()).toBe(0);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vat-oss-review-1280.png`, fullPage: true });

    await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    await page.getByText('VAT of the destination country: Austria').waitFor();
    const order = await orderOf(page);
    expect(order.taxTreatment).toBe('destination');
    expect(order.taxCountry).toBe('AT');
    // 11 900 + 1 070 + EU shipping 1 290, gross as listed; VAT at 20 % and 10 %.
    expect(order.total).toBe(11900 + 1070 + 1290);
    expect(order.taxLines.map((l) => l.rate)).toEqual([2000, 1000]);
    expect(order.taxLines.reduce((s, l) => s + l.amount, 0)).toBe(order.totalTax);
    const mail = mailsWith(shop.dataDir, `${order.number}`).find((m) =>
      m.header('to')?.includes('anna@example.at'),
    );
    expect(mail?.text).toContain('includes 20% VAT');
    expect(mail?.text).toContain('VAT of the destination country: Austria');
    await context.close();
  });

  it('charges a business in Austria with a VAT ID net, as reverse charge (de, 390 px)', async () => {
    const { context, page, nonce } = await shopper('de', 390);
    const review = page.locator('#order_review');
    await austrianAddress(page, 'de', 'einkauf@firma.at');
    const vatId = page.getByRole('textbox', { name: /^USt-IdNr\./ });
    await review.getByText('enthaltene MwSt. 20\u00a0%').waitFor();
    // An id that does not fit Austria changes nothing and is refused when ordering.
    await vatId.fill('ATU 1234567');
    await vatId.blur();
    await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check();
    await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page
      .getByRole('alert')
      .getByText(/USt-IdNr\. hat nicht das Format/)
      .first()
      .waitFor();
    expect(await review.getByText('Steuerschuldnerschaft des Leistungsempfängers').count()).toBe(0);
    await vatId.fill('ATU12345678');
    await vatId.blur();
    await review.getByText('Steuerschuldnerschaft des Leistungsempfängers').waitFor();
    await review.getByText('USt-IdNr. des Kunden: ATU12345678').waitFor();
    expect(await review.getByText(/enthaltene MwSt\. (19|20|10)/).count()).toBe(0);
    await expectNoAxeViolations(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/vat-reverse-charge-390.png`, fullPage: true });

    // The Store API says the same about the session's cart.
    const cart = await (await page.request.get('/wc/store/v1/cart', { headers: { nonce } })).json();
    expect(cart.extensions.germanized).toEqual({
      tax_treatment: 'reverse_charge',
      tax_country: 'AT',
      vat_id: 'ATU12345678',
      tax_note: 'Steuerschuldnerschaft des Leistungsempfängers',
    });
    expect(cart.totals.total_tax).toBe('0');
    expect(cart.totals.tax_lines).toEqual([]);

    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    const order = await orderOf(page);
    expect(order.taxTreatment).toBe('reverse_charge');
    expect(order.billingAddress.vat_id).toBe('ATU12345678');
    expect(order.totalTax).toBe(0);
    expect(order.taxLines).toEqual([]);
    // Net of German VAT: 10 000 + 1 000 + shipping 1 084 (1 290 split over 19 % and 7 %).
    expect(order.total).toBe(Number(cart.totals.total_price));
    expect(order.total).toBeLessThan(11900 + 1070 + 1290);
    await page.getByText('Steuerschuldnerschaft des Leistungsempfängers').first().waitFor();
    const mail = mailsWith(shop.dataDir, `${order.number}`).find((m) =>
      m.header('to')?.includes('einkauf@firma.at'),
    );
    expect(mail?.text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(mail?.text).toContain('ATU12345678');
    await context.close();
  });

  it('refuses hostile VAT IDs through the Store API with a 400, never a crash', async () => {
    const { context, page, nonce } = await shopper('en');
    const billing = {
      first_name: 'A',
      last_name: 'B',
      address_1: 'Weg 1',
      postcode: '1060',
      city: 'Wien',
      country: 'AT',
      email: 'a@example.at',
    };
    for (const vatId of [
      'ATU1234567\u0000',
      'x'.repeat(10_000),
      ['ATU12345678'],
      12345678,
      'DE123456789',
    ]) {
      const res = await page.request.post('/wc/store/v1/checkout', {
        headers: { nonce },
        data: {
          billing_address: { ...billing, vat_id: vatId },
          payment_method: 'bacs',
          additional_fields: { terms: true },
        },
      });
      expect(res.status(), JSON.stringify(vatId).slice(0, 40)).toBe(400);
    }
    await context.close();
  });
});
