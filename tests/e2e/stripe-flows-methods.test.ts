import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPEARANCE_SETTING,
  storedAppearance,
} from '#app/domain/payments/stripe/appearance.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { expectNoAxeViolations } from './browser.ts';
import {
  type FlowShop,
  RECEIVED,
  actionDialog,
  chooseCountry,
  control,
  lastOrder,
  notices,
  orderFromUrl,
  orderRow,
  paymentForm,
  place,
  shopper,
  startFlowShop,
} from './stripe-flows.ts';

/**
 * The alternative methods through the sandbox: SEPA settled by webhook, a bank's authorisation
 * page (iDEAL), a voucher (Multibanco), BLIK, and methods limited to billing countries.
 */
let flow: FlowShop;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  flow = await startFlowShop(['stripe_multibanco', 'stripe_cashapp']);
});

afterAll(async () => {
  await flow?.close();
});

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('SEPA Direct Debit', () => {
  it('AT61… is processing: the order waits on hold, then the webhook marks it paid', async () => {
    const { context, page, t } = await shopper(flow, 'de');
    await page.getByRole('radio', { name: t.sepa }).check();
    const form = paymentForm(page);
    await form.getByLabel('Kontoinhaber').fill('Erika Mustermann');
    await form.getByLabel('E-Mail-Adresse').fill('erika@example.org');
    await form.getByLabel('IBAN').fill('AT61 1904 3002 3457 3201');
    await place(page, t);
    await page.waitForURL(RECEIVED);
    const order = await orderFromUrl(flow, page);
    expect(order.status).toBe('on-hold');
    const advanced = await control(flow, 'advance', { payment_intent: order.paymentIntentId! });
    expect(advanced.advanced).toBe(1);
    await expect.poll(async () => (await orderRow(flow, order.id)).status).toBe('processing');
    await context.close();
  });

  it('AT86… fails: on hold while processing, then failed when the bank refuses the debit', async () => {
    const { context, page, t } = await shopper(flow, 'en');
    await page.getByRole('radio', { name: t.sepa }).check();
    const form = paymentForm(page);
    await form.getByLabel('Account holder').fill('Erika Mustermann');
    await form.getByLabel('Email address').fill('erika@example.org');
    await form.getByLabel('IBAN').fill('AT861904300235473202');
    await place(page, t);
    await page.waitForURL(RECEIVED);
    const order = await orderFromUrl(flow, page);
    expect(order.status).toBe('on-hold');
    await control(flow, 'advance', { payment_intent: order.paymentIntentId! });
    await expect.poll(async () => (await orderRow(flow, order.id)).status).toBe('failed');
    await context.close();
  });

  it('an invalid IBAN is refused in the payment form before anything is sent', async () => {
    const { context, page, t } = await shopper(flow, 'de');
    await page.getByRole('radio', { name: t.sepa }).check();
    const form = paymentForm(page);
    await form.getByLabel('Kontoinhaber').fill('Erika Mustermann');
    await form.getByLabel('E-Mail-Adresse').fill('erika@example.org');
    const iban = form.getByLabel('IBAN');
    await iban.fill('DE00 1234 5678 9012 3456 78');
    await place(page, t);
    await expect.poll(() => iban.getAttribute('aria-invalid')).toBe('true');
    await notices(page).getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await context.close();
  });
});

