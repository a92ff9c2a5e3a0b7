import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderRow, type OrderStatus, orders } from '#app/domain/orders/orders.schema.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** A shop manager's daily work on one order: mark paid, cancel, write to the customer. */
let shop: TestShop;
let browser: Browser;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Kerze', en: 'Candle' },
  });
  productId = product.id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A bank transfer order that ships (a DHL line), in the given status. */
async function bankTransfer(status: OrderStatus): Promise<OrderRow> {
  const db = shop.database.db;
  const order = await createOrder(db, { status, productIds: [productId] });
  const [row] = await db
    .update(orders)
    .set({
      shippingLines: [
        {
          packageId: 0,
          rateId: 'flat_rate:1',
          methodId: 'flat_rate',
          name: 'DHL',
          total: 0,
          tax: 0,
          taxes: [],
        },
      ],
    })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

async function status(order: OrderRow) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
  return row!.status;
}

const managerContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width, {
    displayName: 'Maria Lager',
    email: `maria-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
  });

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return `${el?.tagName ?? ''}|${el?.name ?? ''}|${el?.type ?? ''}|${el?.textContent ?? ''}`;
  });

/** Tabs forward until the focused element matches; fails when it is never reached. */
async function tabTo(page: Page, matches: (focus: string) => boolean) {
  for (let i = 0; i < 80; i++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached by Tab; focus on ${await focused(page)}`);
}

describe('order actions in the back office', () => {
  const TEXT = {
    en: {
      record: 'Record payment',
      amount: /Amount received/,
      total: '11.90',
      paid: 'Mark as paid',
      mismatch: 'must equal the order total',
      recorded: 'The payment has been recorded.',
      note: /Payment of 11\.90 EUR received on/,
      cancel: 'Cancel order',
      confirm: 'Please confirm',
      cancelled: 'The order has been cancelled.',
    },
    de: {
      record: 'Zahlung erfassen',
      amount: /Erhaltener Betrag/,
      total: '11,90',
      paid: 'Als bezahlt markieren',
      mismatch: 'muss dem Bestellbetrag entsprechen',
      recorded: 'Die Zahlung wurde erfasst.',
      note: /Zahlung über 11\.90 EUR am .* erhalten/,
      cancel: 'Bestellung stornieren',
      confirm: 'Bitte bestätigen',
      cancelled: 'Die Bestellung wurde storniert.',
    },
  } as const;

  for (const lang of ['de', 'en'] as const) {
    const text = TEXT[lang];

    it(`marks a bank transfer paid, after a wrong amount is refused (${lang})`, async () => {
      const order = await bankTransfer('on-hold');
      const context = await managerContext(lang);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      const card = page.getByRole('region', { name: text.record });
      const amount = card.getByRole('textbox', { name: text.amount });
      expect(await amount.inputValue()).toBe(text.total);
      await amount.fill('10');
      await card.getByRole('button', { name: text.paid }).click();
      const alert = card.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(text.mismatch);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.className))
        .toBe('notices');
      expect(await amount.getAttribute('aria-describedby')).toContain('amount-tip');
      expect(await status(order)).toBe('on-hold');
      await shoot(page, `admin-order-paid-error-${lang}-1280`);

      await amount.fill(text.total);
      await card.getByRole('button', { name: text.paid }).click();
      await page.getByRole('status').filter({ hasText: text.recorded }).waitFor();
      expect(await status(order)).toBe('processing');
      await page.getByText(text.note).waitFor();
      await context.close();
    });

    it(`cancels an order with the keyboard alone, after confirming (${lang})`, async () => {
      const order = await bankTransfer('on-hold');
      const context = await managerContext(lang);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      const button = `BUTTON||submit|${text.cancel}`;
      await page.keyboard.press('Tab');
      await tabTo(page, (f) => f === button);
      // Without the confirmation nothing happens but a message.
      await page.keyboard.press('Enter');
      const card = page.getByRole('region', { name: text.cancel });
      await expect.poll(() => card.getByRole('alert').textContent()).toContain(text.confirm);
      expect(await status(order)).toBe('on-hold');
      await tabTo(page, (f) => f.startsWith('INPUT|confirm|checkbox'));
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(button);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: text.cancelled }).waitFor();
      expect(await status(order)).toBe('cancelled');
      expect(await page.getByRole('region', { name: text.cancel }).count()).toBe(0);
      await context.close();
    });
  }

  for (const lang of ['de', 'en'] as const) {
    it(`adds a note to the customer, shown with its author (${lang})`, async () => {
      const order = await bankTransfer('processing');
      const context = await managerContext(lang);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      const form = page.getByRole('region', {
        name: lang === 'de' ? 'Notiz hinzufügen' : 'Add note',
      });
      const text = `Ihr Paket kommt morgen ${lang}`;
      await form.getByRole('textbox', { name: lang === 'de' ? /Notiz/ : /Note/ }).fill(text);
      await form
        .getByRole('radio', { name: lang === 'de' ? /an den Kunden/ : /to the customer/ })
        .check();
      await form
        .getByRole('button', { name: lang === 'de' ? 'Notiz hinzufügen' : 'Add note' })
        .click();
      await page
        .getByRole('status')
        .filter({ hasText: lang === 'de' ? 'per E-Mail geschickt' : 'emailed to the customer' })
        .waitFor();
      const timeline = page.getByRole('region', {
        name: lang === 'de' ? 'Notizen und Verlauf' : 'Notes and timeline',
      });
      const entry = timeline.getByRole('listitem').filter({ hasText: text });
      await expect
        .poll(() => entry.textContent())
        .toMatch(lang === 'de' ? /von maria-/ : /by maria-/);
      await context.close();
    });
  }

  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`passes axe on the order page and the address form (${lang}, ${width} px)`, async () => {
      const order = await bankTransfer('on-hold');
      const context = await managerContext(lang, width);
      const page = await context.newPage();
      await page.goto(`/admin/orders/${order.id}`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-order-actions-${lang}-${width}`);
      await page.goto(`/admin/orders/${order.id}/address`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await shoot(page, `admin-order-address-${lang}-${width}`);
      await context.close();
    });
  }
});
