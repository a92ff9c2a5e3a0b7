import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import type { TestShop } from '../support/shop.ts';
import { expectNoAxeViolations, waitForHydration } from './browser.ts';
import {
  challenge,
  express,
  lastOrder,
  open,
  openSheet,
  orderTotal,
  payAndFinish,
  sheet,
  sheetTotal,
  shopper,
  simpleProduct,
  startExpressShop,
} from './express-support.ts';

/** Wallets on the product page: the sandbox's sheet, the shop's click rules and amounts. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function slugOf(id: number) {
  const [row] = await shop.database.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, id));
  return row!.slug;
}

/** A course sold as a subscription with a free trial: nothing is due today. */
async function trialCourse(name: string, trialDays: number) {
  const made = await createProduct(shop.database.db, {
    name: { de: name, en: `${name} (en)` },
    regularPrice: 690,
    digital: true,
    subscription: { period: 'month', interval: 1, trialDays, signUpFee: 0, length: null },
  });
  return made.product;
}

/** A logged-in customer's browser. */
async function customerShopper(lang: 'de' | 'en') {
  const { customer, sessionId } = await signedInCustomer(shop.database.db);
  const opened = await shopper(shop, browser, lang);
  await opened.context.addCookies([{ name: SESSION_COOKIE, value: sessionId, url: shop.url }]);
  return { customer, ...opened };
}

