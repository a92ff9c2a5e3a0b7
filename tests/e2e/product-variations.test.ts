import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { SWATCH_SETTINGS_KEY } from '#app/domain/catalog/swatch-settings.view.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import type { newContext } from './browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration, openPage } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  de: {
    add: 'In den Warenkorb',
    makeSelection:
      'Bitte wählen Sie die Produktoptionen aus, bevor Sie den Artikel in den Warenkorb legen.',
    unavailable:
      'Dieses Produkt ist leider nicht verfügbar. Bitte wählen Sie eine andere Kombination.',
    noMatch:
      'Leider passt kein Produkt zu Ihrer Auswahl. Bitte wählen Sie eine andere Kombination.',
  },
  en: {
    add: 'Add to cart',
    makeSelection: 'Please select some product options before adding this product to your cart.',
    unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
    noMatch: 'Sorry, no products matched your selection. Please choose a different combination.',
  },
};

const open = (path: string, options: Parameters<typeof newContext>[1] = {}) =>
  openPage(browser, path, options);

const group = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: new RegExp(`^${name}`) });
const swatch = (page: Page, groupName: string, term: string) =>
  group(page, groupName).getByRole('radio', { name: term, exact: true });

async function waitForAttribute(locator: Locator, name: string, value: string | null) {
  await locator
    .page()
    .waitForFunction(([el, n, v]) => (el as Element).getAttribute(n as string) === v, [
      await locator.elementHandle(),
      name,
      value,
    ] as const);
}

describe('variation swatches on the demo T-shirt', () => {
  it('marks no-stock and disabled swatches, clears on reselect, resets, and adds the choice', async () => {
    const { context, page } = await open('/product/basic-tshirt-bio');
    const add = page.getByRole('button', { name: TEXTS.de.add });

    // Needs a selection: the button says so when pressed.
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps it focusable and clickable, for the alert that says why.
    await add.click({ force: true });
    await page.getByRole('alert').filter({ hasText: TEXTS.de.makeSelection }).waitFor();

    // Red XL is sold out: with XL chosen, red is marked and cannot be chosen, with a tooltip.
    await swatch(page, 'Größe', 'XL').click();
    const red = swatch(page, 'Farbe', 'Rot');
    await waitForAttribute(red, 'aria-disabled', 'true');
    expect(await red.getAttribute('class')).toContain('swatch-no-stock');
    const tooltipId = await red.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${tooltipId}"]`).textContent()).toBe('Nicht vorrätig');
    await red.hover();
    await page.getByRole('tooltip', { name: 'Nicht vorrätig' }).waitFor();
    await red.click({ force: true });
    expect(await red.getAttribute('aria-checked')).toBe('false');

    // White XL: the button is enabled; stock is plenty, so no "only n left".
    await swatch(page, 'Farbe', 'Weiß').click();
    await waitForAttribute(add, 'aria-disabled', null);
    await group(page, 'Farbe: Weiß').waitFor();

    // Clear-on-reselect (on by default): white again clears the colour.
    await swatch(page, 'Farbe', 'Weiß').click();
    await waitForAttribute(swatch(page, 'Farbe', 'Weiß'), 'aria-checked', 'false');
    expect(await add.getAttribute('aria-disabled')).toBe('true');

    // Keyboard: arrows move through the sizes and choose them.
    await swatch(page, 'Größe', 'XL').focus();
    await page.keyboard.press('ArrowLeft');
    await waitForAttribute(swatch(page, 'Größe', 'L'), 'aria-checked', 'true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('L');

    // Reset clears everything.
    await page.getByRole('button', { name: 'Auswahl zurücksetzen' }).click();
    await waitForAttribute(swatch(page, 'Größe', 'L'), 'aria-checked', 'false');
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);

    // White S has 2 left: at or below the threshold, the stock line says so.
    await swatch(page, 'Farbe', 'Weiß').click();
    await swatch(page, 'Größe', 'S').click();
    await page.getByText('Nur noch 2 auf Lager').waitFor();
    await expectNoAxeViolations(page);
    await add.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'wurde Ihrem Warenkorb hinzugefügt' })
      .waitFor();
    await context.close();
  });

  it('works without JavaScript: selects post the choice and the server resolves it', async () => {
    const { context, page } = await open('/product/basic-tshirt-bio', { javaScript: false });
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    // Red XL is sold out: the server refuses it with its reason.
    await page.getByLabel('Farbe').selectOption('rot');
    await page.getByLabel('Größe').selectOption('xl');
    await page.getByRole('button', { name: TEXTS.de.add }).click();
    await page.getByText('ist leider nicht vorrätig').waitFor();
    await page.getByLabel('Farbe').selectOption('weiss');
    await page.getByLabel('Größe').selectOption('m');
    await page.getByRole('button', { name: TEXTS.de.add }).click();
    await page.getByText('wurde Ihrem Warenkorb hinzugefügt').waitFor();
    expect(await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).count()).toBe(1);
    await context.close();
  });
});

