import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage, waitForHydration } from './browser.ts';
import { simpleInStockProduct } from './catalog-data.ts';

/** A purchase from the product page to the order-received page with the keyboard alone. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Focused = {
  tag: string;
  name: string;
  type: string;
  text: string;
  visible: boolean;
};

/** What has the focus, and whether it shows it (an outline or a box shadow). */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '', type: '', text: '', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('name') ?? '',
      type: el.getAttribute('type') ?? '',
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      visible: outline || shadow,
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focus reaches what `wanted` accepts. */
async function tabTo(
  page: Page,
  wanted: (f: Focused) => boolean,
  options: { back?: boolean; max?: number } = {},
): Promise<Focused> {
  for (let i = 0; i < (options.max ?? 200); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (wanted(now)) return now;
  }
  throw new Error('the focus never reached the wanted element');
}

const field = (name: string) => (f: Focused) => f.name === name;

async function typeInto(page: Page, name: string, value: string) {
  await tabTo(page, field(name));
  await page.keyboard.type(value);
}

describe('keyboard-only purchase', () => {
  it('buys from the product page to the order-received page with Tab, Shift+Tab, Space, Enter and arrows', async () => {
    const product = await simpleInStockProduct();
    const { context, page } = await openPage(browser, `/product/${product.slug}`, { lang: 'de' });

    const add = await tabTo(page, (f) => f.tag === 'button' && f.text === 'In den Warenkorb');
    expect(add.visible).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Warenkorb, 1 Artikel' }).first().waitFor();

    const viewCart = await tabTo(
      page,
      (f) => f.tag === 'a' && f.text === 'Warenkorb anzeigen',
      // The notice's link sits above the button: back with Shift+Tab.
      { back: true },
    );
    expect(viewCart.visible).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Warenkorb' }).waitFor();
    await waitForHydration(page);

    await tabTo(page, (f) => f.tag === 'a' && f.text === 'Zur Kasse');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor();
    await waitForHydration(page);

    await typeInto(page, 'billing_first_name', 'Erika');
    expect((await focused(page)).visible).toBe(true);
    await typeInto(page, 'billing_last_name', 'Mustermann');
    // Back one field and forward again: Shift+Tab reaches the first name.
    expect((await tabTo(page, field('billing_first_name'), { back: true, max: 1 })).name).toBe(
      'billing_first_name',
    );
    await typeInto(page, 'billing_address_1', 'Hauptstraße 5');
    await typeInto(page, 'billing_postcode', '04109');
    await typeInto(page, 'billing_city', 'Leipzig');
    await typeInto(page, 'billing_email', 'erika.tastatur@example.org');

    // Into the payment methods: the arrow keys move the choice within the group.
    const payment = await tabTo(page, field('payment_method'));
    expect(payment.visible).toBe(true);
    const bacs = page.getByRole('radio', { name: 'Vorkasse (Überweisung)' });
    for (let i = 0; i < 5 && !(await bacs.isChecked()); i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await bacs.isChecked()).toBe(true);

    const terms = await tabTo(page, field('terms'));
    expect(terms.visible).toBe(true);
    await page.keyboard.press('Space');
    expect(
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).isChecked(),
    ).toBe(true);

    const buy = await tabTo(
      page,
      (f) => f.tag === 'button' && f.text === 'Zahlungspflichtig bestellen',
    );
    expect(buy.visible).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
    await page.getByText('Vielen Dank. Ihre Bestellung ist bei uns eingegangen.').waitFor();
    await page.getByText(product.name).first().waitFor();
    await context.close();
  });
});
