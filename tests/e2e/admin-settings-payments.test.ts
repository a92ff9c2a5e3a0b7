import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_SETTINGS_KEY } from '#app/domain/payments/payments.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { DEMO_PAYMENT_SETTINGS } from '#db/seed/demo-checkout.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';
import { shopperAtCheckout } from './checkout-setup.ts';

/** The payment settings page and the checkout it changes, in a shop of its own. */
let shop: TestShop;
let browser: Browser;
let candle = 0;
const PATH = '/admin/settings/payments';

beforeAll(async () => {
  shop = await startTestShop();
  await seedDemoShipping(shop.database.db);
  candle = (
    await createProduct(shop.database.db, {
      name: { de: 'Kerze', en: 'Candle' },
      regularPrice: 1290,
      manageStock: true,
      stockQuantity: 500,
    })
  ).product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

// Each test starts from the demo shop's methods, with no bank account yet.
beforeEach(async () => {
  await putSetting(shop.database.db, PAYMENT_SETTINGS_KEY, {
    ...DEMO_PAYMENT_SETTINGS,
    enabled: DEMO_PAYMENT_SETTINGS.enabled.filter((id) => id !== 'bacs'),
    bankAccount: { accountHolder: '', bankName: '', iban: '', bic: '' },
  });
});

const TEXT = {
  de: {
    cod: 'Nachnahme',
    bacs: 'Vorkasse (Überweisung)',
    invoice: 'Kauf auf Rechnung',
    card: 'Kredit- oder Debitkarte',
    up: 'Nach oben',
    save: 'Einstellungen speichern',
    saved: 'Die Zahlungseinstellungen sind gespeichert.',
    changes: 'Letzte Änderungen',
    ibanError: 'Diese IBAN ist ungültig',
    ibanRequired: 'Vorkasse kann nur mit einer IBAN eingeschaltet werden',
  },
  en: {
    cod: 'Cash on delivery',
    bacs: 'Direct bank transfer',
    invoice: 'Pay by invoice',
    card: 'Credit / Debit Card',
    up: 'Up',
    save: 'Save settings',
    saved: 'The payment settings have been saved.',
    changes: 'Recent changes',
    ibanError: 'This IBAN is invalid',
    ibanRequired: 'Bank transfer can only be switched on with an IBAN',
  },
} as const;

/** The methods' names in the order the page lists them. */
const listed = (page: Page) =>
  page
    .locator('.admin-payments-method label')
    .evaluateAll((labels) => labels.map((l) => l.textContent ?? ''));

/** The payment methods the checkout page offers a shopper in Germany. */
async function checkoutMethods(lang: 'de' | 'en') {
  const { context, page } = await shopperAtCheckout(browser, {
    baseURL: shop.url,
    lang,
    items: [{ id: candle, quantity: 1 }],
  });
  const radios = page.locator('input[name="payment_method"]');
  await radios.first().waitFor({ state: 'attached' });
  const names = await radios.evaluateAll((inputs) =>
    inputs.map((r) => (r as HTMLInputElement).value),
  );
  await shoot(page, `admin-settings-payments-checkout-${lang}`);
  await context.close();
  return names;
}

describe('payment settings', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`switches cash on delivery off and enters the bank account; the checkout follows (${lang})`, async () => {
      const text = TEXT[lang];
      expect(await checkoutMethods(lang)).toContain('cod');
      const context = await staffContext(browser, shop, lang);
      const page = await context.newPage();
      await page.goto(PATH);
      await waitForHydration(page);
      // Bank transfer without an IBAN is refused with a clear message.
      await page.getByRole('checkbox', { name: text.bacs, exact: true }).check();
      await page.getByRole('button', { name: text.save }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain(text.ibanRequired);
      await page.locator('#payments-iban-tip').waitFor();
      await page.getByRole('checkbox', { name: text.cod, exact: true }).uncheck();
      await page.locator('#payments-account-holder').fill('Kerzen Müller GmbH');
      await page.locator('#payments-bank-name').fill('Sparkasse Leipzig');
      await page.locator('#payments-bic').fill('COBADEFFXXX');
      await page.locator('#payments-iban').fill('de89370400440532013000');
      // Enter in a text field saves the form; it moves no method.
      const before = await listed(page);
      await page.locator('#payments-iban').press('Enter');
      await page.getByText(text.saved).waitFor();
      expect(await listed(page)).toEqual(before);
      expect(await page.locator('#payments-iban').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
      expect(await page.getByRole('checkbox', { name: text.cod, exact: true }).isChecked()).toBe(
        false,
      );
      expect(await page.getByRole('checkbox', { name: text.bacs, exact: true }).isChecked()).toBe(
        true,
      );
      const audit = page.getByRole('region', { name: text.changes });
      await audit
        .getByRole('row', { name: /DE89 3704 0044 0532 0130 00/ })
        .first()
        .waitFor();
      await shoot(page, `admin-settings-payments-saved-${lang}-1280`);
      // The card two places up: it comes before pay by invoice, at the checkout too.
      for (const place of [1, 0]) {
        await page.getByRole('button', { name: `${text.up}: ${text.card}` }).click();
        await expect.poll(async () => (await listed(page))[place]).toBe(text.card);
      }
      await page.getByText(text.saved).waitFor();
      await expect
        .poll(async () => (await listed(page)).slice(0, 2))
        .toEqual([text.card, text.invoice]);
      await context.close();
      const offered = await checkoutMethods(lang);
      expect(offered).not.toContain('cod');
      expect(offered.indexOf('invoice')).toBeGreaterThanOrEqual(0);
      expect(offered.indexOf('stripe')).toBeLessThan(offered.indexOf('invoice'));
      expect(offered.indexOf('invoice')).toBeLessThan(offered.indexOf('bacs'));
    });

    for (const width of [1280, 390]) {
      it(`passes axe, also with a refused form (${lang}, ${width} px)`, async () => {
        const text = TEXT[lang];
        const context = await staffContext(browser, shop, lang, width);
        const page = await context.newPage();
        await page.goto(PATH);
        await waitForHydration(page);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page);
        await shoot(page, `admin-settings-payments-${lang}-${width}`);
        await page.locator('#payments-iban').fill('DE00 1234 5678 9012 3456 78');
        await page.getByRole('button', { name: text.save }).click();
        await page.locator('#payments-iban-tip').waitFor();
        await expect
          .poll(() => page.getByRole('alert').first().textContent())
          .toContain(text.ibanError);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-settings-payments-error-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('saves and moves without JavaScript: plain posts and a redirect with the status', async () => {
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
    await page.goto(PATH);
    await page.getByRole('button', { name: `${TEXT.de.up}: ${TEXT.de.cod}` }).click();
    await page.getByText(TEXT.de.saved).waitFor();
    expect(page.url()).toContain(`${PATH}?saved=yes`);
    expect((await listed(page)).slice(0, 2)).toEqual([TEXT.de.cod, TEXT.de.invoice]);
    await page.getByRole('checkbox', { name: TEXT.de.cod, exact: true }).uncheck();
    await page.getByRole('button', { name: TEXT.de.save }).click();
    await page.getByText(TEXT.de.saved).waitFor();
    expect(await page.getByRole('checkbox', { name: TEXT.de.cod, exact: true }).isChecked()).toBe(
      false,
    );
    await context.close();
  });
});
