import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { createAttribute, createDeliveryTime } from '#db/seed/factories.ts';
import { browser, shop, withCheckoutShop } from '../support/checkout-browser.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { waitForHydration } from './browser.ts';
import { PLACE_TEXTS, fillBillingAddress, openCheckout } from './checkout-setup.ts';

/**
 * The catalogue's hardest product, built in the back office alone and then bought: sneakers in
 * colours and sizes with colour swatches, one combination sold out, one with its own delivery
 * time, and a picture.
 */
withCheckoutShop();

async function press(locator: Locator) {
  await locator.focus();
  await locator.page().keyboard.press('Enter');
}

async function waitForAttribute(locator: Locator, name: string, value: string | null) {
  await expect.poll(() => locator.getAttribute(name)).toBe(value);
}

const card = (page: Page, label: string) =>
  page.locator('article.variations-card').filter({
    has: page.getByRole('heading', { level: 3, name: label, exact: true }),
  });

describe('the sneakers, built in the back office', () => {
  it('are made from attributes, variations, swatches and a picture, and a shopper buys one', async () => {
    const tag = randomBytes(3).toString('hex');
    const db = shop.database.db;
    await createAttribute(db, {
      slug: `farbe-${tag}`,
      name: { de: `Farbe ${tag}`, en: `Colour ${tag}` },
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#c0392b' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#1f4e9c' } },
      ],
    });
    await createAttribute(db, {
      slug: `groesse-${tag}`,
      name: { de: `Größe ${tag}`, en: `Size ${tag}` },
      terms: [
        { slug: '42', name: { de: '42', en: '42' } },
        { slug: '43', name: { de: '43', en: '43' } },
      ],
    });
    const slow = `10–14 Werktage ${tag}`;
    await createDeliveryTime(db, { slug: `langsam-${tag}`, label: { de: slow, en: slow } });

    const context = await staffContext(browser, shop, 'de', 1280);
    const page = await context.newPage();

    // The product: variable, published, a price its variations inherit.
    await page.goto('/admin/products/new');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: /^Produktart/ }).selectOption('variable');
    await page.getByRole('textbox', { name: /^Name \(deutsch\)/ }).fill(`Sneaker ${tag}`);
    await page.getByRole('textbox', { name: /^Regulärer Preis/ }).fill('89,90');
    await page.getByRole('combobox', { name: /^Status/ }).selectOption('publish');
    await press(page.getByRole('button', { name: 'Produkt speichern' }));
    await page.waitForURL(/\/admin\/products\/\d+\?saved=1$/);
    const id = Number(/products\/(\d+)/.exec(page.url())![1]);

    // Its attributes, from the variations tab.
    await press(page.getByRole('link', { name: 'Varianten', exact: true }));
    await page.waitForURL(`**/admin/products/${id}/variations`);
    await waitForHydration(page);
    // Each save is sent against the version the form was filled in on: the next one waits
    // until the page holds the version the last save made.
    const version = () =>
      page.locator('form.variations-attributes input[name="version"]').inputValue();
    const saveAttributes = async () => {
      const before = await version();
      await press(page.getByRole('button', { name: 'Eigenschaften speichern' }));
      await expect.poll(version).not.toBe(before);
    };
    for (const name of [`Farbe ${tag}`, `Größe ${tag}`]) {
      await page
        .getByRole('combobox', { name: 'Eigenschaft hinzufügen' })
        .selectOption({ label: name });
      await saveAttributes();
      const attribute = page.getByRole('group', { name });
      await attribute.waitFor();
      const terms = name.startsWith('Farbe') ? ['Rot', 'Blau'] : ['42', '43'];
      for (const term of terms)
        await attribute.getByRole('checkbox', { name: term, exact: true }).check();
      await attribute.getByRole('checkbox', { name: 'Für Varianten verwenden' }).check();
      await saveAttributes();
      await expect
        .poll(() => attribute.getByRole('checkbox', { name: terms[1]!, exact: true }).isChecked())
        .toBe(true);
    }

    // Colour swatches for the colour, labels for the size.
    await page
      .getByRole('combobox', { name: `Darstellung von Farbe ${tag}` })
      .selectOption('color');
    await page
      .getByRole('combobox', { name: `Darstellung von Größe ${tag}` })
      .selectOption('label');
    await press(page.getByRole('button', { name: 'Auswahlfelder speichern' }));
    await expect
      .poll(() => page.getByRole('combobox', { name: `Darstellung von Farbe ${tag}` }).inputValue())
      .toBe('color');

    // All four combinations.
    await press(page.getByRole('button', { name: 'Alle fehlenden Varianten anlegen' }));
    await expect.poll(() => page.locator('article.variations-card').count()).toBe(4);

    // Blue 43 sold out; red 42 with its own delivery time.
    const blue43 = card(page, 'Blau / 43');
    await blue43.getByRole('checkbox', { name: 'Eigener Bestand' }).check();
    await blue43.getByRole('textbox', { name: 'Bestand', exact: true }).fill('0');
    await press(blue43.getByRole('button', { name: 'Blau / 43 speichern' }));
    await expect
      .poll(async () => {
        const rows = await db.select().from(products).where(eq(products.parentId, id));
        return rows.find(
          (r) =>
            r.variationAttributes?.[`groesse-${tag}`] === '43' &&
            r.variationAttributes?.[`farbe-${tag}`] === 'blau',
        )?.stockQuantity;
      })
      .toBe(0);
    const red42 = card(page, 'Rot / 42');
    await red42.getByRole('combobox', { name: 'Lieferzeit' }).selectOption({ label: slow });
    await press(red42.getByRole('button', { name: 'Rot / 42 speichern' }));
    await expect
      .poll(async () => {
        const rows = await db.select().from(products).where(eq(products.parentId, id));
        return rows.filter((r) => r.deliveryTimeId !== null).length;
      })
      .toBe(1);
    await shoot(page, 'admin-sneakers-variations');

    // A picture, uploaded on the pictures tab.
    await press(page.getByRole('link', { name: 'Bilder', exact: true }));
    await page.waitForURL(`**/admin/products/${id}/pictures`);
    await waitForHydration(page);
    const picture = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel(/^Bilddateien/)
      .setInputFiles({ name: 'sneaker-rot.png', mimeType: 'image/png', buffer: picture });
    await press(page.getByRole('button', { name: 'Bilder hochladen' }));
    await expect
      .poll(async () => {
        const [row] = await db.select().from(products).where(eq(products.id, id));
        return row!.imageId;
      })
      .not.toBeNull();
    await context.close();

    // The shopper: swatches, the sold-out combination, the own delivery time, the order.
    const [product] = await db.select().from(products).where(eq(products.id, id));
    const shopper = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await shopper.addCookies([
      { name: 'lang', value: 'de', url: shop.url },
      { name: 'cookie_consent', value: 'refuse', url: shop.url },
    ]);
    const store = await shopper.newPage();
    await store.goto(`/product/${product!.slug}`);
    await waitForHydration(store);
    await store.getByRole('heading', { level: 1, name: `Sneaker ${tag}` }).waitFor();
    const swatch = (group: string, term: string) =>
      store
        .getByRole('radiogroup', { name: new RegExp(`^${group}`) })
        .getByRole('radio', { name: term, exact: true });
    expect(await store.locator('.swatch-color').count()).toBeGreaterThanOrEqual(2);
    await swatch(`Größe ${tag}`, '43').click();
    await waitForAttribute(swatch(`Farbe ${tag}`, 'Blau'), 'aria-disabled', 'true');
    await swatch(`Größe ${tag}`, '42').click();
    await swatch(`Farbe ${tag}`, 'Rot').click();
    await store.getByText(slow).first().waitFor();
    const add = store.getByRole('button', { name: 'In den Warenkorb' });
    await waitForAttribute(add, 'aria-disabled', null);
    await add.click();
    await store
      .getByRole('status')
      .filter({ hasText: 'wurde Ihrem Warenkorb hinzugefügt' })
      .waitFor();
    await shoot(store, 'admin-sneakers-product');

    await openCheckout(store);
    await fillBillingAddress(store, 'de', { email: `sneaker-${tag}@example.org` });
    await store.getByRole('radio', { name: PLACE_TEXTS.de.bankTransfer }).check();
    await store.getByRole('checkbox', { name: PLACE_TEXTS.de.terms }).check();
    await store.getByRole('button', { name: PLACE_TEXTS.de.buy }).click();
    await store.getByText(PLACE_TEXTS.de.received).waitFor();

    const [line] = await db
      .select({ productId: orderItems.productId, variationId: orderItems.variationId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(sql`${orders.billingAddress} ->> 'email'`, `sneaker-${tag}@example.org`));
    const [sold] = await db.select().from(products).where(eq(products.id, line!.variationId!));
    expect(line!.productId).toBe(id);
    expect(sold!.variationAttributes).toEqual({
      [`farbe-${tag}`]: 'rot',
      [`groesse-${tag}`]: '42',
    });
    await shopper.close();
  });
});
