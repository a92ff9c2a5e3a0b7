import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../support/database.ts';
import { type ShopProcess, spawnShop } from '../support/shop-process.ts';
import { launchBrowser, waitForHydration } from './browser.ts';

/**
 * A new owner's first day: the shop starts with an empty catalog and only the README's start
 * settings (the administrator's address and password); everything else is done in the back
 * office until the first order is paid.
 */
const OWNER = { email: 'inhaberin@kerzenwerk.example', password: 'Docht-und-Wachs-2026' };

let shop: ShopProcess;
let dataDir: string;
let browser: Browser;
/** With TEST_DATABASE_URL: an empty database on that server, migrated by the shop's own start. */
let database: { name: string; url: string } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// A fresh shop for each attempt: a retried journey starts from the empty catalog again.
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-first-order-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  shop = await spawnShop({
    ...(database ? { DATABASE_URL: database.url } : {}),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
});

afterEach(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (database) {
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    await server.query(`drop database if exists ${database.name} with (force)`);
    await server.end();
  }
});

async function visitor(lang: 'de' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL: shop.url,
  });
  await context.addCookies(
    Object.entries({ lang, cookie_consent: 'refuse' }).map(([name, value]) => ({
      name,
      value,
      url: shop.url,
    })),
  );
  return context;
}

/** Follows a link of the back office's side navigation, as the owner would. */
async function open(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Verwaltung' })
    .getByRole('link', { name, exact: true })
    .click();
  await waitForHydration(page);
}

async function save(page: Page, button: string, confirmation: string | RegExp) {
  await page.getByRole('button', { name: button }).click();
  await page.getByText(confirmation).first().waitFor();
}