describe('express checkout on a product page', () => {
  it('asks for the consent first, then buys the product with Google Pay; the order total is the sheet’s', async () => {
    const product = await simpleProduct(shop, 1290, 'Kerze Express');
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${await slugOf(product.id)}`);
    const area = express(page, t);
    await area.getByRole('button', { name: t.googlePay }).click();
    // Without the consent the wallet does nothing but point at the checkbox.
    const consent = area.getByRole('checkbox', { name: t.consent });
    await expect.poll(() => consent.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => area.getByText(t.consentError).isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);

    const dialog = await openSheet(page, t);
    await expectNoAxeViolations(page);
    // The stored address (Leipzig) gets the German rates; the first one is chosen.
    await expect
      .poll(() => dialog.getByRole('radio').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(shown).toBeGreaterThanOrEqual(1290);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  // The sheet shows the shipping the order charges: the amount it pays is the order total.
  it('quantity changes reach the sheet (debounced product data)', async () => {
    const product = await simpleProduct(shop, 1000, 'Kerze Menge');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await open(page, `/product/${await slugOf(product.id)}`);
    await page.getByRole('spinbutton', { name: t.quantity }).fill('3');
    const dialog = await openSheet(page, t);
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    // The line of three, and a total of at least 3 × 10,00 €.
    await expect.poll(() => dialog.getByText('× 3').count()).toBe(1);
    expect(await sheetTotal(dialog)).toBeGreaterThanOrEqual(3000);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    expect(shown).toBeGreaterThanOrEqual(3000);
    await context.close();
  });

  it('3-D Secure that fails (de): the error in the express area, the sheet closed, no paid order', async () => {
    const product = await simpleProduct(shop, 1890, 'Kerze Sicher');
    const { context, page, t } = await shopper(shop, browser, 'de');
    await open(page, `/product/${await slugOf(product.id)}`);
    const dialog = await openSheet(page, t, 'Apple Pay');
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(0);
    await dialog.getByRole('combobox', { name: t.card }).selectOption({ label: t.card3ds });
    const pay = dialog.getByRole('button', { name: t.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await challenge(page, t).content.getByRole('button', { name: t.authFail }).click();
    await express(page, t).getByText(t.authFailed).waitFor();
    await expect.poll(() => sheet(page, t, 'Apple Pay').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/product/${await slugOf(product.id)}`);
    const order = await lastOrder(shop);
    expect(['pending', 'failed']).toContain(order!.status);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it.each([1280, 390])(
    'the server-rendered page holds the express area’s place: no layout shift (%s px)',
    async (width) => {
      const product = await simpleProduct(shop, 1490, `Kerze Ruhig ${width}`);
      const { context, page, t } = await shopper(shop, browser, 'en', width);
      await page.addInitScript(() => {
        const shifts: { value: number; below: boolean }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          }[]) {
            if (entry.hadRecentInput) continue;
            const area = document.querySelector('.express-checkout');
            // Moved by the express area: the area itself or anything after it on the page.
            const below = (entry.sources ?? []).some(
              ({ node }) =>
                !!node &&
                !!area &&
                (area === node ||
                  area.contains(node) ||
                  (area.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
            );
            shifts.push({ value: entry.value, below });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`/product/${await slugOf(product.id)}`);
      // The server's HTML already has the area, before any script ran.
      const html = await (await page.request.get(`/product/${await slugOf(product.id)}`)).text();
      expect(html).toContain('class="express-checkout is-loading"');
      await waitForHydration(page);
      const area = express(page, t);
      await area.getByRole('button', { name: t.googlePay }).waitFor();
      await expect.poll(() => area.getAttribute('class')).toBe('express-checkout');
      // One more frame, so a shift from the last change is reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const shifts = await page.evaluate(
        () => (window as unknown as { shifts: { value: number; below: boolean }[] }).shifts,
      );
      expect(shifts.filter((s) => s.below)).toEqual([]);
      await context.close();
    },
  );

  it('a failed add to cart still opens the sheet, then aborts with the error after a second', async () => {
    // A download: the sheet asks for no address, so Pay is open at once.
    const product = (
      await createProduct(shop.database.db, {
        name: { de: 'Hörbuch', en: 'Audio book' },
        regularPrice: 1500,
        digital: true,
        manageStock: true,
        stockQuantity: 5,
      })
    ).product;
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${await slugOf(product.id)}`);
    // Sold out after the page was shown: the cart refuses it.
    await shop.database.db
      .update(products)
      .set({ stockQuantity: 0, stockStatus: 'outofstock' })
      .where(eq(products.id, product.id));
    // A download needs the second consent too; without it the wallet points at its box.
    const area = express(page, t);
    await page.getByRole('checkbox', { name: t.consent }).check();
    await area.getByRole('button', { name: t.googlePay }).click();
    const digital = area.getByRole('checkbox', { name: t.digital });
    await expect.poll(() => digital.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await digital.getAttribute('aria-invalid')).toBe('true');
    await area.getByText(t.digitalError).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);
    await digital.check();
    const dialog = await openSheet(page, t);
    await dialog.getByRole('button', { name: t.pay }).click();
    await expect
      .poll(() =>
        express(page, t).getByText('There was an error adding the product to the cart.').count(),
      )
      .toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.url()).toContain('/product/');
    await context.close();
  });

  // A variation's sheet asks for the address and shows its shipping (it once showed 2,700 and
  // the order charged 3,190).
  it('variable product: hidden until a variation is chosen; the variation is bought', async () => {
    const db = shop.database.db;
    const colour = await createAttribute(db, {
      slug: 'farbe-express',
      name: { de: 'Farbe', en: 'Colour' },
      swatchType: 'select',
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      ],
    });
    const { product } = await createProduct(db, {
      name: { de: 'Schal', en: 'Scarf' },
      regularPrice: 2500,
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: Object.values(colour.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { 'farbe-express': 'rot' }, regularPrice: 2500 },
        { attributes: { 'farbe-express': 'blau' }, regularPrice: 2700 },
      ],
    });
    const { context, page, t } = await shopper(shop, browser, 'en');
    await open(page, `/product/${product.slug}`);
    expect(await express(page, t).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Colour' }).selectOption('blau');
    await express(page, t).waitFor();
    const dialog = await openSheet(page, t);
    await expect.poll(() => sheetTotal(dialog)).toBeGreaterThanOrEqual(2700);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(await orderTotal(shop, orderId)).toBe(shown);
    await context.close();
  });

  it('a free trial (de): a logged-out shopper is asked to log in; a customer sets up the wallet’s card and is charged nothing', async () => {
    const product = await trialCourse('Barista-Kurs Express', 14);
    const guest = await shopper(shop, browser, 'de');
    await open(guest.page, `/product/${product.slug}`);
    const asked: string[] = [];
    guest.page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await express(guest.page, guest.t).getByRole('button', { name: guest.t.googlePay }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('Google Pay');
    expect(await sheet(guest.page, guest.t).count()).toBe(0);
    await guest.context.close();

    const { customer, context, page, t } = await customerShopper('de');
    await open(page, `/product/${product.slug}`);
    const area = express(page, t);
    await area.getByRole('checkbox', { name: t.digital }).check();
    const dialog = await openSheet(page, t);
    const { shown, orderId } = await payAndFinish(page, dialog, t);
    expect(shown).toBe(0);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ total: 0, customerId: customer.id, status: 'processing' });
    expect(order!.setupIntentId).toMatch(/^seti_/);
    expect(order!.paymentIntentId).toBeNull();
    const [subscription] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.parentOrderId, orderId));
    expect(subscription).toMatchObject({
      customerId: customer.id,
      manualRenewal: false,
      status: 'active',
    });
    expect(subscription!.stripePaymentMethodId).toMatch(/^pm_/);
    expect(subscription!.trialEndAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    await context.close();
  });

  it('a free trial whose wallet card asks for 3-D Secure (en): set up after the challenge', async () => {
    const product = await trialCourse('Barista-Kurs Sicher', 7);
    const { context, page, t } = await customerShopper('en');
    await open(page, `/product/${product.slug}`);
    await express(page, t).getByRole('checkbox', { name: t.digital }).check();
    const dialog = await openSheet(page, t, 'Apple Pay');
    await dialog.getByRole('combobox', { name: t.card }).selectOption({ label: t.card3ds });
    const pay = dialog.getByRole('button', { name: t.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    await challenge(page, t).content.getByRole('button', { name: t.authComplete }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+/);
    const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
    const [subscription] = await shop.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.parentOrderId, orderId));
    expect(subscription!.status).toBe('active');
    expect(subscription!.stripePaymentMethodId).toMatch(/^pm_/);
    expect(await orderTotal(shop, orderId)).toBe(0);
    await context.close();
  });
});
