import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { lastMailTo, linkIn } from '../support/account-client.ts';
import { expectNoAxeViolations, launchBrowser, openPage, waitForHydration } from './browser.ts';
import { simpleInStockProduct } from './catalog-data.ts';

let browser: Browser;
const PASSWORD = 'Kaffee-Tasse-Mond-7';
let counter = 0;
const email = () => `e2e${++counter}.${Date.now()}@example.org`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The link of the newest mail to an address, once the shop has written it. */
async function mailedLink(address: string, path: string): Promise<string> {
  let link = '';
  await vi.waitFor(
    () => {
      link = linkIn(lastMailTo(inject('shopDataDir'), address)!.text, path);
    },
    { timeout: 10_000, interval: 50 },
  );
  return new URL(link).pathname + new URL(link).search;
}

/** Registers through the form (double opt-in) and follows the activation link. */
async function registerAndActivate(page: Page, address: string) {
  await page.goto('/my-account');
  await waitForHydration(page);
  await page
    .getByRole('textbox', { name: /E-Mail-Adresse/ })
    .nth(1)
    .fill(address);
  await page.locator('#reg_password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.getByText('Bitte folgen Sie dem Link darin').waitFor();
  await page.goto(await mailedLink(address, '/my-account/activate?key='));
  // Opening the link does nothing yet: the button uses it.
  await page.getByRole('button', { name: 'Konto aktivieren' }).click();
  await page.getByText('Ihr Konto ist aktiviert').waitFor();
}

/** Logs in on the account page; unless told it fails, waits for the account's navigation. */
async function loginOnPage(page: Page, address: string, password = PASSWORD, succeeds = true) {
  await page.goto('/my-account');
  await waitForHydration(page);
  const form = page.locator('form.login-form');
  await form.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(address);
  await form.locator('input[name=password]').fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  if (succeeds) await page.locator('nav.account-nav').waitFor();
}

describe('registration', () => {
  it('shows the strength levels, blocks a weak password and asks for activation (de)', async () => {
    const { context, page } = await openPage(browser, '/my-account');
    const submit = page.getByRole('button', { name: 'Registrieren' });
    await page
      .getByRole('textbox', { name: /E-Mail-Adresse/ })
      .nth(1)
      .fill(email());
    const password = page.locator('#reg_password');
    await password.fill('abc');
    await page.getByText('Passwortstärke: Sehr schwach').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await password.fill('Ladenzeile2024');
    await page.getByText('Passwortstärke: Schwach').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await password.fill(PASSWORD);
    await page.getByText(/Passwortstärke: (Mittel|Stark)/).waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Passwort anzeigen' }).nth(1);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await expectNoAxeViolations(page);
    await submit.click();
    await page.getByText('Bitte folgen Sie dem Link darin').waitFor();
    await context.close();
  });

  it('works in English and without JavaScript', async () => {
    const { context, page } = await openPage(browser, '/my-account', {
      javaScript: false,
      lang: 'en',
    });
    const address = email();
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.locator('#reg_email').fill(address);
    await page.locator('#reg_password').fill('123456');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please enter a stronger password.').first().waitFor();
    await page.locator('#reg_password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please follow the link in it to activate your account.').waitFor();
    await context.close();
  });
});

describe('login popup', () => {
  it('opens from the header, and opens by itself again when the login failed', async () => {
    const address = email();
    const { context, page } = await openPage(browser, '/');
    await registerAndActivate(page, address);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Anmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anmelden' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(address);
    await dialog.locator('input[name=password]').fill('falsch-falsch');
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/my-account');
    const again = page.getByRole('dialog', { name: 'Anmelden' });
    await again.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.').waitFor();
    await again.locator('input[name=password]').fill(PASSWORD);
    await again.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Mein Konto' }).first().waitFor();
    await context.close();
  });

  it('is used with the keyboard: opens on Enter, closes on Escape with focus back', async () => {
    const { context, page } = await openPage(browser, '/shop');
    const link = page.getByRole('link', { name: 'Anmelden' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Anmelden' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'username',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe('account journeys', () => {
  it('resets the password through the mailed link, with the mismatch level', async () => {
    const address = email();
    const { context, page } = await openPage(browser, '/');
    await registerAndActivate(page, address);
    await page.goto('/my-account/lost-password');
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(address);
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await page.getByText('Er ist eine Stunde gültig.').waitFor();
    await page.goto(await mailedLink(address, '/my-account/lost-password?key='));
    await waitForHydration(page);
    await page.locator('#password_1').fill('Neues-Fahrrad-Winter-42');
    await page.locator('#password_2').fill('Neues-Fahrrad-Winter-4');
    await page.getByText('Passwortstärke: Stimmt nicht überein').waitFor();
    const save = page.getByRole('button', { name: 'Passwort speichern' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await page.locator('#password_2').fill('Neues-Fahrrad-Winter-42');
    await page.getByText(/Passwortstärke: (Mittel|Stark)/).waitFor();
    await save.click();
    await page.getByText('Ihr Passwort wurde geändert').waitFor();
    await loginOnPage(page, address, 'Neues-Fahrrad-Winter-42');
    await page.getByText('Hallo').waitFor();
    await context.close();
  });

  it('changes the email after confirmation, logs out and deletes the account', async () => {
    const address = email();
    const changed = `neu.${address}`;
    const { context, page } = await openPage(browser, '/');
    await registerAndActivate(page, address);
    await loginOnPage(page, address);
    await page.getByRole('heading', { name: 'Mein Konto' }).waitFor();
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'Kontonavigation' })
      .getByRole('link', { name: 'Kontodetails' })
      .click();
    await page.getByRole('heading', { name: 'Kontodetails' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Erika');
    await page.getByRole('textbox', { name: /Nachname/ }).fill('Muster');
    await page.getByRole('textbox', { name: /Anzeigename/ }).fill('Erika M.');
    await page.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(changed);
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByText(`Wir haben einen Bestätigungslink an ${changed} gesendet.`).waitFor();
    await page.goto(await mailedLink(changed, '/my-account/confirm-email?key='));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await page.getByText('Ihre E-Mail-Adresse wurde geändert.').waitFor();

    await page.goto('/my-account/edit-address');
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByText('Sie wurden abgemeldet.').waitFor();
    await page.getByRole('link', { name: 'Anmelden' }).waitFor();

    await loginOnPage(page, changed);
    await page.goto('/my-account/edit-account');
    await waitForHydration(page);
    await page.getByLabel(/Passwort zur Bestätigung/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await page.getByText('Ihr Konto wurde gelöscht.').waitFor();
    await loginOnPage(page, changed, PASSWORD, false);
    await page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.').first().waitFor();
    await context.close();
  });

  it('keeps the cart over logout and merges it with the guest cart on login (en)', async () => {
    const address = email();
    const product = await simpleInStockProduct();
    const { context, page } = await openPage(browser, '/', { lang: 'en' });
    await context.addCookies([{ name: 'lang', value: 'de', url: inject('shopUrl') }]);
    await registerAndActivate(page, address);
    await loginOnPage(page, address);
    await page.getByRole('heading', { name: 'Mein Konto' }).waitFor();
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page
      .getByRole('button', { name: /In den Warenkorb/ })
      .first()
      .click();
    await page.getByRole('link', { name: /Warenkorb, 1 Artikel/ }).waitFor();
    await page.goto('/my-account');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByText('Sie wurden abgemeldet.').waitFor();
    await page.getByRole('link', { name: /Warenkorb, 0 Artikel/ }).waitFor();
    await context.addCookies([{ name: 'lang', value: 'en', url: inject('shopUrl') }]);
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page
      .getByRole('button', { name: /Add to cart/ })
      .first()
      .click();
    await page.getByRole('link', { name: /Cart, 1 item/ }).waitFor();
    await page.goto('/my-account');
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    const form = page.locator('form.login-form');
    await form.getByRole('textbox', { name: /Email address/ }).fill(address);
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.locator('nav.account-nav').waitFor();
    await page.getByRole('link', { name: /Cart, 2 items/ }).waitFor();
    await page.getByText('The items of your saved cart are back in your cart.').waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
