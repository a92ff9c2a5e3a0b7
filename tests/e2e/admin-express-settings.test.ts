import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPRESS_SETTINGS,
  expressSettings,
} from '#app/domain/payments/stripe/express-settings.server.ts';
import type { TestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, expectNoSidewaysScroll, waitForHydration } from './browser.ts';
import {
  addToCart,
  express,
  open,
  setExpressSettings,
  shopper,
  simpleProduct,
  startExpressShop,
} from './express-support.ts';

/** The express checkout section of the settings area and the storefront it changes. */
let shop: TestShop;
let browser: Browser;
const PATH = '/admin/settings/express';

beforeAll(async () => {
  ({ shop, browser } = await startExpressShop());
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

// Each test starts from the defaults: buttons on every page, "Buy with …", black, 48 px, 4 px.
beforeEach(async () => {
  await setExpressSettings(shop, DEFAULT_EXPRESS_SETTINGS);
});

const TEXT = {
  de: {
    section: 'Express-Checkout',
    save: 'Einstellungen speichern',
    saved: 'Die Einstellungen wurden gespeichert.',
    changes: 'Letzte Änderungen',
  },
  en: {
    section: 'Express checkout',
    save: 'Save settings',
    saved: 'The settings have been saved.',
    changes: 'Recent changes',
    heightLabel: 'Height (pixels)',
    radiusLabel: 'Corner radius (pixels)',
    range: 'Enter a whole number from 40 to 55.',
    conflict:
      'Someone else changed these settings since you opened this page. Check the values and save again.',
  },
} as const;

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.id || el?.getAttribute('href') || el?.getAttribute('type') || '';
  });

/** Tabs forward until the element with this id (or link target) has the focus. */
async function tabTo(page: Page, target: string) {
  for (let i = 0; i < 80 && (await focused(page)) !== target; i++) {
    await page.keyboard.press('Tab');
  }
  expect(await focused(page)).toBe(target);
}

/** Whether the product page's own data carries express checkout (null when switched off). */
const expressInPage = (page: Page) =>
  page.evaluate(() => {
    const { loaderData } = (
      window as unknown as {
        __reactRouterDataRouter: { state: { loaderData: Record<string, unknown> } };
      }
    ).__reactRouterDataRouter.state;
    return (loaderData['routes/product'] as { express: unknown }).express != null;
  });

