import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SETTING_KEYS } from '#app/domain/settings/mail-settings.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { invoiceOrder } from '../support/invoice-orders.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  launchBrowser,
  waitForHydration,
} from './browser.ts';

/** The mails page, in a shop of its own with one order to build the previews from. */
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startTestShop();
  await invoiceOrder(shop.database.db);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const TEXT = {
  de: {
    title: 'E-Mails',
    name: 'Absendername',
    address: 'Absenderadresse',
    save: 'Einstellungen speichern',
    saved: 'Die Einstellungen wurden gespeichert.',
    preview: 'Vorschau DE – Bestellbestätigung',
    previewHeading: 'Vorschau: Bestellbestätigung (Deutsch)',
    send: 'Test-E-Mail senden',
    sent: /Test-E-Mail „Bestellbestätigung“ \(Deutsch\) an .* verschickt\./,
  },
  en: {
    title: 'Emails',
    name: 'Sender name',
    address: 'Sender address',
    save: 'Save settings',
    saved: 'The settings have been saved.',
    preview: 'Preview EN – Order shipped',
    previewHeading: 'Preview: Order shipped (English)',
    send: 'Send test email',
    sent: /Test email “Order shipped” \(English\) sent to .*\./,
  },
} as const;

function outboxMails(): string[] {
  const dir = path.join(shop.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

describe('the mail settings', () => {
  for (const [lang, width] of [
    ['de', 1280],
    ['en', 390],
  ] as const) {
    it(`changes the sender, previews a mail and sends it as a test (${lang}, ${width} px)`, async () => {
      await shop.database.db.delete(settings).where(inArray(settings.key, MAIL_SETTING_KEYS));
      const text = TEXT[lang];
      const email = `team-${lang}@kerzen.example`;
      const context = await staffContext(browser, shop, lang, width, { email });
      const page = await context.newPage();
      await page.goto('/admin/settings/mails');
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      const sender = `Kerzenwerk ${lang.toUpperCase()}`;
      await page.getByLabel(text.name).fill(sender);
      await page.getByLabel(text.address).fill(`post-${lang}@kerzen.example`);
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.saved).waitFor();
      expect(await page.getByLabel(text.name).inputValue()).toBe(sender);

      await page.getByRole('link', { name: text.preview }).click();
      await page.getByRole('heading', { name: text.previewHeading }).waitFor();
      await expect.poll(() => page.getByTestId('preview-text').textContent()).toContain('10');
      const htmlLink = page.getByRole('link', { name: /^HTML/ });
      const html = await page.request.get((await htmlLink.getAttribute('href'))!);
      expect(html.status()).toBe(200);
      expect(html.headers()['content-security-policy']).toMatch(/^sandbox;/);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await shoot(page, `admin-mail-settings-preview-${lang}-${width}`);

      // The test send takes the previewed mail and language.
      await page.getByRole('button', { name: text.send }).click();
      await page.getByText(text.sent).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-mail-settings-${lang}-${width}`);
      const mail = outboxMails().find((m) => m.includes(`To: ${email}`));
      expect(mail).toBeDefined();
      expect(mail).toMatch(new RegExp(`From: "?${sender}"? <post-${lang}@kerzen\\.example>`));
      await context.close();
    }, 180_000);
  }
});