describe('a shop from an empty catalog', () => {
  it('is set up in the back office and takes its first order, paid by bank transfer', async () => {
    // The owner signs in with the account the start created and finds the back office.
    const owner = await visitor('de');
    const admin = await owner.newPage();
    await admin.goto('/my-account');
    await waitForHydration(admin);
    const login = admin.locator('form.login-form');
    await login.getByRole('textbox', { name: /E-Mail-Adresse/ }).fill(OWNER.email);
    await login.getByRole('textbox', { name: /^Passwort/ }).fill(OWNER.password);
    await login.getByRole('button', { name: 'Anmelden' }).click();
    const accountNav = admin.getByRole('navigation', { name: 'Kontonavigation' });
    await accountNav.getByRole('link', { name: 'Verwaltung' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
    await waitForHydration(admin);

    // Settings → Shop: the owner's details for the imprint, mails and invoices.
    await open(admin, 'Einstellungen');
    await admin.getByRole('link', { name: 'Shop', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    await waitForHydration(admin);
    const ownerDetails = {
      'Name oder Firma': 'Kerzenwerk Lindner',
      'Straße und Hausnummer': 'Am Markt 3',
      Postleitzahl: '04109',
      Ort: 'Leipzig',
      'E-Mail-Adresse': 'info@kerzenwerk.example',
      Telefon: '+49 341 123456',
      'Vertreten durch': 'Jana Lindner',
    };
    for (const [label, value] of Object.entries(ownerDetails)) {
      await admin.getByRole('textbox', { name: new RegExp(`^${label} \\(`) }).fill(value);
    }
    await admin.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Deutschland' });
    await save(admin, 'Einstellungen speichern', 'Die Einstellungen wurden gespeichert.');

    // Settings → Shipping: a zone for Germany with a flat rate.
    await open(admin, 'Einstellungen');
    await admin.getByRole('link', { name: 'Versand', exact: true }).click();
    await admin.getByRole('link', { name: 'Versandzone hinzufügen' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Neue Versandzone' }).waitFor();
    await waitForHydration(admin);
    await admin.getByRole('textbox', { name: /^Name \(Deutsch\)/ }).fill('Deutschland');
    await admin.getByRole('textbox', { name: /^Name \(Englisch\)/ }).fill('Germany');
    await admin.getByRole('listbox', { name: /^Länder/ }).selectOption({ label: 'Deutschland' });
    await admin
      .getByRole('combobox', { name: /^Versandart hinzufügen/ })
      .selectOption({ label: 'Pauschale' });
    await admin.getByRole('button', { name: 'Versandzone anlegen' }).click();
    await admin.waitForURL(/\/admin\/settings\/shipping\/\d+/);
    await waitForHydration(admin);
    const rate = admin.getByRole('group', { name: 'Pauschale: Versand' });
    await rate.getByRole('textbox', { name: /^Kosten in Euro/ }).fill('4,90');
    await save(admin, 'Versandzone speichern', 'Die Versandzone wurde gespeichert.');

    // Settings → Payments: bank transfer with the shop's bank account.
    await open(admin, 'Einstellungen');
    await admin.getByRole('link', { name: 'Zahlungsarten', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'Zahlungsarten' }).waitFor();
    await waitForHydration(admin);
    await admin.getByRole('checkbox', { name: 'Vorkasse (Überweisung)' }).check();
    const bank = admin.getByRole('group', { name: 'Bankverbindung für Vorkasse' });
    await bank.getByRole('textbox', { name: /^Kontoinhaber/ }).fill('Kerzenwerk Lindner');
    await bank.getByRole('textbox', { name: /^Bank/ }).fill('Sparkasse Leipzig');
    await bank.getByRole('textbox', { name: /^IBAN/ }).fill('DE02 1203 0000 0000 2020 51');
    await bank.getByRole('textbox', { name: /^BIC/ }).fill('BYLADEM1001');
    await save(admin, 'Einstellungen speichern', 'Die Zahlungseinstellungen sind gespeichert.');

    // Catalog → delivery times: the product page states how long delivery takes.
    await open(admin, 'Katalog');
    await admin
      .getByRole('navigation', { name: 'Katalog-Listen' })
      .getByRole('link', { name: 'Lieferzeiten' })
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Lieferzeiten' }).waitFor();
    await waitForHydration(admin);
    const entry = admin.getByRole('region', { name: 'Neuer Eintrag' });
    await entry.getByRole('textbox', { name: /^Bezeichnung \(Deutsch\)/ }).fill('1–3 Werktage');
    await entry
      .getByRole('textbox', { name: /^Bezeichnung \(Englisch\)/ })
      .fill('1–3 working days');
    await entry.getByRole('textbox', { name: /^Mindestens/ }).fill('1');
    await entry.getByRole('textbox', { name: /^Höchstens/ }).fill('3');
    await entry.getByRole('button', { name: 'Hinzufügen' }).click();
    await admin.getByRole('region', { name: 'Alle Einträge' }).getByText('1–3 Werktage').waitFor();

    // Products → new: a simple product with price, stock and delivery time, published.
    await open(admin, 'Produkte');
    await admin.getByText('Noch keine Produkte.', { exact: false }).waitFor();
    await admin.getByRole('link', { name: 'Produkt hinzufügen' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Neues Produkt' }).waitFor();
    await waitForHydration(admin);
    const field = (label: string) =>
      admin.getByRole('textbox', { name: new RegExp(`^${label} \\(`) });
    await field('Name \\(deutsch\\)').fill('Bienenwachskerze');
    await field('Name \\(englisch\\)').fill('Beeswax candle');
    await field('Artikelnummer').fill('KW-001');
    await field('Kurzbeschreibung \\(deutsch\\)').fill('Handgezogen aus reinem Bienenwachs.');
    await field('Kurzbeschreibung \\(englisch\\)').fill('Hand-dipped from pure beeswax.');
    await field('Regulärer Preis').fill('12,90');
    await admin.getByRole('checkbox', { name: 'Lagerbestand verwalten' }).check();
    await field('Bestand').fill('25');
    await field('Gewicht \\(kg\\)').fill('0,3');
    await admin
      .getByRole('combobox', { name: /^Lieferzeit/ })
      .selectOption({ label: '1–3 Werktage' });
    await admin
      .getByRole('combobox', { name: /^Status/ })
      .selectOption({ label: 'Veröffentlicht' });
    await admin.getByRole('button', { name: 'Produkt speichern' }).click();
    await admin.waitForURL(/\/admin\/products\/\d+\?saved/);
    await waitForHydration(admin);
    await admin.getByRole('status').getByText('Das Produkt wurde gespeichert.').waitFor();

    // A shopper, in English, finds the candle in the shop.
    const shopper = await visitor('en');
    const store = await shopper.newPage();
    await store.goto('/');
    await waitForHydration(store);
    // The sample imprint already names the owner entered in the settings.
    await store
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Legal notice' })
      .click();
    await store.getByRole('main').getByText('Kerzenwerk Lindner').first().waitFor();
    await store
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'All products' })
      .click();
    await store.getByRole('link', { name: 'Beeswax candle' }).first().click();
    await store.getByRole('heading', { level: 1, name: 'Beeswax candle' }).waitFor();
    await waitForHydration(store);
    await store.getByText('Delivery time: 1–3 working days').waitFor();
    await store.getByRole('button', { name: 'Add to cart' }).click();
    const cartLink = store.getByRole('link', { name: 'Cart, 1 item' });
    await cartLink.waitFor();
    await cartLink.click();
    await store.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await waitForHydration(store);
    await store
      .getByRole('region', { name: 'Cart totals' })
      .getByRole('link', { name: 'Checkout', exact: true })
      .click();
    await store.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await waitForHydration(store);
    const billing = store.getByRole('region', { name: 'Billing details' });
    await billing
      .getByRole('combobox', { name: 'Country / Region' })
      .selectOption({ label: 'Germany' });
    const address = {
      'First name': 'Erika',
      'Last name': 'Mustermann',
      'Street address': 'Hauptstraße 5',
      'Postcode / ZIP': '10115',
      'Town / City': 'Berlin',
      'Email address': 'erika@example.org',
    };
    for (const [label, value] of Object.entries(address)) {
      await billing.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await store.getByRole('radio', { name: 'Direct bank transfer' }).check();
    await store
      .getByRole('checkbox', { name: /I have read and agree to the terms and conditions/ })
      .check();
    await store.getByRole('button', { name: 'Buy now' }).click();
    await store.getByText('Thank you. Your order has been received.').waitFor();
    const bankDetails = store.getByRole('region', { name: 'Our bank details' });
    await bankDetails.getByText('DE02 1203 0000 0000 2020 51').waitFor();
    const number = (await store.getByText('Order number:').locator('strong').textContent())!.trim();
    expect(number).toMatch(/^\d+$/);
    await shopper.close();

    // The owner sees the order waiting for the transfer and marks the money as received.
    await open(admin, 'Bestellungen');
    const orders = admin.getByRole('table', { name: 'Bestellungen' });
    const row = orders.getByRole('row', { name: new RegExp(`#${number} .*Erika Mustermann`) });
    await row.getByRole('cell', { name: 'In Wartestellung' }).waitFor();
    await row.getByRole('link', { name: `#${number}` }).click();
    await admin.getByRole('heading', { level: 1, name: new RegExp(number) }).waitFor();
    await waitForHydration(admin);
    const payment = admin.getByRole('region', { name: 'Zahlung erfassen' });
    await payment.getByRole('textbox', { name: /^Erhaltener Betrag/ }).fill('17,80');
    await payment.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    await waitForHydration(admin);
    await admin.getByRole('status').getByText('Die Zahlung wurde erfasst.').waitFor();
    await admin.getByText(/^In Bearbeitung Aufgegeben am/).waitFor();
    // Invoices are made on payment by default, just after it (the outbox): the owner reloads.
    const invoice = admin
      .getByRole('region', { name: 'Rechnungen' })
      .getByRole('link', { name: /^PDF RE-\d{4}-00001 herunterladen$/ });
    await expect
      .poll(async () => {
        if (await invoice.count()) return true;
        await admin.reload();
        return false;
      })
      .toBe(true);
    const pdf = await admin.request.get((await invoice.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The list agrees: the order is paid and waits to be shipped.
    await open(admin, 'Bestellungen');
    await orders
      .getByRole('row', { name: new RegExp(`#${number} `) })
      .getByRole('cell', { name: 'In Bearbeitung' })
      .waitFor();
    await owner.close();
  });
});
