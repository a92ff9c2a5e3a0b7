import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** A shop manager ships orders with tracking and prints packing slips. */
let shop: TestShop;
let browser: Browser;
let productIds: number[];

beforeAll(async () => {
  shop = await startTestShop();
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Kerze', en: 'Candle' },
  });
  const wick = await createProduct(shop.database.db, { name: { de: 'Docht', en: 'Wick' } });
  productIds = [product.id, wick.product.id];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A paid order: two of the first line, one of the second. */
async function paidOrder() {
  const db = shop.database.db;
  const order = await createOrder(db, { productIds, email: 'paket@example.org' });
  const [first] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await db
    .update(orderItems)
    .set({ quantity: 2, sku: 'KRZ-2' })
    .where(eq(orderItems.id, first!.id));
  return order;
}

const managerContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width);

const statusOf = async (id: number) =>
  (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

const TEXT = {
  en: {
    section: 'Shipments',
    carrier: 'Carrier (required)',
    number: 'Tracking number (required)',
    submit: 'Create shipment and notify customer',
    done: 'Shipment created.',
    all: 'Every item of this order has been shipped.',
    slip: 'Print packing slip',
    summary: 'Please correct the following:',
  },
  de: {
    section: 'Sendungen',
    carrier: 'Versanddienstleister (Pflichtfeld)',
    number: 'Sendungsnummer (Pflichtfeld)',
    submit: 'Sendung anlegen und Kunden benachrichtigen',
    done: 'Die Sendung wurde angelegt.',
    all: 'Alle Artikel dieser Bestellung sind versendet.',
    slip: 'Lieferschein drucken',
    summary: 'Bitte korrigieren Sie Folgendes:',
  },
} as const;

describe('shipments in the back office', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`ships an order in two parcels with tracking (${lang})`, async () => {
      const text = TEXT[lang];
      const order = await paidOrder();
      const context = await managerContext(lang);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      const section = page.getByRole('region', { name: text.section });
      await section.waitFor();
      const form = section.getByRole('form');

      // A wrong number is refused at its field, and the summary takes the focus.
      await form.getByLabel(text.carrier).selectOption('dpd');
      await form.getByLabel(text.number).fill('12345');
      await form.getByRole('button', { name: text.submit }).click();
      const summary = page.getByRole('alert').filter({ hasText: text.summary });
      await summary.waitFor();
      await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
      const number = form.getByLabel(text.number);
      expect(await number.getAttribute('aria-invalid')).toBe('true');

      // One candle now, with DPD.
      const quantities = form.getByRole('spinbutton');
      await quantities.nth(0).fill('1');
      await quantities.nth(1).fill('0');
      await number.fill('0123 4567 8901 23');
      await form.getByRole('button', { name: text.submit }).click();
      await page.getByText(text.done).waitFor();
      const link = section.getByRole('link', { name: '01234567890123' });
      expect(await link.getAttribute('href')).toBe(
        'https://tracking.dpd.de/status/de_DE/parcel/01234567890123',
      );
      expect(await statusOf(order.id)).toBe('processing');
      await shoot(page, `shipments-partial-${lang}-1280`);

      // The rest with UPS: prefilled with what is left; the order completes.
      await form.getByLabel(text.carrier).selectOption('ups');
      await form.getByLabel(text.number).fill('1Z999AA10123456784');
      await form.getByRole('button', { name: text.submit }).click();
      await section.getByText(text.all).waitFor();
      await section.getByRole('link', { name: '1Z999AA10123456784' }).waitFor();
      expect(await statusOf(order.id)).toBe('completed');
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it('ships with the keyboard alone', async () => {
    const order = await paidOrder();
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const carrier = page.getByLabel(TEXT.en.carrier);
    // Tab until the carrier select has the focus.
    for (let i = 0; i < 60; i += 1) {
      if (await carrier.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await carrier.evaluate((el) => el === document.activeElement)).toBe(true);
    // DHL is preselected: on to the number.
    await page.keyboard.press('Tab');
    await page.keyboard.type('JJD000390007882624925');
    await page.keyboard.press('Enter');
    await page.getByText(TEXT.en.done).waitFor();
    await page.getByRole('link', { name: 'JJD000390007882624925' }).waitFor();
    expect(await statusOf(order.id)).toBe('completed');
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`has no axe violations at ${width} px, form and packing slip`, async () => {
      const order = await paidOrder();
      const context = await managerContext('de', width);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      await page.getByRole('region', { name: TEXT.de.section }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `shipments-form-de-${width}`);
      // With errors shown.
      await page.getByLabel(TEXT.de.number).fill('');
      await page.getByRole('button', { name: TEXT.de.submit }).click();
      await page.getByRole('alert').filter({ hasText: TEXT.de.summary }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: TEXT.de.slip }).click();
      await page.getByRole('heading', { level: 2, name: `Lieferschein ${order.number}` }).waitFor();
      await page.getByRole('button', { name: 'Drucken' }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `packing-slip-de-${width}`);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).toBe(false);
      await shoot(page, `packing-slip-print-${width}`);
      await context.close();
    });
  }

  it('prints several packing slips, each on its own page', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto(`/admin/orders/packing-slips?ids=${a.id},${b.id}`);
    await waitForHydration(page);
    const slips = page.getByRole('article');
    expect(await slips.count()).toBe(2);
    await page.emulateMedia({ media: 'print' });
    const breaks = await slips.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).breakAfter),
    );
    expect(breaks).toEqual(['page', 'auto']);
    const pdf = await page.pdf({ format: 'A4' });
    // Two slips, two pages.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
    await context.close();
  });
});