describe('ajax-variation mode on the demo sneakers', () => {
  it('asks get_variation for each complete choice and disables nothing', async () => {
    const { context, page } = await open('/product/sneaker-stadtlaeufer', { lang: 'en' });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/wc-ajax/get_variation')) asked.push(r.postData() ?? '');
    });
    const add = page.getByRole('button', { name: TEXTS.en.add });
    expect(await page.locator('.swatch[aria-disabled="true"]').count()).toBe(0);

    // Blue in 38 is not offered at all.
    await swatch(page, 'Colour', 'Blue').click();
    await swatch(page, 'Shoe size', '38').click();
    await page.getByRole('alert').filter({ hasText: TEXTS.en.noMatch }).waitFor();
    expect(asked).toHaveLength(1);
    expect(new URLSearchParams(asked[0]).get('attribute_shoe-size')).toBe('38');
    expect(new URLSearchParams(asked[0]).get('product_id')).toMatch(/^\d+$/);
    expect(new URLSearchParams(asked[0]).has('custom_data')).toBe(true);

    // Black 44 is sold out; still nothing disabled.
    await swatch(page, 'Colour', 'Black').click();
    await swatch(page, 'Shoe size', '44').click();
    await page.getByRole('alert').filter({ hasText: TEXTS.en.unavailable }).waitFor();
    expect(await page.locator('.swatch[aria-disabled="true"]').count()).toBe(0);
    expect(await add.getAttribute('aria-disabled')).toBe('true');

    await swatch(page, 'Shoe size', '40').click();
    await waitForAttribute(add, 'aria-disabled', null);
    expect(asked.length).toBe(4);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('carries no variations in the page and shows the chosen one from its answer', async () => {
    const { context, page } = await open('/product/sneaker-stadtlaeufer', { lang: 'en' });
    // The structured data still lists every offer; the page's own data holds none of them.
    const shipped = await page.evaluate(() => {
      const { loaderData } = (
        window as unknown as {
          __reactRouterDataRouter: { state: { loaderData: Record<string, unknown> } };
        }
      ).__reactRouterDataRouter.state;
      const { product } = loaderData['routes/product'] as {
        product: { variations: unknown[]; variationCount: number };
      };
      return { variations: product.variations.length, count: product.variationCount };
    });
    expect(shipped).toEqual({ variations: 0, count: 31 });
    const mainPicture = page.locator('.gallery-main > img').first();
    const before = await mainPicture.getAttribute('src');

    await swatch(page, 'Colour', 'Green').click();
    await swatch(page, 'Shoe size', '40').click();
    await page.getByText('SKU: LZ-SNE-STL-GRUEN-40').waitFor();
    await page.getByText('5–7 working days').first().waitFor();
    expect(await mainPicture.getAttribute('src')).not.toBe(before);

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByText('SKU: LZ-SNE-STL', { exact: true }).waitFor();
    expect(await mainPicture.getAttribute('src')).toBe(before);
    await context.close();
  });

  it('re-reads the selects into the swatches after a background call', async () => {
    const { context, page } = await open('/product/sneaker-stadtlaeufer');
    // Something other than the swatches (a script, a restored form) sets the select.
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('select[name="attribute_color"]')!;
      select.value = 'gruen';
    });
    expect(await swatch(page, 'Farbe', 'Grün').getAttribute('aria-checked')).toBe('false');
    await page.evaluate(() => fetch('/wc/store/v1/cart').then((r) => r.text()));
    await waitForAttribute(swatch(page, 'Farbe', 'Grün'), 'aria-checked', 'true');
    await context.close();
  });
});

