import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { invoiceOrder, useSeller } from '../support/invoice-orders.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { contextWithSession, shoot } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** A shop manager creates and downloads an invoice; its customer downloads the same file. */
let shop: TestShop;
let browser: Browser;
let customer: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  await useSeller(shop.database.db);
  customer = await signedInCustomer(shop.database.db);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const contextAs = (who: SignedIn, lang: 'de' | 'en', width = 1280) =>
  contextWithSession(browser, shop.url, who.sessionId, { lang, width, acceptDownloads: true });

/** The downloaded file's digest; saved aside, as the browser may run in another process. */
async function sha256(download: Download) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-download-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    await download.saveAs(file);
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const TEXT = {
  de: {
    order: 'Bestellung',
    create: 'Rechnung jetzt erstellen',
    created: /Rechnung RE-\d{4}-\d{5} wurde erstellt\./,
    download: (n: string) => `PDF ${n} herunterladen`,
    customer: (n: string) => `Rechnung ${n} (PDF)`,
  },
  en: {
    order: 'Order',
    create: 'Create invoice now',
    created: /Invoice RE-\d{4}-\d{5} was created\./,
    download: (n: string) => `Download PDF ${n}`,
    customer: (n: string) => `Invoice ${n} (PDF)`,
  },
} as const;

describe('invoices in the back office and the customer account', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`creates an invoice, downloads it, and the customer downloads the same file (${lang})`, async () => {
      const text = TEXT[lang];
      const db = shop.database.db;
      const order = await invoiceOrder(db, {
        status: 'processing',
        paid: true,
        customerId: customer.customer.id,
        locale: lang,
      });
      const manager = await signedInCustomer(db, { role: 'shop_manager' });
      const context = await contextAs(manager, lang);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      await page
        .getByRole('heading', { level: 1, name: `${text.order} ${order.number}` })
        .waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: text.create }).click();
      await page.getByText(text.created).waitFor();
      const [stored] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
      expect(stored).toBeDefined();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-invoices-${lang}-1280`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: text.download(stored!.number) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${stored!.number}.pdf`);
      expect(await sha256(download)).toBe(stored!.sha256);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('link', { name: text.download(stored!.number) }).waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-invoices-${lang}-390`);
      await context.close();

      const own = await contextAs(customer, lang, 390);
      const mine = await own.newPage();
      await mine.goto(`/my-account/view-order/${order.id}`);
      await waitForHydration(mine);
      const link = mine.getByRole('link', { name: text.customer(stored!.number) });
      await link.waitFor();
      await expectNoAxeViolations(mine);
      await shoot(mine, `account-invoice-${lang}-390`);
      const [again] = await Promise.all([mine.waitForEvent('download'), link.click()]);
      expect(await sha256(again)).toBe(stored!.sha256);
      await own.close();
    }, 120_000);
  }
});
