import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages } from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createCategory, createProduct } from '#db/seed/factories.ts';
import type { ProductImageSpec } from '#db/seed/art/product-svg.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { launchChromium } from '../support/chromium.ts';
import { expectNoAxeViolations } from './browser.ts';

// The gallery needs products with pictures of its own (a video, a variation picture, a picture
// whose full size is missing), so this file runs a shop whose database the factories can write.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startTestShop(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const mediaDir = () => path.join(shop.dataDir, 'media');

function picture(key: string, title: string, view: number, alt: string) {
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
async function galleryProduct(label: string) {
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

async function open(
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
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    await page.waitForLoadState('networkidle');
  }
  return { context, page };
}

const mainLink = (page: Page) => page.locator('.gallery-main');
const mainSrc = (page: Page) => page.locator('.gallery-main > img').first().getAttribute('src');
const lightbox = (page: Page) => page.locator('.pswp');
const counter = (page: Page) => page.locator('.pswp__counter');
const hashOf = (page: Page) => page.evaluate(() => window.location.hash);
/**
 * The lightbox, if open, has finished opening (it then takes focus) and its fades have run:
 * mid-fade its controls are translucent, which no contrast check wants.
 */
const lightboxSettled = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.querySelector('.pswp');
    if (!root) return true;
    // Transitions only: a loading indicator's endless spin is no fade.
    const fading = root
      .getAnimations({ subtree: true })
      .some((a) => a instanceof CSSTransition && a.playState === 'running');
    return root.contains(document.activeElement) && !fading;
  });

