import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_SETTINGS_KEY } from '#app/domain/catalog/gallery-settings.view.ts';
import { SWATCH_SETTINGS_KEY } from '#app/domain/catalog/swatch-settings.view.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createAttribute, createImage, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  launchBrowser,
  waitForHydration,
} from './browser.ts';

/** The catalog and product page section of the settings area, in a shop of its own. */
let shop: TestShop;
let browser: Browser;
let slug: string;
const ATTRIBUTE = 'farbe-ce';

beforeAll(async () => {
  shop = await startTestShop();
  browser = await launchBrowser();
  const db = shop.database.db;
  const colour = await createAttribute(db, {
    slug: ATTRIBUTE,
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
    ],
  });
  const picture = await createImage(db, {
    rendered: {
      key: 'leinenhemd-ce',
      width: 1200,
      height: 1200,
      sizes: [
        { name: 'large', width: 800, height: 800 },
        { name: 'full', width: 1200, height: 1200 },
      ],
    },
    alt: { de: 'Leinenhemd', en: 'Linen shirt' },
  });
  const made = await createProduct(db, {
    name: { de: 'Leinenhemd', en: 'Linen shirt' },
    regularPrice: 4900,
    images: [picture.id],
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: Object.values(colour.termIds),
        usedForVariations: true,
      },
    ],
    variations: [{ attributes: { [ATTRIBUTE]: 'rot' } }, { attributes: { [ATTRIBUTE]: 'blau' } }],
  });
  slug = made.product.slug!;
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: { saved: 'Die Einstellungen wurden gespeichert.', changes: 'Letzte Änderungen', red: 'Rot' },
  en: { saved: 'The settings have been saved.', changes: 'Recent changes', red: 'Red' },
} as const;

/** How many variations the product page holds in its own data (none in ajax-variation mode). */
const variationsInPage = (page: Page) =>
  page.evaluate(() => {
    const { loaderData } = (
      window as unknown as {
        __reactRouterDataRouter: { state: { loaderData: Record<string, unknown> } };
      }
    ).__reactRouterDataRouter.state;
    return (loaderData['routes/product'] as { product: { variations: unknown[] } }).product
      .variations.length;
  });

describe('ajax-variation threshold', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`is lowered in the back office and the product page asks for each choice (${lang})`, async () => {
      await putSetting(shop.database.db, SWATCH_SETTINGS_KEY, {});
      const context = await staffContext(browser, shop, lang);
      const store = await context.newPage();
      await store.goto(`/product/${slug}`);
      await waitForHydration(store);
      expect(await variationsInPage(store)).toBe(2);

      const page = await context.newPage();
      await page.goto('/admin/settings/catalog');
      await waitForHydration(page);
      expect(await page.locator('#setting-ajax-threshold').inputValue()).toBe('30');
      await page.locator('#setting-ajax-threshold').fill('1');
      await page.locator('button[type="submit"]').last().click();
      await page.getByText(TEXT[lang].saved).waitFor();
      expect(await page.locator('#setting-ajax-threshold').inputValue()).toBe('1');
      const audit = page.getByRole('region', { name: TEXT[lang].changes });
      await audit
        .getByRole('row', { name: /: 30.*: 1/ })
        .first()
        .waitFor();
      await shoot(page, `admin-catalog-settings-saved-${lang}-1280`);

      // The product page now leaves its variations out and asks for the chosen one.
      const asked: string[] = [];
      store.on('request', (r) => {
        if (r.url().endsWith('/wc-ajax/get_variation')) asked.push(r.postData() ?? '');
      });
      await store.reload();
      await waitForHydration(store);
      expect(await variationsInPage(store)).toBe(0);
      await store.getByRole('radio', { name: TEXT[lang].red, exact: true }).first().click();
      await expect.poll(() => asked.length).toBe(1);
      expect(new URLSearchParams(asked[0]).get(`attribute_${ATTRIBUTE}`)).toBe('rot');
      await context.close();
    });
  }
});

describe('gallery options', () => {
  it('switches the lightbox off with the keyboard: the product picture stays on the page (en, 390 px)', async () => {
    await putSetting(shop.database.db, GALLERY_SETTINGS_KEY, {});
    const context = await staffContext(browser, shop, 'en', 390);
    const store = await context.newPage();
    await store.goto(`/product/${slug}`);
    await waitForHydration(store);
    const opener = store.getByRole('link', { name: /^Open image 1 of 1 in full screen/ });
    expect(await opener.count()).toBe(1);

    const page = await context.newPage();
    await page.goto('/admin/settings/catalog');
    await waitForHydration(page);
    const lightbox = page.getByRole('checkbox', { name: 'Fullscreen view on picture click' });
    expect(await lightbox.isChecked()).toBe(true);
    await lightbox.focus();
    await page.keyboard.press('Space');
    expect(await lightbox.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save settings' }).press('Enter');
    await page.getByText(TEXT.en.saved).waitFor();
    expect(await lightbox.isChecked()).toBe(false);
    await expectNoSidewaysScroll(page);

    await store.reload();
    await waitForHydration(store);
    expect(await opener.count()).toBe(0);
    await store.getByRole('img', { name: 'Linen shirt' }).first().click();
    expect(await store.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('the page passes axe', () => {
  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`also with a refused form (${lang}, ${width} px)`, async () => {
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/settings/catalog');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-catalog-settings-${lang}-${width}`);
      await page.locator('#setting-reveal-seconds').fill('0');
      await page.locator('button[type="submit"]').last().click();
      await page.locator('#setting-reveal-seconds-tip').waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-catalog-settings-error-${lang}-${width}`);
      await context.close();
    });
  }
});
