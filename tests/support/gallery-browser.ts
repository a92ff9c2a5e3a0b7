import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createAttribute, createCategory, createProduct } from '#db/seed/factories.ts';
import type { ProductImageSpec } from '#db/seed/art/product-svg.ts';
import { type TestShop, startTestShop } from './shop.ts';
import { launchBrowser } from '../e2e/browser.ts';

// The gallery needs products with pictures of its own (a video, a variation picture, a picture
// whose full size is missing), so each gallery test file runs a shop whose database the
// factories can write.
export let shop: TestShop;

export let browser: Browser;

export const mediaDir = () => path.join(shop.dataDir, 'media');

export function picture(key: string, title: string, view: number, alt: string) {
  const spec: ProductImageSpec = {
    key,
    title,
    color: '#2f5e8e',
    accent: '#f4c95d',
    motif: 'tshirt',
    view,
  };
  return { spec, alt: { de: `${alt} (de)`, en: `${alt} (en)` } };
}

/**
 * A variable shirt with three pictures (the third the poster of a YouTube video) and a red
 * variation with a picture of its own; names and picture keys unique to the test.
 */
export async function galleryProduct(label: string) {
  const tag = `${label}-${randomBytes(3).toString('hex')}`;
  const category = await createCategory(shop.database.db, {
    name: { de: `Kategorie ${tag}`, en: `Category ${tag}` },
  });
  const colour = await createAttribute(shop.database.db, {
    slug: `farbe-${tag}`,
    name: { de: 'Farbe', en: 'Colour' },
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
    ],
  });
  const name = `Galeriehemd ${tag}`;
  const created = await createProduct(
    shop.database.db,
    {
      name: { de: name, en: name },
      regularPrice: 2500,
      categoryIds: [category.id],
      imageSpecs: [
        picture(`${tag}-a`, name, 0, 'Vorderseite'),
        picture(`${tag}-b`, name, 1, 'Rückseite'),
        {
          ...picture(`${tag}-c`, name, 2, 'Film'),
          video: { provider: 'youtube', id: 'aqz-KE-bpKQ' },
        },
      ],
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: [colour.termIds.rot!, colour.termIds.blau!],
          usedForVariations: true,
        },
      ],
      variations: [
        {
          attributes: { [colour.attribute.slug]: 'rot' },
          imageSpec: picture(`${tag}-rot`, `${name} Rot`, 0, 'Rot'),
        },
        { attributes: { [colour.attribute.slug]: 'blau' } },
      ],
    },
    { mediaDir: mediaDir() },
  );
  return {
    ...created,
    name,
    tag,
    url: `/product/${created.product.slug}`,
    categoryUrl: `/product-category/${category.slug}`,
    select: `select[name="attribute_${colour.attribute.slug}"]`,
  };
}

export async function open(
  url: string,
  options: { javaScript?: boolean; width?: number; lang?: 'de' | 'en'; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    hasTouch: options.touch ?? false,
    baseURL: shop.url,
  });
  if (options.lang)
    await context.addCookies([{ name: 'lang', value: options.lang, url: shop.url }]);
  // A returning shopper who chose already: the consent banner would move the pictures down.
  await context.addCookies([{ name: 'cookie_consent', value: 'refuse', url: shop.url }]);
  const page = await context.newPage();
  await page.goto(url);
  if (options.javaScript ?? true) {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await page.waitForLoadState('networkidle');
  }
  return { context, page };
}

export const mainLink = (page: Page) => page.locator('.gallery-main');

export const mainSrc = (page: Page) =>
  page.locator('.gallery-main > img').first().getAttribute('src');

export const lightbox = (page: Page) => page.locator('.pswp');

export const counter = (page: Page) => page.locator('.pswp__counter');

export const hashOf = (page: Page) => page.evaluate(() => window.location.hash);

/**
 * The lightbox, if open, has finished opening (it then takes focus) and its fades have run:
 * mid-fade its controls are translucent, which no contrast check wants.
 */
export const lightboxSettled = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.querySelector('.pswp');
    if (!root) return true;
    // Transitions only: a loading indicator's endless spin is no fade.
    const fading = root
      .getAnimations({ subtree: true })
      .some((a) => a instanceof CSSTransition && a.playState === 'running');
    return root.contains(document.activeElement) && !fading;
  });

/** A built shop of its own and a browser for the test file. */
export function withGalleryShop() {
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });
}
