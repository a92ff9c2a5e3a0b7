import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { STATE_KEY } from '#app/components/account/orders-table.tsx';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { hashSessionId } from '#app/lib/session.server.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { ACCOUNT_SETTINGS_KEY } from '#app/domain/customers/account-settings.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { expectNoAxeViolations, waitForHydration } from './browser.ts';
import { fillBillingAddress, placeOrder } from './checkout-setup.ts';
import { shop, shopper, field, shoot, withCheckoutShop } from '../support/checkout-browser.ts';

/**
 * The checkout with accounts: paying for a waiting order, an account made with the order, a
 * returning customer.
 */

withCheckoutShop();

describe('order pay and the account', () => {
  async function signedInCustomer(context: BrowserContext) {
    const cookies = await context.cookies(shop.url);
    const sid = cookies.find((c) => c.name === 'sid')!.value;
    const [customer] = await shop.database.db
      .insert(customers)
      .values({ email: `kim-${Date.now()}@example.org`, firstName: 'Kim' })
      .returning();
    await shop.database.db
      .update(sessions)
      .set({ customerId: customer!.id })
      .where(eq(sessions.idHash, hashSessionId(sid)));
    return customer!;
  }

  it('pays a pending order on the order-pay page and lists it in the account', async () => {
    const { context, page } = await shopper({ lang: 'de' });
    await signedInCustomer(context);
    const nonce = (await page.request.get('/wc/store/v1/cart')).headers()['nonce']!;
    const placed = await page.request.post('/wc/store/v1/checkout', {
      headers: { nonce },
      data: {
        billing_address: {
          first_name: 'Kim',
          last_name: 'Lee',
          address_1: 'Weg 3',
          postcode: '20095',
          city: 'Hamburg',
          country: 'DE',
          email: 'kim@example.org',
        },
        payment_method: 'bacs',
        additional_fields: { terms: true },
      },
    });
    const order = (await placed.json()) as { order_id: number; order_key: string };
    // As a card payment left unfinished: the order waits for its money.
    await shop.database.db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.id, order.order_id));

    await page.goto('/my-account/orders');
    await waitForHydration(page);
    await page.getByRole('table', { name: 'Ihre Bestellungen' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Bestellung \d+ bezahlen/ }).click();
    await page.waitForURL(/\/checkout\/order-pay\//);
    await waitForHydration(page);
    expect(await page.locator('.woocommerce-order-pay').count()).toBe(1);
    await page.getByRole('radio', { name: 'Kauf auf Rechnung' }).check();
    await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Bestellung bezahlen' }).click();
    await page.waitForURL(/\/checkout\/order-received\//);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row!.status).toBe('processing');

    // The table keeps its page size for the next visit to the bare address.
    await page.goto('/my-account/orders');
    await waitForHydration(page);
    await page.getByRole('combobox', { name: /Einträge pro Seite/ }).selectOption('25');
    await page.waitForURL(/per_page=25/);
    // The table keeps its state once the new page has rendered, not when the address changes.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', STATE_KEY))
      .toContain('per_page=25');
    await page.goto('/my-account/orders');
    await page.waitForURL(/per_page=25/);
    expect(await page.getByRole('combobox', { name: /Einträge pro Seite/ }).inputValue()).toBe(
      '25',
    );
    await context.close();
  });
});

describe('an account with the order', () => {
  it('opens the password from its box, clears it on untick, and leaves the buyer logged in', async () => {
    const db = shop.database.db;
    await putSetting(db, ACCOUNT_SETTINGS_KEY, { doubleOptIn: false });
    try {
      const { context, page } = await shopper({ lang: 'de' });
      const email = `konto-${Date.now()}@example.org`;
      await fillBillingAddress(page, 'de', {
        first_name: 'Jana',
        last_name: 'Berg',
        address_1: 'Am Markt 2',
        postcode: '04109',
        city: 'Leipzig',
        email,
      });
      const box = page.getByRole('checkbox', { name: 'Ein Kundenkonto anlegen?' });
      const password = page.getByLabel('Passwort für das Kundenkonto', { exact: false });
      expect(await password.count()).toBe(0);
      await box.check();
      await password.fill('abc');
      await box.uncheck();
      await password.waitFor({ state: 'detached' });
      await box.check();
      expect(await password.inputValue()).toBe('');
      await password.fill('Lichterkette-am-Fenster-2026');
      await expectNoAxeViolations(page);
      await shoot(page, 'checkout-account-1280');
      await page.getByRole('radio', { name: 'Vorkasse (Überweisung)' }).check();
      await page.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }).check();
      await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
      await page.waitForURL(/\/checkout\/order-received\/(\d+)/);
      const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
      const [customer] = await db.select().from(customers).where(eq(customers.email, email));
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.customerId).toBe(customer!.id);
      // Logged in under the new account: the order is in its list.
      await page.goto('/my-account/orders');
      await page.getByRole('table', { name: 'Ihre Bestellungen' }).waitFor();
      expect(
        await page.getByRole('link', { name: new RegExp(`${order!.number}`) }).count(),
      ).toBeGreaterThan(0);
      await context.close();
    } finally {
      await putSetting(db, ACCOUNT_SETTINGS_KEY, {});
    }
  });
});