describe('quantity', () => {
  it('steps fabric by half metres within its limits and keeps the decimals', async () => {
    const { context, page } = await open('/product/leinenstoff-natur');
    const quantity = page.getByRole('spinbutton', { name: 'Menge', exact: true });
    expect(await quantity.inputValue()).toBe('0.5');
    const more = page.getByRole('button', { name: 'Menge erhöhen' });
    const less = page.getByRole('button', { name: 'Menge verringern' });
    await more.click();
    await more.click();
    expect(await quantity.inputValue()).toBe('1.5');
    for (let i = 0; i < 4; i++) await less.click();
    expect(await quantity.inputValue()).toBe('0.5');
    await quantity.fill('19.5');
    await more.click();
    await more.click();
    expect(await quantity.inputValue()).toBe('20');
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('swatch settings', () => {
  let shop: TestShop;
  let slug: string;

  beforeAll(async () => {
    shop = await startTestShop();
    const db = shop.database.db;
    const colour = await createAttribute(db, {
      slug: 'farbe-e2e',
      name: { de: 'Farbe', en: 'Colour' },
      swatchType: 'color',
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
      ],
    });
    const size = await createAttribute(db, {
      slug: 'groesse-e2e',
      name: { de: 'Größe', en: 'Size' },
      swatchType: 'label',
      terms: [
        { slug: 's', name: { de: 'S', en: 'S' }, swatch: { label: { de: 'S', en: 'S' } } },
        { slug: 'm', name: { de: 'M', en: 'M' }, swatch: { label: { de: 'M', en: 'M' } } },
      ],
    });
    const { product } = await createProduct(db, {
      name: { de: 'Pulli', en: 'Jumper' },
      regularPrice: 5900,
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: Object.values(colour.termIds),
          usedForVariations: true,
        },
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { 'farbe-e2e': 'rot', 'groesse-e2e': 's' } },
        { attributes: { 'farbe-e2e': 'rot', 'groesse-e2e': 'm' } },
        {
          attributes: { 'farbe-e2e': 'blau', 'groesse-e2e': 'm' },
          manageStock: true,
          stockQuantity: 0,
        },
      ],
    });
    slug = product.slug!;
    await putSetting(db, SWATCH_SETTINGS_KEY, {
      clearOnReselect: false,
      deselectUnavailable: true,
      clickableOutOfStock: true,
      stockLabelThreshold: 5,
    });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('clickable out of stock, deselect unavailable, no clear on reselect', async () => {
    const context = await browser.newContext({
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`/product/${slug}`);
    await waitForHydration(page);
    await swatch(page, 'Größe', 'M').click();
    // Blue exists only in M, sold out: clickable, and choosing it clears the size M, which
    // has no blue in stock.
    const blue = swatch(page, 'Farbe', 'Blau');
    expect(await blue.getAttribute('aria-disabled')).toBeNull();
    expect(await blue.getAttribute('class')).toContain('swatch-no-stock');
    await blue.click();
    await waitForAttribute(blue, 'aria-checked', 'true');
    expect(await swatch(page, 'Größe', 'M').getAttribute('aria-checked')).toBe('false');
    // Clear-on-reselect is off: a second click keeps it.
    await blue.click();
    expect(await blue.getAttribute('aria-checked')).toBe('true');
    // Blue S does not exist at all: disabled, with its tooltip, whatever the settings.
    const small = swatch(page, 'Größe', 'S');
    expect(await small.getAttribute('aria-disabled')).toBe('true');
    const tooltipId = await small.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${tooltipId}"]`).textContent()).toBe('Nicht verfügbar');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
