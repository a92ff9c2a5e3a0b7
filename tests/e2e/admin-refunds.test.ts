import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#app/lib/session.server.ts';
import { signedInCustomer } from '../support/customers.ts';
import { paidTransferOrder, refundRows, stockOf } from '../support/refunds.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** A shop manager refunds part of an order with restock on the order page. */
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

const managerContext = (lang: 'de' | 'en', width: number) =>
  staffContext(browser, shop, lang, width, { displayName: 'Maria Kasse' });

const TEXT = {
  en: {
    section: 'Refunds',
    quantity: 'Quantity to refund',
    restock: 'Put back in stock',
    shipping: 'Shipping to refund (€)',
    button: 'Record manual refund of €28.70',
    done: 'The manual refund has been recorded.',
    status: 'Succeeded',
  },
  de: {
    section: 'Erstattungen',
    quantity: 'Zu erstattende Menge',
    restock: 'Zurück ins Lager buchen',
    shipping: 'Zu erstattender Versand (€)',
    button: 'Manuelle Erstattung über 28,70 € erfassen',
    done: 'Die manuelle Erstattung wurde erfasst.',
    status: 'Erfolgreich',
  },
} as const;

describe('refunds on the order page', () => {
  for (const lang of ['en', 'de'] as const) {
    for (const width of [1280, 390]) {
      it(`refunds two candles with restock and the shipping (${lang}, ${width} px)`, async () => {
        const db = shop.database.db;
        const { order, candleProductId } = await paidTransferOrder(db);
        const stock = await stockOf(db, candleProductId);
        const text = TEXT[lang];
        const context = await managerContext(lang, width);
        const page = await context.newPage();
        await page.goto(`/admin/orders/${order.id}`);
        await waitForHydration(page);
        const section = page.getByRole('region', { name: text.section, exact: true });
        await section.waitFor();
        const candle = section.getByRole('group', { name: /Kerze/ });
        await candle.getByRole('textbox', { name: text.quantity }).fill('2');
        expect(await candle.getByRole('checkbox', { name: text.restock }).isChecked()).toBe(true);
        await section.getByRole('textbox', { name: text.shipping }).fill('4,90');
        // The total follows the fields as they are typed: 2 × 11.90 + 4.90.
        const submit = section.getByRole('button', { name: text.button });
        await submit.waitFor();
        await expectNoAxeViolations(page);
        await shoot(page, `refund-form-${lang}-${width}`);
        await submit.click();
        await page.waitForURL(/refund=manual/);
        await section.getByText(text.done).waitFor();
        await section.getByRole('table').getByText(text.status).waitFor();
        expect((await refundRows(db, order.id)).map((r) => r.amount)).toEqual([2870]);
        expect(await stockOf(db, candleProductId)).toBe(stock! + 2);
        await expectNoAxeViolations(page);
        await shoot(page, `refund-done-${lang}-${width}`);
        await context.close();
      });
    }
  }

  it('without JavaScript: "Calculate" shows the total and the button that refunds it', async () => {
    const db = shop.database.db;
    const { order, candle } = await paidTransferOrder(db);
    const manager = await signedInCustomer(db, { role: 'shop_manager' });
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: shop.url });
    await context.addCookies(
      Object.entries({
        lang: 'en',
        [SESSION_COOKIE]: manager.sessionId,
        cookie_consent: 'refuse',
      }).map(([name, value]) => ({ name, value, url: shop.url })),
    );
    const page = await context.newPage();
    await page.goto(`/admin/orders/${order.id}`);
    const section = page.getByRole('region', { name: 'Refunds', exact: true });
    await section.getByRole('group', { name: /Kerze/ }).getByRole('textbox').fill('1');
    await section.getByRole('button', { name: 'Calculate refund' }).click();
    await section.getByRole('button', { name: 'Record manual refund of €11.90' }).click();
    await page.waitForURL(/refund=manual/);
    expect((await refundRows(db, order.id)).map((r) => r.amount)).toEqual([1190]);
    expect(candle.quantity).toBe(3);
    await context.close();
  });
});