describe('a returning customer', () => {
  const PASSWORD = 'Zimtschnecke-am-Hafen-42';

  /** An account with a password and saved addresses: billing in Hamburg, shipping to Bremen. */
  async function accountWithAddresses() {
    const email = `stamm-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const [customer] = await shop.database.db
      .insert(customers)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Lena',
        lastName: 'Vogt',
        billingAddress: {
          first_name: 'Lena',
          last_name: 'Vogt',
          address_1: 'Elbchaussee 12',
          postcode: '22763',
          city: 'Hamburg',
          country: 'DE',
          phone: '+49 40 123456',
        },
        shippingAddress: {
          first_name: 'Lena',
          last_name: 'Vogt',
          address_1: 'Schlachte 3',
          postcode: '28195',
          city: 'Bremen',
          country: 'DE',
        },
      })
      .returning();
    return customer!;
  }

  // The scroll is 300 ms long and starts in the frame that moves the focus: the form's top is
  // below 48 px from its first frame on, so the test waits for the scroll to come to rest
  // rather than reading the position once while it may still be under way.
  for (const width of [1280, 390]) {
    it(`opens the login form from its link, scrolled 50 px below the top with the focus in it (${width} px)`, async () => {
      const { context, page } = await shopper({ lang: 'en', width });
      const toggle = page.getByRole('button', { name: 'Returning customer? Click here to login' });
      const login = page.locator('#checkout-login');
      expect(await login.count()).toBe(0);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await login.getByRole('button', { name: 'Log in' }).waitFor();
      // The email field of the login form takes the focus, not the billing email below.
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('#checkout-login') !== null),
        )
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
        'username',
      );
      // The scroll ends with the form's top 50 px below the top of the window, and stays.
      const resting = () =>
        login.evaluate(
          (el) =>
            new Promise<{ top: number; moved: boolean }>((resolve) => {
              const before = window.scrollY;
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve({
                    top: Math.round(el.getBoundingClientRect().top),
                    moved: window.scrollY !== before,
                  }),
                ),
              );
            }),
        );
      await expect
        .poll(resting)
        .toSatisfy(
          ({ top, moved }: { top: number; moved: boolean }) => !moved && Math.abs(top - 50) <= 2,
        );
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await shoot(page, `checkout-login-${width}`);
      await toggle.click();
      await login.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('logs in from the checkout, finds the account’s addresses filled in and the order in the account', async () => {
    const customer = await accountWithAddresses();
    const { context, page } = await shopper({ lang: 'de' });
    await page.getByRole('button', { name: 'Sie sind bereits Kunde? Hier anmelden' }).click();
    const login = page.locator('#checkout-login');
    await login
      .getByRole('textbox', { name: 'E-Mail-Adresse (Pflichtfeld)', exact: true })
      .fill(customer.email);
    await login.getByLabel('Passwort (Pflichtfeld)', { exact: true }).fill(PASSWORD);
    const loggedIn = page.waitForResponse(
      (r) => new URL(r.url()).pathname.startsWith('/my-account') && r.request().method() === 'POST',
    );
    await login.getByRole('button', { name: 'Anmelden' }).click();
    await loggedIn;
    // Back on the checkout, logged in: no login link, the account's addresses in the form. The
    // page stays at /checkout while its data is loaded again, so the link's going is awaited.
    await page.waitForURL(/\/checkout$/);
    await waitForHydration(page);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Sie sind bereits Kunde? Hier anmelden' }).count(),
      )
      .toBe(0);
    expect(await field(page, 'Vorname').inputValue()).toBe('Lena');
    expect(await field(page, 'Straße und Hausnummer').inputValue()).toBe('Elbchaussee 12');
    expect(await field(page, 'Ort / Stadt').inputValue()).toBe('Hamburg');
    expect(await field(page, 'E-Mail-Adresse').inputValue()).toBe(customer.email);
    const different = page.getByRole('checkbox', { name: 'Lieferung an eine andere Adresse?' });
    expect(await different.isChecked()).toBe(true);
    const shipping = page.locator('.shipping_address');
    expect(
      await shipping.getByRole('textbox', { name: 'Ort / Stadt', exact: true }).inputValue(),
    ).toBe('Bremen');
    await expectNoAxeViolations(page);

    const orderId = await placeOrder(page, 'de');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.customerId).toBe(customer.id);
    expect(order!.billingAddress).toMatchObject({ city: 'Hamburg', email: customer.email });
    expect(order!.shippingAddress).toMatchObject({ address_1: 'Schlachte 3', city: 'Bremen' });

    await page.goto('/my-account/orders');
    await page.getByRole('table', { name: 'Ihre Bestellungen' }).waitFor();
    await page
      .getByRole('link', { name: new RegExp(`Bestellung ${order!.number} ansehen`) })
      .waitFor();
    await context.close();
  });

  it('moves the focus to the checkout’s notices half a second after they appear', async () => {
    const { context, page } = await shopper({ lang: 'en' });
    // The page's clock stands still and moves only when the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('alert')
      .getByRole('link', { name: /First name/ })
      .waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.className ?? '');
    await page.clock.runFor(450);
    expect(await focused()).not.toBe('notices');
    await page.clock.runFor(100);
    await expect.poll(focused).toBe('notices');
    // Scrolled to 100 px above the notices by then.
    await page.clock.runFor(1000);
    const top = await page
      .locator('.notices')
      .first()
      .evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(Math.abs(top - 100)).toBeLessThanOrEqual(2);
    await context.close();
  });
});
