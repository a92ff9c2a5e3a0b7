import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, openPage, waitForHydration } from './browser.ts';

// The demo's reduced filter coffee (db/seed/demo-price-history.ts): 5,49 €, now 4,79 €, and a
// promotion at 4,99 € within the 30 days before the reduction.
const COFFEE = '/product/filterkaffee-mild';
const SHOTS = process.env.SCREENSHOT_DIR;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

describe('lowest price of the last 30 days', () => {
  it('stands under the reduced price on the product page (de) and in English', async () => {
    const { context, page } = await openPage(browser, COFFEE, { lang: 'de' });
    const summary = page.locator('.product-summary');
    expect(await summary.locator('.product-price').textContent()).toContain('4,79');
    expect(
      await summary.getByText('Niedrigster Preis der letzten 30 Tage: 4,99\u00a0€').count(),
    ).toBe(1);
    await expectNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/omnibus-product-1280.png` });
    await context.close();

    const en = await openPage(browser, COFFEE, { lang: 'en', width: 390 });
    expect(
      await en.page
        .locator('.product-summary')
        .getByText('Lowest price in the last 30 days: €4.99')
        .count(),
    ).toBe(1);
    if (SHOTS) await en.page.screenshot({ path: `${SHOTS}/omnibus-product-390.png` });
    await en.context.close();
  });

  it('stands on the listing card and in the quick view, and only under reduced prices', async () => {
    const { context, page } = await openPage(browser, '/product-category/kaffee-tee', {
      lang: 'de',
    });
    const card = page.locator('.product-card').filter({
      has: page.getByRole('heading', { name: 'Filterkaffee Mild, gemahlen 250 g', exact: true }),
    });
    expect(await card.getByText('Niedrigster Preis der letzten 30 Tage: 4,99\u00a0€').count()).toBe(
      1,
    );
    // Every note on the page sits on a card showing a reduced price.
    const notes = page.locator('.product-card .lowest-prior-price');
    const onSaleCards = page.locator('.product-card:has(.price-sale)');
    expect(await notes.count()).toBe(await onSaleCards.count());
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/omnibus-card-1280.png` });

    await card
      .getByRole('button', { name: 'Schnellansicht: Filterkaffee Mild, gemahlen 250 g' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Filterkaffee Mild, gemahlen 250 g' });
    await dialog.waitFor();
    await dialog.getByText('Niedrigster Preis der letzten 30 Tage: 4,99\u00a0€').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('is absent where the price is not reduced', async () => {
    const { context, page } = await openPage(browser, '/product/cafe-crema-bohnen', { lang: 'en' });
    await waitForHydration(page);
    expect(await page.locator('.product-summary .price-sale').count()).toBe(0);
    expect(await page.getByText('Lowest price in the last 30 days').count()).toBe(0);
    await context.close();
  });
});
