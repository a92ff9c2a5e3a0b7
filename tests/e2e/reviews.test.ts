import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putReviewSettings } from '#app/domain/reviews/review-settings.server.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { createProduct, createReview } from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

// Reviews need their own products, reviews and signed-in shop managers per test, so this file
// runs a shop whose database it writes with the factories.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
  // Every test posts from the same loopback address.
  await putReviewSettings(shop.database.db, { rateLimit: { max: 1000, windowSeconds: 60 } });
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function reviewedProduct() {
  const tag = randomBytes(3).toString('hex');
  const { product } = await createProduct(shop.database.db, {
    name: { de: `Krug ${tag}`, en: `Jug ${tag}` },
    description: { de: 'Ein Krug.', en: 'A jug.' },
  });
  const five = await createReview(shop.database.db, {
    productId: product.id,
    author: 'Erika',
    rating: 5,
    content: 'Wunderbar',
    verifiedOwner: true,
  });
  const two = await createReview(shop.database.db, {
    productId: product.id,
    author: 'Hans',
    rating: 2,
    content: 'Zu klein',
  });
  return { product, five, two };
}

async function open(
  path: string,
  options: {
    lang: 'de' | 'en';
    javaScript?: boolean;
    cookie?: string;
    width?: number;
    reducedMotion?: 'reduce';
  },
): Promise<{ context: BrowserContext; page: Page; consoleLines: string[] }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  await context.addCookies([
    { name: 'lang', value: options.lang, url: shop.url },
    ...(options.cookie ? [{ name: 'sid', value: options.cookie, url: shop.url }] : []),
  ]);
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  await page.goto(path);
  if (options.javaScript ?? true) await waitForHydration(page);
  return { context, page, consoleLines };
}

const stored = (productId: number) =>
  shop.database.db.select().from(reviews).where(eq(reviews.productId, productId));

describe('writing a review', () => {
  it('blocks a review without rating with the alert, then takes stars from the keyboard and Ctrl+Enter (de)', async () => {
    const { product } = await reviewedProduct();
    const { context, page } = await open(`/product/${product.slug}#reviews`, { lang: 'de' });
    const form = page.locator('#commentform');
    await form.getByRole('textbox', { name: /Ihre Rezension/ }).fill('Schöner Krug, gut verpackt.');
    await form.getByRole('textbox', { name: /Name/ }).fill('Lena');
    await form.getByRole('textbox', { name: /E-Mail/ }).fill('lena@example.com');
    await form.getByRole('button', { name: 'Absenden' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Bitte wählen Sie' }).count())
      .toBe(1);
    expect(await stored(product.id)).toHaveLength(2);

    // Keyboard only: the first star takes focus, arrows move the choice.
    const first = form.getByRole('radio', { name: '1 von 5 Sternen' });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: '4 von 5 Sternen' }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: /Ihre Rezension/ }).focus();
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toContain('Ihre Bewertung wartet auf Freigabe');
    const rows = await stored(product.id);
    expect(rows.find((r) => r.author === 'Lena')).toMatchObject({ rating: 4, status: 'pending' });
    await context.close();
  });

  it('shows the required-rating text from the server without JavaScript (en)', async () => {
    const { product } = await reviewedProduct();
    const { context, page } = await open(`/product/${product.slug}`, {
      lang: 'en',
      javaScript: false,
    });
    const form = page.locator('#commentform');
    await form.getByRole('textbox', { name: /Your review/ }).fill('Nice jug.');
    await form.getByRole('textbox', { name: /Name/ }).fill('Sam');
    await form.getByRole('textbox', { name: /Email/ }).fill('sam@example.com');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(
      await page.getByRole('alert').filter({ hasText: 'Please select a rating' }).count(),
    ).toBe(1);
    // What was typed stays.
    expect(await form.getByRole('textbox', { name: /Your review/ }).inputValue()).toBe('Nice jug.');
    // The visible star is the radio button's label.
    await form.locator('label[for="rating-5"]').click();
    expect(await form.getByRole('radio', { name: '5 out of 5 stars' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'awaiting approval' }).count()).toBe(1);
    expect((await stored(product.id)).some((r) => r.author === 'Sam' && r.rating === 5)).toBe(true);
    await context.close();
  });
});

