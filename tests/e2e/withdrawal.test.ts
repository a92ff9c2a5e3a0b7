import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { WITHDRAWAL_LIMIT_SETTING } from '#app/domain/orders/withdrawal.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createOrder } from '#db/seed/factories.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** The withdrawal button in a shop of its own: its orders, its outbox and its limit. */
let shop: TestShop;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  shop = await startTestShop();
  await putSetting(shop.database.db, WITHDRAWAL_LIMIT_SETTING, {
    declarations: 1000,
    windowMinutes: 60,
  });
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function visitor(
  options: { lang?: 'de' | 'en'; javaScript?: boolean; width?: number; cookie?: string } = {},
) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    baseURL: shop.url,
  });
  const cookies: { name: string; value: string; url: string }[] = [
    { name: 'lang', value: options.lang ?? 'de', url: shop.url },
  ];
  if (options.cookie) {
    const [name, value] = options.cookie.split('=') as [string, string];
    cookies.push({ name, value, url: shop.url });
  }
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function withdrawnAt(orderId: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.withdrawnAt;
}

describe('withdrawal button', () => {
  it('is linked from the footer of every page and takes a guest through both steps (de)', async () => {
    const email = `gast-${Date.now()}@example.com`;
    const order = await createOrder(shop.database.db, { email, productIds: [] });
    const { context, page } = await visitor({ lang: 'de' });
    await page.goto('/impressum');
    await waitForHydration(page);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Vertrag widerrufen', exact: true })
      .click();
    await page.waitForURL('**/vertrag-widerrufen');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' }).count())
      .toBe(1);
    await expectNoAxeViolations(page);
    await shot(page, 'withdrawal-guest-step1-1280');

    await page.getByRole('textbox', { name: /^Name/ }).fill('Erika Mustermann');
    await page.getByRole('textbox', { name: /^Bestellnummer/ }).fill(`#${order.number}`);
    await page.getByRole('textbox', { name: /^E-Mail-Adresse/ }).fill(email);
    await page.getByRole('button', { name: 'Weiter' }).click();
    const confirm = page.getByRole('button', { name: 'Widerruf jetzt bestätigen' });
    await confirm.waitFor();
    expect(await page.getByText('Schritt 2 von 2').count()).toBe(1);
    expect(await withdrawnAt(order.id)).toBeNull();
    await expectNoAxeViolations(page);
    await shot(page, 'withdrawal-guest-step2-1280');

    await confirm.click();
    const status = page.getByRole('status').filter({ hasText: 'bei uns eingegangen' });
    await status.waitFor();
    expect(await status.textContent()).toContain(`Bestellung ${order.number}`);
    expect(await status.textContent()).toContain(email);
    await expectNoAxeViolations(page);
    await shot(page, 'withdrawal-guest-done-1280');

    const marked = await withdrawnAt(order.id);
    expect(marked).toBeInstanceOf(Date);
    const mails = mailsWith(shop.dataDir, `${order.number}`);
    const confirmation = mails.find((m) => m.header('to')?.includes(email));
    expect(confirmation?.header('subject')).toContain('Eingangsbestätigung');
    expect(confirmation?.text).toContain('Eingegangen am');
    expect(confirmation?.text).toContain('Erika Mustermann');
    expect(confirmation?.text).toContain(`Bestellung ${order.number} vermerkt`);
    expect(confirmation?.parts.some((p) => p.contentType === 'text/html')).toBe(true);
    const notice = mails.find((m) => m.header('subject')?.startsWith('Widerruf erklärt'));
    expect(notice?.text).toContain('Die Bestellung ist markiert');
    await context.close();
  });

  it('answers a guest whose details fit no order exactly as one whose details fit', async () => {
    const email = `niemand-${Date.now()}@example.com`;
    const { context, page } = await visitor({ lang: 'en', javaScript: false });
    await page.goto('/vertrag-widerrufen');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Nobody');
    await page.getByRole('textbox', { name: /^Order number/ }).fill('99999999');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm withdrawal now' }).click();
    const status = page.getByRole('status').filter({ hasText: 'reached us on' });
    await status.waitFor();
    expect(await status.textContent()).toContain('order 99999999');
    expect(await status.textContent()).toContain(`We have sent a confirmation to ${email}.`);
    const [confirmation] = mailsWith(shop.dataDir, email).filter((m) =>
      m.header('to')?.includes(email),
    );
    expect(confirmation?.text).toContain('We will check your details');
    await context.close();
  });

  it('shows a guest which field is wrong, keeping what was typed', async () => {
    const { context, page } = await visitor({ lang: 'en', javaScript: false });
    await page.goto('/vertrag-widerrufen');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Kim');
    await page.getByRole('textbox', { name: /^Order number/ }).fill('abc');
    await page.getByRole('textbox', { name: /^Email address/ }).fill('kim@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'digits only' }).waitFor();
    const number = page.getByRole('textbox', { name: /^Order number/ });
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Kim');
    await context.close();
  });

  it('lets a customer pick the order from the account and mails both sides (en, 390 px)', async () => {
    const signedIn = await signedInCustomer(shop.database.db);
    const email = signedIn.customer.email;
    const older = await createOrder(shop.database.db, {
      customerId: signedIn.customer.id,
      email,
      productIds: [],
    });
    const order = await createOrder(shop.database.db, {
      customerId: signedIn.customer.id,
      email,
      productIds: [],
    });
    const { context, page } = await visitor({ lang: 'en', width: 390, cookie: signedIn.cookie });
    await page.goto('/my-account/orders');
    await waitForHydration(page);
    await page.getByRole('link', { name: `Withdraw from order ${order.number}` }).click();
    await page.waitForURL(`**/vertrag-widerrufen?order=${order.id}`);
    const pick = page.getByRole('radio', { name: new RegExp(`^Order ${order.number} of`) });
    await pick.waitFor();
    expect(await pick.isChecked()).toBe(true);
    expect(
      await page.getByRole('radio', { name: new RegExp(`^Order ${older.number} of`) }).isChecked(),
    ).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'withdrawal-customer-step1-390');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm withdrawal now' }).click();
    await page.getByRole('status').filter({ hasText: 'reached us on' }).waitFor();
    await shot(page, 'withdrawal-customer-done-390');
    expect(await withdrawnAt(order.id)).toBeInstanceOf(Date);
    expect(await withdrawnAt(older.id)).toBeNull();

    const confirmation = mailsWith(shop.dataDir, `order ${order.number}`).find((m) =>
      m.header('to')?.includes(email),
    );
    expect(confirmation?.header('subject')).toContain('Confirmation of receipt');
    expect(confirmation?.text).toContain('Received on');
    // The shop owner is told in the shop's language.
    expect(mailsWith(shop.dataDir, `Für die Bestellung ${order.number} wurde`).length).toBe(1);

    await page.goto(`/my-account/view-order/${order.id}`);
    expect(await page.getByText('Withdrawal declared on').count()).toBe(1);
    expect(
      await page.getByRole('link', { name: `Withdraw from order ${order.number}` }).count(),
    ).toBe(0);
    await page.goto(`/my-account/view-order/${older.id}`);
    await page.getByRole('link', { name: 'Withdraw from contract' }).first().waitFor();
    await context.close();
  });

  it('refuses a post without the page’s token and another customer’s order', async () => {
    const owner = await signedInCustomer(shop.database.db);
    const order = await createOrder(shop.database.db, {
      customerId: owner.customer.id,
      productIds: [],
    });
    const stranger = await signedInCustomer(shop.database.db);
    const { context, page } = await visitor({
      lang: 'en',
      javaScript: false,
      cookie: stranger.cookie,
    });
    await page.goto('/vertrag-widerrufen');
    expect(
      await page.getByText('Your account has no order that can still be withdrawn').count(),
    ).toBe(1);
    // With an order of their own the form (and its token) is there.
    await createOrder(shop.database.db, { customerId: stranger.customer.id, productIds: [] });
    await page.goto('/vertrag-widerrufen');
    const security =
      (await page.locator('input[name=security]').first().getAttribute('value')) ?? '';
    expect(security).toHaveLength(32);
    const post = (form: Record<string, string>) =>
      page.request.post('/vertrag-widerrufen', { form, headers: { origin: shop.url } });
    const forged = await post({ intent: 'confirm', order_id: String(order.id), security: 'x' });
    expect(forged.status()).toBe(403);
    const foreign = await post({ intent: 'confirm', order_id: String(order.id), security });
    expect(foreign.status()).toBe(400);
    expect(await withdrawnAt(order.id)).toBeNull();
    await context.close();
  });
});
