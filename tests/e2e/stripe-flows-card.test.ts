import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { expectNoAxeViolations, waitForHydration } from './browser.ts';
import {
  type FlowShop,
  RECEIVED,
  TEXT,
  actionDialog,
  fillCard,
  lastOrder,
  notices,
  orderFromUrl,
  orderRow,
  payByCard,
  place,
  shopper,
  startFlowShop,
} from './stripe-flows.ts';

/** Cards through the sandbox: 3-D Secure, declines, order-pay, the redirect hashes, errors. */
let flow: FlowShop;

beforeAll(async () => {
  flow = await startFlowShop();
});

afterAll(async () => {
  await flow?.close();
});

const AUTH_FAILED = {
  de: 'Ihre Zahlungsart konnte nicht authentifiziert werden. Bitte wählen Sie eine andere Zahlungsart und versuchen Sie es erneut.',
  en: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

describe('cards on the checkout page', () => {
  it('card 4242 in German: the order is paid and the page has no accessibility problems', async () => {
    const { context, page, t } = await shopper(flow, 'de');
    await page.getByRole('radio', { name: t.card }).check();
    await expect.poll(() => page.locator('.stripe-payment iframe').count()).toBe(1);
    await expectNoAxeViolations(page);
    await fillCard(page, t, '4242 4242 4242 4242');
    await place(page, t);
    await page.waitForURL(RECEIVED);
    await page.getByText(t.thanks).waitFor();
    expect((await orderFromUrl(flow, page)).status).toBe('processing');
    await context.close();
  });

  it('3-D Secure completed in English: the challenge, a clean address, the order paid', async () => {
    const { context, page, t } = await payByCard(flow, 'en', '4000 0025 0000 3155');
    const { dialog, content } = actionDialog(page, t);
    await content.getByRole('heading', { name: '3-D Secure test authentication' }).waitFor();
    // The confirm hash was read and taken out of the address before the challenge.
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page);
    await content.getByRole('button', { name: t.complete }).click();
    await page.waitForURL(RECEIVED);
    await page.getByText(t.thanks).waitFor();
    expect(await dialog.count()).toBe(0);
    expect((await orderFromUrl(flow, page)).status).toBe('processing');
    await context.close();
  });

  for (const lang of ['de', 'en'] as const) {
    it(`3-D Secure failed (${lang}): the catalogue text in the notices, then another card pays`, async () => {
      const { context, page, t } = await payByCard(flow, lang, '4000 0025 0000 3155');
      await actionDialog(page, t).content.getByRole('button', { name: t.fail }).click();
      await notices(page).getByRole('alert').getByText(AUTH_FAILED[lang]).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      const failed = await lastOrder(flow);
      expect(['pending', 'failed']).toContain(failed.status);
      await fillCard(page, t, '4242 4242 4242 4242');
      await page.getByRole('button', { name: t.place }).click();
      await page.waitForURL(RECEIVED);
      const paid = await orderFromUrl(flow, page);
      expect(paid.id).toBe(failed.id);
      expect(paid.status).toBe('processing');
      await context.close();
    });
  }

  for (const [lang, number, text] of [
    ['de', '4000 0000 0000 0002', 'Ihre Karte wurde abgelehnt.'],
    ['en', '4000 0000 0000 0002', 'Your card was declined.'],
    ['de', '4000 0000 0000 9995', 'Ihre Karte ist nicht ausreichend gedeckt.'],
    ['en', '4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as const) {
    it(`${number.slice(-4)} (${lang}): "${text}" in the notices, nothing paid`, async () => {
      const { context, page } = await payByCard(flow, lang, number);
      await notices(page).getByRole('alert').getByText(text, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      const order = await lastOrder(flow);
      expect(order.status).not.toBe('processing');
      if (lang === 'de') await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it('the connection failing after the challenge: the transport text, and the order is not lost', async () => {
    const { context, page, t } = await payByCard(flow, 'en', '4000 0025 0000 3155');
    await page.route('**/wc-ajax/wc_stripe_update_order_status', (route) => route.abort('failed'));
    await actionDialog(page, t).content.getByRole('button', { name: t.complete }).click();
    await notices(page)
      .getByText('An error occurred while connecting to the server. Please try again.')
      .waitFor();
    // The webhook settles what the browser could not report.
    const order = await lastOrder(flow);
    await expect.poll(async () => (await orderRow(flow, order.id)).status).toBe('processing');
    await context.close();
  });
});

describe('redirect hashes', () => {
  it('a voucher hash whose return URL is another origin is refused, and the hash is cleared', async () => {
    for (const lang of ['de', 'en'] as const) {
      const { context, page } = await shopper(flow, lang);
      await page.getByRole('radio', { name: TEXT[lang].card }).check();
      await page.locator('.stripe-payment iframe').waitFor();
      const target = encodeURIComponent('https://evil.example/checkout/order-received/1');
      await page.evaluate(
        (hash) => (window.location.hash = hash),
        `#wc-stripe-voucher-1:multibanco:pi_x_secret_y:${target}`,
      );
      await notices(page)
        .getByText(
          lang === 'de'
            ? 'Bei der Verarbeitung der Zahlung ist ein Problem aufgetreten. Bitte laden Sie die Seite neu und versuchen Sie es erneut.'
            : 'There was a problem processing the payment. Please refresh the page to try again.',
        )
        .waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect(new URL(page.url()).origin).toBe(flow.shop.url);
      await context.close();
    }
  });

  it('a hash the page does not own stays, and nothing happens', async () => {
    const { context, page } = await shopper(flow, 'en');
    await page.getByRole('radio', { name: TEXT.en.card }).check();
    await page.locator('.stripe-payment iframe').waitFor();
    await page.evaluate(() => (window.location.hash = '#wc-stripe-confirm-pi:<script>:x:y'));
    await page.getByRole('button', { name: TEXT.en.place }).waitFor();
    expect(new URL(page.url()).hash).toBe('#wc-stripe-confirm-pi:%3Cscript%3E:x:y');
    expect(await notices(page).getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

describe('order-pay', () => {
  async function waitingOrder(lang: 'de' | 'en') {
    const s = await shopper(flow, lang);
    await s.page
      .getByRole('radio', {
        name: lang === 'de' ? 'Vorkasse (Überweisung)' : 'Direct bank transfer',
      })
      .check();
    await place(s.page, s.t);
    await s.page.waitForURL(/\/checkout\/order-received\/\d+/);
    const order = await orderFromUrl(flow, s.page);
    // The shop manager puts the order back to waiting for payment.
    await flow.shop.database.db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.id, order.id));
    await s.page.goto(`/checkout/order-pay/${order.id}?key=${order.orderKey}`);
    await waitForHydration(s.page);
    return { ...s, order };
  }

  it('pays a waiting order with a card, through 3-D Secure, on its order-pay page', async () => {
    const { context, page, t, order } = await waitingOrder('de');
    await page.getByRole('radio', { name: t.card }).check();
    await fillCard(page, t, '4000 0025 0000 3155');
    await page.getByRole('checkbox', { name: t.terms }).check();
    await page.locator('#place_order').click();
    await actionDialog(page, t).content.getByRole('button', { name: t.complete }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+/);
    const paid = await orderRow(flow, order.id);
    expect(paid.status).toBe('processing');
    expect(paid.paymentMethod).toBe('stripe');
    await context.close();
  });

  it('refuses a hash naming another order, in de and en, and leaves the order unpaid', async () => {
    for (const lang of ['de', 'en'] as const) {
      const { context, page, t, order } = await waitingOrder(lang);
      await page.getByRole('radio', { name: t.card }).check();
      await page.locator('.stripe-payment iframe').waitFor();
      await page.evaluate(
        (hash) => (window.location.hash = hash),
        `#wc-stripe-confirm-pi:${order.id + 1000}:pi_abc_secret_def:nonce123`,
      );
      await notices(page)
        .getByText(
          lang === 'de'
            ? 'Diese Zahlung gehört nicht zur Bestellung auf dieser Seite.'
            : 'This payment does not belong to the order on this page.',
        )
        .waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect((await orderRow(flow, order.id)).status).toBe('pending');
      await context.close();
    }
  });
});