describe('replies', () => {
  it('moves the form under the answered review and back on cancel (en)', async () => {
    const { product, five } = await reviewedProduct();
    const { context, page } = await open(`/product/${product.slug}#reviews`, { lang: 'en' });
    const parent = page.locator('#comment_parent');
    expect(await page.locator(`#comment-${five.id} #commentform`).count()).toBe(0);
    await page.getByRole('link', { name: 'Reply to Erika' }).click();
    await expect.poll(() => page.locator(`#comment-${five.id} #commentform`).count()).toBe(1);
    expect(await parent.inputValue()).toBe(String(five.id));
    expect(await page.getByRole('heading', { name: /Reply to Erika/ }).count()).toBe(1);
    // A reply carries no rating.
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('textbox', { name: /Your reply/ }).fill('Thanks, agreed!');
    await page.getByRole('link', { name: 'Cancel reply' }).click();
    await expect.poll(() => page.locator(`#comment-${five.id} #commentform`).count()).toBe(0);
    expect(await parent.inputValue()).toBe('0');
    // The text typed so far moved with the form.
    expect(await page.getByRole('textbox', { name: /Your review/ }).inputValue()).toBe(
      'Thanks, agreed!',
    );
    await context.close();
  });

  it('answers through ?replytocom without JavaScript and threads the approved reply (de)', async () => {
    await putReviewSettings(shop.database.db, { autoApprove: true });
    try {
      const { product, two } = await reviewedProduct();
      const { context, page } = await open(`/product/${product.slug}`, {
        lang: 'de',
        javaScript: false,
      });
      await page.getByRole('link', { name: 'Antworten an Hans' }).click();
      expect(new URL(page.url()).searchParams.get('replytocom')).toBe(String(two.id));
      const form = page.locator(`#comment-${two.id} #commentform`);
      await form.getByRole('textbox', { name: /Ihre Antwort/ }).fill('Es gibt ihn auch größer.');
      await form.getByRole('textbox', { name: /Name/ }).fill('Mia');
      await form.getByRole('textbox', { name: /E-Mail/ }).fill('mia@example.com');
      await form.getByRole('button', { name: 'Antwort senden' }).click();
      expect(await page.getByRole('status').filter({ hasText: 'veröffentlicht' }).count()).toBe(1);
      const reply = page.locator(`#comment-${two.id} .children .review-text`);
      expect(await reply.textContent()).toBe('Es gibt ihn auch größer.');
      await context.close();
    } finally {
      await putReviewSettings(shop.database.db, { autoApprove: false });
    }
  });
});

