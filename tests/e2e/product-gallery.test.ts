import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser.ts';
import {
  galleryProduct,
  open,
  mainLink,
  mainSrc,
  lightbox,
  counter,
  hashOf,
  lightboxSettled,
  withGalleryShop,
} from '../support/gallery-browser.ts';

withGalleryShop();

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
    // A busy browser may hand a move to the page after the next frame: each step waits until
    // the page has seen it, so the frames the clock runs always carry the pointer's place.
    await page.evaluate(() =>
      document.addEventListener(
        'pointermove',
        (event) => document.body.setAttribute('data-pointer-y', String(event.clientY)),
        true,
      ),
    );
    const moveTo = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      await expect
        .poll(() => page.evaluate(() => Number(document.body.getAttribute('data-pointer-y'))))
        .toBe(Math.round(y));
    };
    const height = 900;
    const drag = async (share: number) => {
      const x = 640;
      const y = height / 2;
      await moveTo(x, y);
      await page.mouse.down();
      await page.clock.runFor(100);
      for (let step = 1; step <= 10; step++) {
        await moveTo(x, y + Math.round((height * share * step) / 10));
        await page.clock.runFor(20);
      }
      await page.clock.runFor(300);
      await moveTo(x, y + Math.round(height * share) + 1);
      await page.mouse.up();
      await page.clock.runFor(1000);
    };
    // 4 % of the height fades the backdrop to about 0.94 of its opacity: it stays.
    await drag(0.04);
    expect(await lightbox(page).count()).toBe(1);
    expect(await page.locator('.pswp.pswp--ui-visible').count()).toBe(1);
    // 20 % fades it to about 0.7, still short of PhotoSwipe's own distance: it closes.
    await drag(0.2);
    // The closing animation ends on the browser's own transition events: let time run again.
    await page.clock.resume();
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
});

describe('product gallery in the quick view, on a phone and without JavaScript', () => {
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
