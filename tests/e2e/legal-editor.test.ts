import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalVersionInForce } from '#app/domain/legal/legal.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The shop manager's legal page editor, in a shop of its own: it changes pages every visitor sees. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startTestShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const managerContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width);

describe('legal page editor', () => {
  it('edits the terms from the account, with the keyboard, and the shop shows the new version', async () => {
    const context = await managerContext('en');
    const page = await context.newPage();
    await page.goto('/my-account');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Account navigation' });
    await nav.getByRole('link', { name: 'Legal pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Legal pages' }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'legal-pages-1280');

    await page.getByRole('link', { name: 'Edit Terms and conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Terms and conditions' }).waitFor();
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await shoot(page, 'legal-editor-1280');
    const before = (await legalVersionInForce(shop.database.db, 'agb')).version;

    const text = page.getByRole('textbox', { name: /^Text \(English\)/ });
    expect(await text.inputValue()).toMatch(/^## /);
    await text.fill('## 1. Scope\nThese terms apply to every order placed here.');
    await page.getByRole('textbox', { name: /^Note above the text \(English\)/ }).fill('');
    // Published with the keyboard alone.
    await page.getByRole('button', { name: 'Publish as a new version' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText(`Version ${before + 1} is published.`)
      .waitFor();
    expect(await page.getByRole('textbox', { name: /^Text \(English\)/ }).inputValue()).toBe(
      '## 1. Scope\n\nThese terms apply to every order placed here.',
    );

    await page.getByRole('link', { name: 'View Terms and conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    await page.getByText('These terms apply to every order placed here.').waitFor();
    await page.getByText(`Version ${before + 1}, published on`).waitFor();
    await context.close();
  });

  it('shows a mistake at its field in German, keeps the text, and publishes nothing', async () => {
    const context = await managerContext('de', 390);
    const page = await context.newPage();
    await page.goto('/admin/legal-pages/versand-und-zahlung');
    await waitForHydration(page);
    const before = (await legalVersionInForce(shop.database.db, 'versand-und-zahlung')).version;
    const text = page.getByRole('textbox', { name: /^Text \(Deutsch\)/ });
    await text.fill('Ohne Überschrift');
    await page.getByRole('button', { name: 'Als neue Version veröffentlichen' }).click();
    const alert = page.getByRole('alert');
    await alert
      .getByText('Deutsch: Zeile 1: Text vor der ersten Abschnittsüberschrift.', { exact: false })
      .waitFor();
    const field = page.getByRole('textbox', { name: /^Text \(Deutsch\)/ });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('Ohne Überschrift');
    expect((await legalVersionInForce(shop.database.db, 'versand-und-zahlung')).version).toBe(
      before,
    );
    await expectNoAxeViolations(page);
    await shoot(page, 'legal-editor-error-390');
    await context.close();
  });
});