describe('product gallery', () => {
  it('opens the lightbox from the main picture, carries the picture in the address and restores it on close (de)', async () => {
    const product = await galleryProduct('klick');
    const { context, page } = await open(`${product.url}?ref=test`);
    const main = page.getByRole('link', {
      name: `Bild 1 von 3 im Vollbild öffnen: Vorderseite (de)`,
    });
    await main.click();
    await lightbox(page).waitFor();
    await expect.poll(() => hashOf(page)).toBe('#&gid=1&pid=1');
    expect(await counter(page).textContent()).toBe('1 / 3');
    expect(await page.getByRole('dialog', { name: `Bildansicht: ${product.name}` }).count()).toBe(
      1,
    );
    for (const control of ['Schließen (Esc)', 'Vergrößern oder verkleinern', 'Nächstes Bild']) {
      // The controls fade in with the opening zoom and count only once visible.
      await expect
        .poll(() => page.getByRole('button', { name: control, exact: true }).count())
        .toBe(1);
    }
    await lightboxSettled(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Nächstes Bild', exact: true }).click();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    // The address follows after the hash delay; the lightbox never waits for it.
    await page.waitForFunction(() => window.location.hash === '#&gid=1&pid=2');

    // Share links and the download carry the picture on screen.
    await page.getByRole('button', { name: 'Teilen', exact: true }).click();
    const facebook = page.getByRole('link', { name: 'Auf Facebook teilen' });
    expect(decodeURIComponent((await facebook.getAttribute('href')) ?? '')).toContain(
      `${product.url}?ref=test#&gid=1&pid=2`,
    );
    const pin = page.getByRole('link', { name: 'Bei Pinterest merken' });
    expect(decodeURIComponent((await pin.getAttribute('href')) ?? '')).toContain(
      `/media/${product.tag}-b-full.webp`,
    );
    const download = page.getByRole('link', { name: 'Bild herunterladen' });
    expect(await download.getAttribute('download')).toBe(`${product.tag}-b-full.webp`);
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    // Escape closes the menu first, then the lightbox.
    await page.keyboard.press('Escape');
    await facebook.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.location.pathname + window.location.search)).toBe(
      `${product.url}?ref=test`,
    );
    expect(await hashOf(page)).toBe('');
    // The page now shows the picture the shopper closed on.
    expect(await mainSrc(page)).toContain(`${product.tag}-b-large.webp`);
    await context.close();
  });

  it('opens at the picture the address names and closes back to the address without it (en)', async () => {
    const product = await galleryProduct('hash');
    const { context, page } = await open(`${product.url}#&gid=1&pid=3`, { lang: 'en' });
    await lightbox(page).waitFor();
    await expect.poll(() => counter(page).textContent()).toBe('3 / 3');
    expect(await page.getByRole('dialog', { name: `Image viewer: ${product.name}` }).count()).toBe(
      1,
    );
    for (const control of ['Close (Esc)', 'Zoom in or out', 'Previous image', 'Share']) {
      // The controls fade in with the opening zoom and count only once visible.
      await expect
        .poll(() => page.getByRole('button', { name: control, exact: true }).count())
        .toBe(1);
    }
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close (Esc)', exact: true }).click();
    await lightbox(page).waitFor({ state: 'detached' });
    expect(await hashOf(page)).toBe('');

    // A hash for another gallery or a picture that does not exist opens nothing.
    for (const hash of ['#&gid=2&pid=1', '#&gid=1&pid=9', '#&gid=1&pid=x']) {
      await page.evaluate((h) => (window.location.hash = h), hash);
      await page.waitForFunction((h) => window.location.hash === h, hash);
      expect(await lightbox(page).count()).toBe(0);
    }
    // A link to a picture opens it from the page too.
    await page.evaluate(() => (window.location.hash = '#&gid=1&pid=2'));
    await lightbox(page).waitFor();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    await context.close();
  });

  it('closes after a slow vertical drag past the threshold and stays open after a short one', async () => {
    const product = await galleryProduct('ziehen');
    const { context, page } = await open(`${product.url}#&gid=1&pid=1`, { lang: 'en' });
    await page.locator('.pswp.pswp--ui-visible').waitFor();
    // The clock stands still before the release, so it carries no speed. PhotoSwipe pulls the
    // picture at half the pointer's distance and closes on its own only past 0.4 of a third
    // of the height; the shop closes once the backdrop has faded below 0.75 of its opacity.
    await page.clock.install();
    const height = 900;
    const drag = async (share: number) => {
      const x = 640;
      const y = height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.clock.runFor(100);
      for (let step = 1; step <= 10; step++) {
        await page.mouse.move(x, y + (height * share * step) / 10);
        await page.clock.runFor(20);
      }
      await page.clock.runFor(300);
      await page.mouse.move(x, y + height * share + 1);
      await page.mouse.up();
      await page.clock.runFor(1000);
    };
    // 4 % of the height fades the backdrop to about 0.94 of its opacity: it stays.
    await drag(0.04);
    expect(await lightbox(page).count()).toBe(1);
    expect(await page.locator('.pswp.pswp--ui-visible').count()).toBe(1);
    // 20 % fades it to about 0.7, still short of PhotoSwipe's own distance: it closes.
    await drag(0.2);
    await lightbox(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('chooses pictures with thumbnails, arrow keys, Home and End, and opens the lightbox with Enter', async () => {
    const product = await galleryProduct('tasten');
    const { context, page } = await open(product.url, { lang: 'en' });
    const thumb = (n: number, alt: string) =>
      page.getByRole('button', { name: `Show image ${n} – ${alt} (en)` });
    await thumb(2, 'Rückseite').click();
    expect(await thumb(2, 'Rückseite').getAttribute('aria-pressed')).toBe('true');
    expect(await mainSrc(page)).toContain(`${product.tag}-b-large.webp`);
    await page.keyboard.press('ArrowRight');
    expect(
      await page.getByRole('button', { name: 'Show image 3 – Film (en) (with video)' }).count(),
    ).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Show image 3 – Film (en) (with video)');
    expect(await mainSrc(page)).toContain(`${product.tag}-c-large.webp`);
    await page.keyboard.press('Home');
    expect(await mainSrc(page)).toContain(`${product.tag}-a-large.webp`);
    await page.keyboard.press('End');
    expect(await mainSrc(page)).toContain(`${product.tag}-c-large.webp`);

    await page.getByRole('link', { name: 'Open image 3 of 3 in full screen: Film (en)' }).focus();
    await page.keyboard.press('Enter');
    // Focus moves into the lightbox when its opening animation is over; keys work from there.
    await page.waitForFunction(() => document.activeElement?.classList.contains('pswp'));
    await expect.poll(() => counter(page).textContent()).toBe('3 / 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('zooms the picture under the mouse; a missing full size shows the zoom and lightbox errors', async () => {
    const product = await galleryProduct('zoom');
    const { context, page } = await open(product.url);
    const stage = page.locator('.gallery-stage');
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await page.locator('.gallery-stage[data-zoomed="true"] .gallery-zoom').waitFor();
    const origin = await page
      .locator('.gallery-zoom')
      .evaluate((el) => (el as HTMLElement).style.transformOrigin);
    expect(origin).toMatch(/^2[45](\.\d+)?% 7[45](\.\d+)?%$/);
    await page.mouse.move(box.x + box.width + 40, box.y);
    await page.locator('.gallery-stage[data-zoomed="true"]').waitFor({ state: 'detached' });

    // The picture's large and full sizes go missing (the lightbox picks one of them from the
    // srcset): the zoom says so for a moment, the lightbox in words with a link.
    for (const size of ['large', 'full']) {
      rmSync(path.join(mediaDir(), `${product.tag}-b-${size}.webp`));
    }
    await page.getByRole('button', { name: /^Bild 2 anzeigen/ }).click();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const status = page
      .getByRole('status')
      .filter({ hasText: 'Das Bild konnte nicht geladen werden' });
    await status.waitFor();
    await status.waitFor({ state: 'hidden' });
    await mainLink(page).click();
    const error = page.getByRole('alert').filter({
      hasText: 'Das Bild #2 konnte nicht geladen werden.',
    });
    await error.waitFor();
    expect(await error.getByRole('link', { name: 'Bilddatei öffnen' }).getAttribute('href')).toBe(
      `/media/${product.tag}-b-full.webp`,
    );
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('swaps the main picture for the chosen variation and back on reset, in the lightbox too', async () => {
    const product = await galleryProduct('variante');
    const { context, page } = await open(product.url);
    const img = page.locator('.gallery-main > img').first();
    const element = await img.elementHandle();
    await page.locator(product.select).selectOption('rot');
    await expect.poll(() => mainSrc(page)).toContain(`${product.tag}-rot-large.webp`);
    expect(await img.getAttribute('srcset')).toContain(`${product.tag}-rot-thumb.webp`);
    expect(await img.getAttribute('sizes')).toBeTruthy();
    expect(await mainLink(page).getAttribute('href')).toBe(`/media/${product.tag}-rot-full.webp`);
    expect(
      await page
        .getByRole('button', { name: 'Bild 1 anzeigen – Rot (de)' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The same element shows the new picture: no remount, no flash of an empty box.
    expect(await element!.evaluate((el) => el.isConnected)).toBe(true);

    await mainLink(page).click();
    await lightbox(page).waitFor();
    await expect.poll(() => counter(page).textContent()).toBe('1 / 4');
    const shown = page.locator(
      '.pswp__item[aria-hidden="false"] img.pswp__img:not(.pswp__img--placeholder)',
    );
    await expect.poll(() => shown.getAttribute('src')).toBe(`/media/${product.tag}-rot-full.webp`);
    expect(await shown.getAttribute('srcset')).toContain(`${product.tag}-rot-large.webp 900w`);
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });

    await page.locator(product.select).selectOption('blau');
    await expect.poll(() => mainSrc(page)).toContain(`${product.tag}-a-large.webp`);
    await page.locator(product.select).selectOption('');
    await expect.poll(() => mainSrc(page)).toContain(`${product.tag}-a-large.webp`);
    expect(await mainLink(page).getAttribute('href')).toBe(`/media/${product.tag}-a-full.webp`);
    await context.close();
  });

  it('plays a video linked in the description in the lightbox, and leaves other links as text', async () => {
    const tag = `beschreibung-${randomBytes(3).toString('hex')}`;
    const text = [
      'Gewebt in der Lausitz.',
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=zu-kurz',
      'https://evil.example/watch?v=aqz-KE-bpKQ',
    ].join('\n\n');
    const { product } = await createProduct(shop.database.db, {
      name: { de: `Stoff ${tag}`, en: `Fabric ${tag}` },
      regularPrice: 1500,
      description: { de: text, en: text },
    });
    const { context, page } = await open(`/product/${product.slug}`, { lang: 'en' });
    const link = page.getByRole('link', { name: `Play video: Fabric ${tag}` });
    expect(await link.getAttribute('href')).toBe('https://vimeo.com/76979871');
    expect(await page.locator('iframe').count()).toBe(0);
    // Refused addresses stay text, not links.
    await page.getByText('https://www.youtube.com/watch?v=zu-kurz').waitFor();
    await page.getByText('https://evil.example/watch?v=aqz-KE-bpKQ').waitFor();
    expect(
      await page.locator('.tab-panel a[href*="evil.example"], a[href*="zu-kurz"]').count(),
    ).toBe(0);
    await lightboxSettled(page);
    await expectNoAxeViolations(page);

    await link.click();
    const dialog = page.getByRole('dialog', { name: `Video: Fabric ${tag}` });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
    expect(page.url()).toContain(`/product/${product.slug}`);
    await page.keyboard.press('Escape');
    await page.locator('iframe').waitFor({ state: 'detached' });
    await context.close();

    // Without JavaScript the link leads to the provider's page.
    const plain = await open(`/product/${product.slug}`, { lang: 'de', javaScript: false });
    expect(
      await plain.page
        .getByRole('link', { name: `Video abspielen: Stoff ${tag}` })
        .getAttribute('href'),
    ).toBe('https://vimeo.com/76979871');
    await plain.context.close();
  });

  it('plays a gallery video only after the click, in a privacy player; refuses other ids when stored', async () => {
    const product = await galleryProduct('video');
    const { context, page } = await open(product.url, { lang: 'en' });
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: /^Show image 3/ }).click();
    await page.getByRole('button', { name: 'Play video: Film (en)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video: Film (en)' });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Closing removes the player, so nothing keeps playing or talking to the provider.
    await page.locator('iframe').waitFor({ state: 'detached' });

    // In the lightbox only the video's poster offers the player.
    await page
      .getByRole('link', { name: /^Open image 3 of 3 in full screen/ })
      .click({ position: { x: 20, y: 20 } });
    await page.waitForFunction(() => document.activeElement?.classList.contains('pswp'));
    const play = page.getByRole('button', { name: `Play video: ${product.name}`, exact: true });
    await play.click();
    await lightbox(page).waitFor({ state: 'detached' });
    await dialog.locator('iframe').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('iframe').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Show image 1/ }).click();
    await mainLink(page).click();
    await page.waitForFunction(() => document.activeElement?.classList.contains('pswp'));
    expect(await play.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });

    // Ids that are not a YouTube or Vimeo id never reach the page: the factory refuses them,
    // and so does the database for any other writer.
    await expect(
      createProduct(
        shop.database.db,
        {
          imageSpecs: [
            {
              ...picture(`${product.tag}-x`, 'x', 0, 'x'),
              video: { provider: 'youtube', id: 'https://evil.example/x' },
            },
          ],
        },
        { mediaDir: mediaDir() },
      ),
    ).rejects.toThrow(/Refused video/);
    for (const [videoProvider, videoId] of [
      ['youtube', 'short'],
      ['vimeo', '12ab'],
      ['dailymotion', 'x7tgad0'],
    ] as const) {
      await expect(
        shop.database.db.insert(productImages).values({
          productId: product.product.id,
          imageId: product.imageIds[0]!,
          position: 9,
          videoProvider: videoProvider as 'youtube',
          videoId,
        }),
      ).rejects.toThrow();
    }
    await context.close();
  });

  it('opens over the quick view without touching the address; Escape closes the lightbox only', async () => {
    const product = await galleryProduct('schnell');
    const { context, page } = await open(product.categoryUrl);
    await page.getByRole('button', { name: `Schnellansicht: ${product.name}` }).click();
    const quickView = page.locator('dialog[open]');
    await quickView.getByRole('link', { name: /^Bild 1 von 3 im Vollbild öffnen/ }).click();
    await page.waitForFunction(() => document.activeElement?.classList.contains('pswp'));
    // Inside the modal dialog, the only part of the page that is not inert.
    expect(await quickView.locator('.pswp').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter(page).textContent()).toBe('2 / 3');
    expect(await hashOf(page)).toBe('');
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    expect(await quickView.count()).toBe(1);
    expect(await hashOf(page)).toBe('');
    await context.close();
  });

  it('turns pictures with a swipe on a phone, keeps the box reserved and passes axe at 390 px', async () => {
    const product = await galleryProduct('wisch');
    const { context, page } = await open(product.url, { width: 390, touch: true });
    const stage = page.locator('.gallery-stage');
    const box = (await stage.boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThan(2);
    const swipe = async (from: number, to: number) => {
      const y = box.y + box.height / 2;
      const init = (x: number) => ({
        pointerType: 'touch',
        isPrimary: true,
        pointerId: 7,
        clientX: box.x + x,
        clientY: y,
        bubbles: true,
      });
      await mainLink(page).dispatchEvent('pointerdown', init(from));
      await mainLink(page).dispatchEvent('pointerup', init(to));
    };
    await swipe(300, 100);
    await expect.poll(() => mainSrc(page)).toContain(`${product.tag}-b-large.webp`);
    await swipe(100, 300);
    await expect.poll(() => mainSrc(page)).toContain(`${product.tag}-a-large.webp`);
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    await mainLink(page).tap();
    await lightbox(page).waitFor();
    await lightboxSettled(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('reserves the picture box before it loads and links the full picture without JavaScript', async () => {
    const product = await galleryProduct('ohnejs');
    const { context, page } = await open(product.url, { javaScript: false });
    expect(await page.locator('.gallery-stage').getAttribute('style')).toContain('aspect-ratio');
    expect(await mainLink(page).getAttribute('href')).toBe(`/media/${product.tag}-a-full.webp`);
    const img = page.locator('.gallery-main > img').first();
    expect(await img.getAttribute('width')).toBeTruthy();
    expect(await img.getAttribute('height')).toBeTruthy();
    await context.close();
  });
});
