import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The VAT rates of the tax settings page, edited with the keyboard only. */
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

const TEXT = {
  de: {
    rates: 'Steuersätze je EU-Staat',
    italy: 'Italien (IT) Zweiter ermäßigter Satz',
    save: 'Steuersätze speichern',
    saved: 'Die Steuereinstellungen wurden gespeichert.',
    typed: '4,5',
    error: 'Bitte einen Steuersatz von 0 bis 30',
    changed: 'Italien: Zweiter ermäßigter Satz',
  },
  en: {
    rates: 'VAT rates per EU country',
    italy: 'Italy (IT) Second reduced rate',
    save: 'Save VAT rates',
    saved: 'The tax settings have been saved.',
    typed: '4.5',
    error: 'Please enter a VAT rate from 0 to 30',
    changed: 'Italy: Second reduced rate',
  },
} as const;

describe('the VAT rates form', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`changes Italy's second reduced rate with the keyboard (${lang}, ${width} px)`, async () => {
      const text = TEXT[lang];
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/settings/tax');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 2, name: text.rates }).waitFor();
      await expectNoAxeViolations(page);

      // A rate out of range: refused, the summary focused, the field marked.
      const field = page.getByRole('textbox', { name: text.italy });
      await field.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('31');
      await page.keyboard.press('Enter');
      const summary = page.getByRole('alert').filter({ hasText: text.error });
      await summary.waitFor();
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page);

      await field.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text.typed);
      await page.keyboard.press('Tab');
      const save = page.getByRole('button', { name: text.save });
      // Tab on through the other fields to the button, as a keyboard user would.
      while (!(await save.evaluate((b) => b === document.activeElement))) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await page.getByText(text.saved).waitFor();
      await expect.poll(() => field.inputValue()).toBe(text.typed);
      await page.getByRole('cell', { name: text.changed }).first().waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-tax-rates-${lang}-${width}`);

      // Back to the default for the next run.
      await field.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await page.getByText(text.saved).waitFor();
      await expect.poll(() => field.inputValue()).toBe('5');
      await context.close();
    });
  }
});
