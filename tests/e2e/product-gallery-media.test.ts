import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productImages } from '#app/domain/catalog/catalog.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { expectNoAxeViolations } from './browser.ts';
import {
  shop,
  mediaDir,
  picture,
  galleryProduct,
  open,
  mainLink,
  mainSrc,
  lightbox,
  counter,
  lightboxSettled,
  withGalleryShop,
} from '../support/gallery-browser.ts';

/** The product gallery's zoom, its pictures per variation, and videos in the lightbox. */

withGalleryShop();

describe('product gallery zoom, variations and videos', () => {
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
});