describe('the express checkout settings', () => {
  it('a shop manager restyles the buttons and drops them from product pages, keyboard only; the shop follows (de)', async () => {
    const product = await simpleProduct(shop, 1800, 'Duftkerze');
    const shopperDe = await shopper(shop, browser, 'de');
    const store = shopperDe.page;
    const t = shopperDe.t;
    // Before: the product page offers the wallets.
    await open(store, `/product/${product.slug}`);
    await express(store, t).waitFor();

    const context = await staffContext(browser, shop, 'de');
    const page = await context.newPage();
    await page.goto('/admin/settings');
    await waitForHydration(page);
    await tabTo(page, PATH);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      TEXT.de.section,
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: TEXT.de.section }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);

    // The fields in reading order: product pages off, label "logo only", white with outline.
    await tabTo(page, 'setting-page-product');
    expect(await page.locator('#setting-page-product').isChecked()).toBe(true);
    await page.keyboard.press('Space');
    for (const id of ['setting-page-cart', 'setting-page-checkout', 'setting-page-pay-for-order']) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(id);
    }
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('setting-button-type');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#setting-button-type').inputValue()).toBe('default');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('setting-button-theme');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#setting-button-theme').inputValue()).toBe('light-outline');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('setting-button-height');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('52');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('setting-button-radius');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('16');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('setting-payer-phone');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('submit');
    await page.keyboard.press('Enter');
    await page.getByText(TEXT.de.saved).waitFor();
    expect(await page.locator('#setting-page-product').isChecked()).toBe(false);
    expect(await page.locator('#setting-page-cart').isChecked()).toBe(true);
    expect(await page.locator('#setting-button-type').inputValue()).toBe('default');
    expect(await page.locator('#setting-button-theme').inputValue()).toBe('light-outline');
    expect(await page.locator('#setting-button-height').inputValue()).toBe('52');
    expect(await page.locator('#setting-button-radius').inputValue()).toBe('16');
    const audit = page.getByRole('region', { name: TEXT.de.changes });
    await audit
      .getByRole('row', { name: /Höhe \(Pixel\): 48.*Höhe \(Pixel\): 52/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, `admin-express-settings-saved-de-1280`);
    // At phone width the form fits without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await shoot(page, `admin-express-settings-saved-de-390`);
    await context.close();

    // The cart shows the plain, white outlined buttons at the new height and radius.
    await addToCart(store, product.id);
    await open(store, '/cart');
    const area = express(store, t);
    const apple = area.getByRole('button', { name: 'Apple Pay', exact: true });
    const google = area.getByRole('button', { name: 'Google Pay', exact: true });
    await apple.waitFor();
    expect(await apple.evaluate((b) => b.getBoundingClientRect().height)).toBe(52);
    expect(await google.evaluate((b) => b.getBoundingClientRect().height)).toBe(52);
    expect(await apple.evaluate((b) => getComputedStyle(b).borderRadius)).toBe('16px');
    expect(await apple.getAttribute('data-theme')).toBe('white-outline');
    expect(await google.getAttribute('data-theme')).toBe('white');
    // The product page no longer carries the express area.
    await open(store, `/product/${product.slug}`);
    expect(await expressInPage(store)).toBe(false);
    expect(await express(store, t).count()).toBe(0);
    await shopperDe.context.close();
  });

  it('refuses a height out of range beside the field and a stale save, keeping what was typed (en)', async () => {
    const text = TEXT.en;
    const context = await staffContext(browser, shop, 'en');
    const page = await context.newPage();
    await page.goto(PATH);
    await waitForHydration(page);
    const height = page.getByRole('textbox', { name: text.heightLabel });
    const radius = page.getByRole('textbox', { name: text.radiusLabel });
    await height.fill('80');
    await radius.fill('20');
    await page.getByRole('button', { name: text.save }).click();
    await page.locator('#setting-button-height-tip').waitFor();
    expect(await page.locator('#setting-button-height-tip').textContent()).toBe(text.range);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(text.range);
    expect(await height.getAttribute('aria-invalid')).toBe('true');
    expect(await height.getAttribute('aria-describedby')).toContain('setting-button-height-tip');
    expect(await height.inputValue()).toBe('80');
    expect(await radius.inputValue()).toBe('20');
    expect(await page.locator('#setting-button-radius-tip').count()).toBe(0);
    // The summary has the focus; its link leads the keyboard to the field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text.range);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('setting-button-height');
    // Following it keeps the refusal on the page and what was typed.
    expect(await height.inputValue()).toBe('80');
    expect(await page.locator('#setting-button-height-tip').textContent()).toBe(text.range);
    await expectNoAxeViolations(page);
    await shoot(page, 'admin-express-settings-error-en-1280');

    // Someone else saves a change while this form is open: this save is refused as stale.
    await setExpressSettings(shop, {
      ...DEFAULT_EXPRESS_SETTINGS,
      button: { ...DEFAULT_EXPRESS_SETTINGS.button, radius: 8 },
    });
    await height.fill('50');
    await page.getByRole('button', { name: text.save }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(text.conflict);
    expect(await height.inputValue()).toBe('50');
    expect(await radius.inputValue()).toBe('20');
    expect(await page.getByText(text.saved).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'admin-express-settings-conflict-en-1280');
    // Having checked the values, the manager saves again: now over the other change.
    await page.getByRole('button', { name: text.save }).click();
    await page.getByText(text.saved).waitFor();
    expect((await expressSettings(shop.database.db)).button).toMatchObject({
      height: 50,
      radius: 20,
    });
    await context.close();
  });
});
