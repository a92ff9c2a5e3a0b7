import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingYear } from '#app/domain/invoices/numbering.rules.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The invoice settings page, in a shop of its own. */
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

/** The settings as a new shop has them, so each test starts from the same form. */
async function defaults() {
  const db = shop.database.db;
  await putSetting(db, 'invoice.issue_on', 'paid');
  await putSetting(db, 'invoice.attach_to_mail', true);
  await putSetting(db, 'invoice.small_business', false);
  await putSetting(db, 'invoice.tax_number', '');
  await putSetting(db, 'invoice.number_pattern', 'RE-{YYYY}-{#####}');
  await putSetting(db, 'invoice.cancellation_number_pattern', 'ST-{YYYY}-{#####}');
}

const TEXT = {
  de: {
    saved: 'Die Rechnungseinstellungen sind gespeichert.',
    next: 'Nächste Nummer: RG',
    changes: 'Letzte Änderungen',
    completed: 'beim Abschluss der Bestellung',
    save: 'Einstellungen speichern',
    patternError: 'Das Nummernschema braucht',
  },
  en: {
    saved: 'The invoice settings have been saved.',
    next: 'Next number: RG',
    changes: 'Recent changes',
    completed: 'when the order is completed',
    save: 'Save settings',
    patternError: 'The number pattern needs',
  },
} as const;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the settings overview', () => {
  const NAMES = {
    de: { nav: 'Einstellungen', invoices: 'Rechnungen', reviews: 'Bewertungen' },
    en: { nav: 'Settings', invoices: 'Invoices', reviews: 'Reviews' },
  } as const;
  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`lists the sections and leads to each from the side navigation (${lang}, ${width} px)`, async () => {
      const names = NAMES[lang];
      const context = await staffContext(browser, shop, lang, width);
      const page = await context.newPage();
      await page.goto('/admin/orders');
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: /^(Back office|Verwaltung)$/ });
      if (width === 390) await nav.getByRole('button').click();
      await nav.getByRole('link', { name: names.nav, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: names.nav }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/settings');
      const main = page.getByRole('main');
      const sections = main.getByRole('listitem');
      expect(await sections.count()).toBeGreaterThanOrEqual(3);
      await expect
        .poll(() => main.getByRole('link', { name: names.reviews, exact: true }).count())
        .toBe(1);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-settings-overview-${lang}-${width}`);
      await main.getByRole('link', { name: names.invoices, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: names.invoices }).waitFor();
      // The side navigation (folded at 390 px) still marks the settings area as current.
      expect(
        await nav
          .getByRole('link', { name: names.nav, exact: true, includeHidden: true })
          .getAttribute('aria-current'),
      ).toBe('page');
      // The breadcrumbs lead back to the settings area.
      const crumbs = page.getByRole('navigation', { name: /^(Breadcrumb|Brotkrumen)/ });
      expect(
        await crumbs.getByRole('link', { name: names.nav, exact: true }).getAttribute('href'),
      ).toBe('/admin/settings');
      await context.close();
    });
  }
});

describe('invoice settings', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`changes the settings with the keyboard alone (${lang})`, async () => {
      await defaults();
      const text = TEXT[lang];
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto('/admin/settings/invoices');
      await waitForHydration(page);
      for (let i = 0; i < 60 && (await focusedId(page)) !== 'invoice-issue-on'; i++) {
        await page.keyboard.press('Tab');
      }
      expect(await focusedId(page)).toBe('invoice-issue-on');
      // The arrow keys move the choice within the radio group: now "on completion".
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('invoice-attach-to-mail');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('invoice-small-business');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('invoice-tax-number');
      const taxNumber = `231/${Date.now() % 1000}/45678`;
      await page.keyboard.type(taxNumber);
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('invoice-invoice-pattern');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('RG{YY}-{####}');
      const yy = String(bookingYear(new Date()) % 100).padStart(2, '0');
      await expect
        .poll(() => page.locator('#invoice-invoice-pattern-next').textContent())
        .toMatch(new RegExp(`${text.next}${yy}-\\d{4}$`));
      await page.keyboard.press('Enter');
      await page.getByText(text.saved).waitFor();
      expect(await page.getByRole('radio', { checked: true }).getAttribute('value')).toBe(
        'completed',
      );
      expect(await page.locator('#invoice-attach-to-mail').isChecked()).toBe(false);
      const audit = page.getByRole('region', { name: text.changes });
      await audit.getByRole('row', { name: new RegExp(taxNumber) }).waitFor();
      expect(
        await audit.getByRole('row', { name: new RegExp(text.completed) }).count(),
      ).toBeGreaterThan(0);
      await shoot(page, `admin-invoice-settings-saved-${lang}-1280`);
      await context.close();
    });

    for (const width of [1280, 390]) {
      it(`passes axe, also with a refused form (${lang}, ${width} px)`, async () => {
        await defaults();
        const text = TEXT[lang];
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto('/admin/settings/invoices');
        await waitForHydration(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page);
        await shoot(page, `admin-invoice-settings-${lang}-${width}`);
        await page.locator('#invoice-cancellation-pattern').fill('ST-{#####}');
        await page.getByRole('button', { name: text.save }).click();
        await page.locator('#invoice-cancellation-pattern-tip').waitFor();
        await expect
          .poll(() => page.getByRole('alert').first().textContent())
          .toContain(text.patternError);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-invoice-settings-error-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('saves without JavaScript: a plain post and a redirect with the status', async () => {
    await defaults();
    const member = await staffContext(browser, shop, 'de');
    const cookies = await member.cookies();
    await member.close();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto('/admin/settings/invoices');
    await page.getByLabel(/Kleinunternehmer/).check();
    await page.getByRole('button', { name: TEXT.de.save }).click();
    await page.getByText(TEXT.de.saved).waitFor();
    expect(page.url()).toContain('/admin/settings/invoices?saved=yes');
    expect(await page.getByLabel(/Kleinunternehmer/).isChecked()).toBe(true);
    await context.close();
  });
});
