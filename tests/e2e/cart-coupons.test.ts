import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

// Coupons need their own products and codes per test, so this file runs a shop whose database
// it writes with the factories (the shared shop's database lives in another process).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A product at 20,00 € and three codes of this test: 10 % off, expired, and free shipping. */
async function fixtures() {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const { product } = await createProduct(shop.database.db, {
    name: { de: `Duftkerze ${tag}`, en: `Scented candle ${tag}` },
    regularPrice: 2000,
  });
  const percent = await createCoupon(shop.database.db, { code: `ZEHN${tag}`, amount: 1000 });
  const expired = await createCoupon(shop.database.db, {
    code: `ALT${tag}`,
    expiresAt: new Date(Date.now() - 86_400_000),
  });
  const free = await createCoupon(shop.database.db, {
    code: `FREI${tag}`,
    kind: 'fixed_cart',
    amount: 0,
    freeShipping: true,
  });
  return { product, percent: percent.code, expired: expired.code, free: free.code };
}

/** A fresh shopper with the product in the cart, on the cart page. */
async function cartPage(
  slug: string,
  options: { javaScript: boolean; lang: 'de' | 'en'; width?: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  await context.addCookies([{ name: 'lang', value: options.lang, url: shop.url }]);
  const page = await context.newPage();
  await page.goto(`/product/${slug}`);
  if (options.javaScript) await waitForHydration(page);
  const addLabel = options.lang === 'de' ? 'In den Warenkorb' : 'Add to cart';
  await page.getByRole('button', { name: addLabel, exact: true }).first().click();
  const cartLink = options.lang === 'de' ? 'Warenkorb, 1 Artikel' : 'Cart, 1 item';
  await page.getByRole('link', { name: cartLink }).waitFor();
  await page.goto('/cart');
  if (options.javaScript) await waitForHydration(page);
  return { context, page };
}

const euro = (minor: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
    .format(minor / 100)
    .replace(/\s/g, ' ');

async function orderTotal(page: Page): Promise<string> {
  return ((await page.locator('.order-total td').textContent()) ?? '').replace(/\s/g, ' ');
}

describe('coupons on the cart page', () => {
  it('applies and removes with JavaScript through wc-ajax, with the error beside the field', async () => {
    const { product, percent, expired } = await fixtures();
    const { context, page } = await cartPage(product.slug!, { javaScript: true, lang: 'de' });
    const field = page.getByRole('textbox', { name: 'Gutscheincode' });

    await field.fill(expired);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/wc-ajax/apply_coupon')),
      page.getByRole('button', { name: 'Gutschein anwenden' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const alert = page.getByRole('alert').filter({ hasText: 'Dieser Gutschein ist abgelaufen.' });
    await alert.waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('coupon_code-error');
    expect(await page.locator('#coupon_code-error').textContent()).toBe(
      'Dieser Gutschein ist abgelaufen.',
    );
    // Still a page view: the form did not navigate.
    expect(new URL(page.url()).pathname).toBe('/cart');
    await expectNoAxeViolations(page);

    // Editing the code clears the error state.
    await field.fill('');
    await field.pressSequentially(percent.toLowerCase());
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(await alert.count()).toBe(0);

    await field.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Gutscheincode erfolgreich angewandt.' })
      .waitFor();
    const row = page.getByRole('row', { name: new RegExp(`Gutschein: ${percent}`) });
    await row.waitFor();
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain(euro(200, 'de-DE'));
    expect(await orderTotal(page)).toContain(euro(1800, 'de-DE'));
    expect(await field.inputValue()).toBe('');
    await expectNoAxeViolations(page);

    // Applying it again is refused beside the field.
    await field.fill(percent);
    await page.getByRole('button', { name: 'Gutschein anwenden' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Gutscheincode wurde bereits angewandt!' })
      .waitFor();

    const remove = page.getByRole('button', { name: `[Entfernen] Gutschein: ${percent}` });
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/wc-ajax/remove_coupon')),
      remove.click(),
    ]);
    await page.getByText('Gutschein wurde entfernt.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await orderTotal(page)).toContain(euro(2000, 'de-DE'));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('coupon_code');
    await context.close();
  });

  it('works with the keyboard alone and lists a free-shipping coupon', async () => {
    const { product, free } = await fixtures();
    const { context, page } = await cartPage(product.slug!, { javaScript: true, lang: 'en' });
    await page.getByRole('textbox', { name: 'Coupon code' }).focus();
    await page.keyboard.type(free);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Apply coupon');
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: new RegExp(`Coupon: ${free}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Free shipping');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `[Remove] Coupon: ${free}` }).focus();
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('applies and removes without JavaScript, in English and German', async () => {
    const { product, percent, expired } = await fixtures();
    const { context, page } = await cartPage(product.slug!, { javaScript: false, lang: 'en' });
    // axe needs scripts, so the pages without them are checked in the tests above.
    const field = page.getByRole('textbox', { name: 'Coupon code' });

    await field.fill(expired);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByRole('alert').filter({ hasText: 'This coupon has expired.' }).waitFor();
    expect(
      await page.getByRole('textbox', { name: 'Coupon code' }).getAttribute('aria-invalid'),
    ).toBe('true');

    await page.getByRole('textbox', { name: 'Coupon code' }).fill(percent);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByText('Coupon code applied successfully.').waitFor();
    await page.getByRole('row', { name: new RegExp(`Coupon: ${percent}`) }).waitFor();
    expect(await orderTotal(page)).toContain(euro(1800, 'en-IE'));

    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    await page.getByRole('button', { name: `[Entfernen] Gutschein: ${percent}` }).click();
    await page.getByText('Gutschein wurde entfernt.').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(percent) }).count()).toBe(0);
    expect(await orderTotal(page)).toContain(euro(2000, 'de-DE'));
    await context.close();
  });

  it('takes a coupon off when the cart falls below its minimum spend, with a notice', async () => {
    const { product } = await fixtures();
    const code = `MIN${randomBytes(3).toString('hex').toUpperCase()}`;
    await createCoupon(shop.database.db, {
      code,
      kind: 'fixed_cart',
      amount: 500,
      minimumSpend: 3000,
    });
    const { context, page } = await cartPage(product.slug!, { javaScript: true, lang: 'de' });
    await page.getByLabel(`Menge für Duftkerze`, { exact: false }).fill('2');
    await page.getByRole('button', { name: 'Warenkorb aktualisieren' }).click();
    await page.getByText('Warenkorb aktualisiert.').waitFor();
    await page.getByRole('textbox', { name: 'Gutscheincode' }).fill(code);
    await page.getByRole('button', { name: 'Gutschein anwenden' }).click();
    await page.getByRole('row', { name: new RegExp(`Gutschein: ${code}`) }).waitFor();

    await page.getByLabel(`Menge für Duftkerze`, { exact: false }).fill('1');
    await page.getByRole('button', { name: 'Warenkorb aktualisieren' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Der Gutschein „${code}“ ist leider nicht mehr gültig` })
      .waitFor();
    expect(await page.getByRole('row', { name: new RegExp(code) }).count()).toBe(0);
    await context.close();
  });
});