describe("a bank's authorisation page (iDEAL)", () => {
  for (const [outcome, button] of [
    ['authorised', 'Authorise payment'],
    ['declined', 'Decline'],
  ] as const) {
    it(`${outcome} at the bank: the shopper comes back to the shop`, async () => {
      const { context, page, t } = await shopper(flow, 'en', { country: 'NL' });
      await page.getByRole('radio', { name: 'iDEAL' }).check();
      await paymentForm(page)
        .getByText(/redirected to your bank/)
        .waitFor();
      await place(page, t);
      await page.getByRole('heading', { name: 'Authorise the test payment at the bank' }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(
        (url) => url.origin === flow.shop.url && !url.search.includes('secret'),
      );
      const order = await lastOrder(flow);
      if (outcome === 'authorised') {
        await page.getByText(t.thanks).waitFor();
        expect(order.status).toBe('processing');
      } else {
        // No thanks for a refused payment: the reason, and the way to pay again.
        expect(order.status).toBe('failed');
        await page
          .getByRole('alert')
          .getByText(/the bank or payment provider declined the payment/)
          .waitFor();
        expect(await page.getByText(t.thanks).count()).toBe(0);
        await expectNoAxeViolations(page);
        await shoot(page, 'bank-declined-1280');
        await page.getByRole('link', { name: 'Pay now' }).click();
        await page.waitForURL(new RegExp(`/checkout/order-pay/${order.id}\\?key=`));
      }
      await context.close();
    });
  }
});

describe('a voucher (Multibanco)', () => {
  it('the voucher dialog, then the same-origin return URL', async () => {
    const { context, page, t } = await shopper(flow, 'de', { country: 'PT' });
    await page.getByRole('radio', { name: 'Multibanco' }).check();
    await paymentForm(page)
      .getByText(/Zahlschein/)
      .waitFor();
    await place(page, t);
    const { content } = actionDialog(page, t);
    await content.getByRole('heading', { name: /Zahlschein: Multibanco/ }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page);
    await shoot(page, 'voucher-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'voucher-390');
    await content.getByRole('button', { name: 'Zahlung des Zahlscheins simulieren' }).click();
    await page.waitForURL(RECEIVED);
    const order = await orderFromUrl(flow, page);
    await expect.poll(async () => (await orderRow(flow, order.id)).status).toBe('processing');
    await context.close();
  });
});

describe('BLIK', () => {
  it('an invalid code is refused in the notices and at the field (de and en)', async () => {
    for (const [lang, text] of [
      ['de', 'Der BLIK-Code ist ungültig'],
      ['en', 'BLIK Code is invalid'],
    ] as const) {
      const { context, page, t } = await shopper(flow, lang, { country: 'PL' });
      await page.getByRole('radio', { name: 'BLIK' }).check();
      const code = page.getByRole('textbox', { name: lang === 'de' ? /BLIK-Code/ : /BLIK code/ });
      await code.fill('12a45');
      await place(page, t);
      await notices(page).getByRole('alert').getByText(text).waitFor();
      await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await context.close();
    }
  });

  it('a valid code: approved in the banking app, the order is paid', async () => {
    const { context, page, t } = await shopper(flow, 'en', { country: 'PL' });
    await page.getByRole('radio', { name: 'BLIK' }).check();
    await page.getByRole('textbox', { name: /BLIK code/ }).fill('123456');
    await place(page, t);
    const { content } = actionDialog(page, t);
    await content
      .getByRole('heading', { name: 'Confirm the BLIK payment in your banking app' })
      .waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'blik-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'blik-390');
    await content.getByRole('button', { name: 'Approve in app' }).click();
    await page.waitForURL(RECEIVED);
    expect((await orderFromUrl(flow, page)).status).toBe('processing');
    await context.close();
  });
});

describe('methods limited to billing countries', () => {
  it('BLIK is offered for Poland only, and unchecked when the country changes', async () => {
    const { context, page, t } = await shopper(flow, 'en');
    expect(await page.getByRole('radio', { name: 'BLIK' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'iDEAL' }).count()).toBe(0);
    await chooseCountry(page, t, 'PL');
    const blik = page.getByRole('radio', { name: 'BLIK' });
    await blik.check();
    await chooseCountry(page, t, 'DE');
    await expect.poll(() => blik.count()).toBe(0);
    // The new country keeps what the shopper typed.
    expect(await page.getByRole('textbox', { name: t.first_name, exact: true }).inputValue()).toBe(
      'Erika',
    );
    const checked = page.getByRole('radio', { checked: true, name: /./ });
    const names = await checked.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(names).not.toContain('stripe_blik');
    await context.close();
  });
});

describe('Cash App Pay', () => {
  const NOTICE =
    'Please note that, depending on your account and transaction history, Cash App Pay may reject your transaction due to its amount.';

  it('warns about the amount above 2,000.00 only', async () => {
    // Shipped to the US: a tax-free export, 200 candles at 10,84 € net.
    const big = await shopper(flow, 'en', { country: 'US', quantity: 200 });
    await big.page.getByRole('radio', { name: 'Cash App Pay' }).check();
    await big.page.getByRole('status').getByText(NOTICE).waitFor();
    await big.context.close();
    const small = await shopper(flow, 'en', { country: 'US' });
    await small.page.getByRole('radio', { name: 'Cash App Pay' }).check();
    await small.page.locator('.stripe-payment iframe').waitFor();
    expect(await small.page.getByText(NOTICE).count()).toBe(0);
    await small.context.close();
  });
});

describe('the Payment Element in the theme', () => {
  it('computes the appearance once, saves it once, and the next page uses the saved one', async () => {
    // Earlier pages of this shop saved one already: start without.
    await putSetting(flow.shop.database.db, APPEARANCE_SETTING, {
      appearance: null,
      blocksAppearance: null,
      themeName: '',
    });
    const first = await shopper(flow, 'en');
    const saves: string[] = [];
    first.page.on('request', (r) => {
      if (r.url().endsWith('/wc-ajax/wc_stripe_save_appearance')) saves.push(r.postData() ?? '');
    });
    const saved = first.page.waitForResponse((r) => r.url().endsWith('wc_stripe_save_appearance'));
    await first.page.getByRole('radio', { name: first.t.card }).check();
    expect((await saved).status()).toBe(200);
    // Another method remounts the element; the appearance is not saved again.
    await first.page.getByRole('radio', { name: first.t.sepa }).check();
    await first.page.locator('.stripe-payment[data-payment-type="sepa_debit"] iframe').waitFor();
    expect(saves).toHaveLength(1);
    const appearance = JSON.parse(new URLSearchParams(saves[0]).get('appearance')!);
    // Kept under the theme, the layout (one-click off) and the page's stylesheets.
    const key = new URLSearchParams(saves[0]).get('appearance_key')!;
    expect(key).toMatch(/^ladenzeile:oc0:[0-9a-f]{8}$/);
    const fontFamily = await first.page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const fontSize = await first.page.evaluate(() => getComputedStyle(document.body).fontSize);
    expect(appearance.variables.fontFamily).toBe(fontFamily);
    expect(appearance.variables.fontSizeBase).toBe(fontSize);
    expect(appearance.rules['.Tab:hover'].backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(appearance.rules['.Tab:hover']).not.toEqual(appearance.rules['.Tab']);
    await first.context.close();

    const second = await shopper(flow, 'en');
    const again: string[] = [];
    second.page.on('request', (r) => {
      if (r.url().endsWith('/wc-ajax/wc_stripe_save_appearance')) again.push(r.url());
    });
    await second.page.getByRole('radio', { name: second.t.card }).check();
    await paymentForm(second.page).getByLabel(second.t.number).waitFor();
    expect(again).toHaveLength(0);
    await second.context.close();

    // Saved under other stylesheets (an earlier build): this page computes and saves afresh.
    const stored = await storedAppearance(flow.shop.database.db);
    await putSetting(flow.shop.database.db, APPEARANCE_SETTING, {
      ...stored,
      key: key.replace(/[0-9a-f]{8}$/, (hash) => (hash === '00000000' ? '11111111' : '00000000')),
    });
    const third = await shopper(flow, 'en');
    const fresh = third.page.waitForResponse((r) => r.url().endsWith('wc_stripe_save_appearance'));
    await third.page.getByRole('radio', { name: third.t.card }).check();
    const response = await fresh;
    expect(response.status()).toBe(200);
    expect(new URLSearchParams(response.request().postData() ?? '').get('appearance_key')).toBe(
      key,
    );
    await third.context.close();
    expect((await storedAppearance(flow.shop.database.db)).key).toBe(key);
  });
});

describe('3-D Secure screens', () => {
  it('the challenge at 1280 and 390 px', async () => {
    const { context, page, t } = await shopper(flow, 'en');
    await page.getByRole('radio', { name: t.card }).check();
    const form = paymentForm(page);
    await form.getByLabel(t.number).fill('4000 0025 0000 3155');
    await form.getByLabel(t.expiry).fill('1234');
    await form.getByLabel(t.cvc).fill('123');
    await place(page, t);
    const { content } = actionDialog(page, t);
    await content.getByRole('button', { name: t.complete }).waitFor();
    await shoot(page, 'three-ds-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'three-ds-390');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