describe('reading reviews', () => {
  it('filters by stars from the histogram (en)', async () => {
    const { product } = await reviewedProduct();
    const { context, page } = await open(`/product/${product.slug}#reviews`, { lang: 'en' });
    const list = page.getByRole('list', { name: 'Reviews' });
    expect(await list.locator('.review-text').allTextContents()).toEqual(['Zu klein', 'Wunderbar']);
    await page.getByRole('link', { name: /^5 stars/ }).click();
    await expect.poll(() => list.locator('.review-text').allTextContents()).toEqual(['Wunderbar']);
    expect(new URL(page.url()).searchParams.get('rating')).toBe('5');
    expect(await page.getByRole('link', { name: /^5 stars/ }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.getByRole('link', { name: 'Show all reviews' }).click();
    await expect.poll(() => list.locator('.review-text').count()).toBe(2);
    await context.close();
  });

  it('has no accessibility violations with the reviews tab open (de)', async () => {
    const { product } = await reviewedProduct();
    const { context, page } = await open(`/product/${product.slug}#reviews`, { lang: 'de' });
    await expect
      .poll(() => page.getByRole('tab', { name: /Bewertungen/ }).getAttribute('aria-selected'))
      .toBe('true');
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('shop manager', () => {
  it('approves a waiting review on the product page and sees the edit link (de)', async () => {
    const { product } = await reviewedProduct();
    await createReview(shop.database.db, {
      productId: product.id,
      author: 'Neu',
      rating: 3,
      content: 'Bitte freigeben',
      status: 'pending',
    });
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const { context, page } = await open(`/product/${product.slug}#reviews`, {
      lang: 'de',
      cookie: manager.sessionId,
    });
    expect(
      await page.getByRole('link', { name: 'Bewertungen dieses Produkts bearbeiten' }).count(),
    ).toBe(1);
    const list = page.getByRole('list', { name: 'Bewertungen' });
    expect(await list.getByText('Bitte freigeben').count()).toBe(0);
    await page.getByRole('button', { name: 'Freigeben: Bewertung von Neu' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'freigegeben' }).count())
      .toBe(1);
    await expect.poll(() => list.getByText('Bitte freigeben').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Freigeben: Bewertung von Neu/ }).count()).toBe(
      0,
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('replies as the shop: published at once with the shop badge (en)', async () => {
    const { product, five } = await reviewedProduct();
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const { context, page } = await open(`/product/${product.slug}#reviews`, {
      lang: 'en',
      cookie: manager.sessionId,
    });
    await page.getByRole('link', { name: 'Reply to Erika' }).click();
    const form = page.locator(`#comment-${five.id} #commentform`);
    await form.getByRole('textbox', { name: /Your reply/ }).fill('Thank you for the kind words!');
    await form.getByRole('button', { name: 'Post reply' }).click();
    const reply = page.locator(`#comment-${five.id} .children li`).filter({
      hasText: 'Thank you for the kind words!',
    });
    await reply.waitFor();
    expect(await reply.getByText('Shop', { exact: true }).count()).toBe(1);
    const [row] = (await stored(product.id)).filter((r) => r.parentId === five.id);
    expect(row).toMatchObject({ byShop: true, status: 'approved' });
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('tells an editor on a reduced-motion device in the console, and nobody else (de)', async () => {
    const { product } = await reviewedProduct();
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const note = 'Hinweis für Redakteure: Dieses Gerät wünscht reduzierte Bewegung';
    const editor = await open(`/product/${product.slug}`, {
      lang: 'de',
      cookie: manager.sessionId,
      reducedMotion: 'reduce',
    });
    await expect.poll(() => editor.consoleLines.some((l) => l.startsWith(note))).toBe(true);
    await editor.context.close();
    const shopper = await open(`/product/${product.slug}`, { lang: 'de', reducedMotion: 'reduce' });
    const animated = await open(`/product/${product.slug}`, {
      lang: 'de',
      cookie: manager.sessionId,
    });
    // Both pages are hydrated: whatever the note's effect would log has run.
    expect(shopper.consoleLines.some((l) => l.startsWith(note))).toBe(false);
    expect(animated.consoleLines.some((l) => l.startsWith(note))).toBe(false);
    await shopper.context.close();
    await animated.context.close();
  });

  it('works the moderation queue without JavaScript (en)', async () => {
    const { product } = await reviewedProduct();
    await createReview(shop.database.db, {
      productId: product.id,
      author: 'Spammer',
      rating: 1,
      content: 'Buy now',
      status: 'pending',
    });
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const { context, page } = await open(`/admin/reviews?product=${product.id}`, {
      lang: 'en',
      javaScript: false,
      cookie: manager.sessionId,
    });
    await page.getByRole('button', { name: 'Spam: review by Spammer' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'marked as spam' }).count()).toBe(1);
    expect(await page.getByText('No reviews are awaiting approval.').count()).toBe(1);
    expect((await stored(product.id)).find((r) => r.author === 'Spammer')?.status).toBe('spam');
    await context.close();
  });
});

describe('review settings', () => {
  it('the shop manager reaches them from the queue and saves them with the keyboard', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    await putReviewSettings(shop.database.db, {
      ratingRequired: true,
      verifiedOnly: false,
      autoApprove: false,
    });
    try {
      const { context, page } = await open('/admin/reviews', {
        lang: 'de',
        cookie: manager.sessionId,
      });
      await page.getByRole('link', { name: 'Einstellungen für Bewertungen' }).click();
      await page
        .getByRole('heading', { level: 1, name: 'Einstellungen für Bewertungen' })
        .waitFor();
      await waitForHydration(page);
      const rating = page.getByRole('checkbox', { name: 'Sternebewertung ist Pflicht' });
      const moderation = page.getByRole('checkbox', {
        name: 'Neue Bewertungen vor der Veröffentlichung prüfen',
      });
      expect(await rating.isChecked()).toBe(true);
      expect(await moderation.isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/review-settings-1280.png` });
      }
      await rating.focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Einstellungen speichern' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Die Einstellungen sind gespeichert.').waitFor();
      expect(await rating.isChecked()).toBe(false);
      expect(await moderation.isChecked()).toBe(true);
      await context.close();
    } finally {
      await putReviewSettings(shop.database.db, { ratingRequired: true, autoApprove: false });
    }
  });
});
