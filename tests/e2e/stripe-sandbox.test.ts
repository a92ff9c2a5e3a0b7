import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { expectNoAxeViolations, launchBrowser, openPage } from './browser.ts';

let browser: Browser;
let shop: TestShop;
let pageScript: string;

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
  const bundle = await build({
    entryPoints: [path.resolve('tests/e2e/stripe-sandbox/elements-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
  });
  pageScript = bundle.outputFiles[0]!.text;
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A payment page on the shop's origin with react-stripe-js, for an intent of the given types. */
async function paymentPage(
  types: string[],
  options: { locale?: 'de' | 'en'; currency?: string } = {},
) {
  const setup = stripeSetup(shop.env);
  const intent = await setup.stripe.paymentIntents.create({
    amount: 2599,
    currency: options.currency ?? 'eur',
    allowed_payment_method_types: types,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const mainRequests: string[] = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) mainRequests.push(request.postData() ?? '');
  });
  await page.route(`${shop.url}/__test/payment**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${options.locale ?? 'en'}"><head><meta charset="utf-8"><title>Payment</title></head><body><main id="root"></main><script>${pageScript.replace(/<\/script/gi, '<\\/script')}</script></body></html>`,
    }),
  );
  const query = new URLSearchParams({
    script: setup.sandboxScriptUrl!,
    pk: setup.publishableKey,
    cs: intent.client_secret!,
    locale: options.locale ?? 'en',
  });
  await page.goto(`${shop.url}/__test/payment?${query.toString()}`);
  const form = page.frameLocator('iframe[title]');
  await form.locator('form#sandbox-payment').waitFor();
  return { page, form, intent, mainRequests, close: () => context.close() };
}

async function fillCard(form: ReturnType<Page['frameLocator']>, number: string, de = false) {
  await form.getByLabel(de ? 'Kartennummer' : 'Card number').fill(number);
  await form.getByLabel(de ? 'Ablaufdatum (MM/JJ)' : 'Expiry date (MM/YY)').fill('1234');
  await form.getByLabel(de ? 'Prüfnummer (CVC)' : 'Security code (CVC)').fill('123');
}

describe('Stripe sandbox in the browser', () => {
  it('react-stripe-js accepts the sandbox instance; a card payment succeeds without the page seeing the number', async () => {
    const { page, form, intent, mainRequests, close } = await paymentPage(['card']);
    expect(
      await page.evaluate(
        () => (window as unknown as { sandboxAccepted: boolean }).sandboxAccepted,
      ),
    ).toBe(true);
    await fillCard(form, '4242 4242 4242 4242');
    await expect.poll(() => page.getByTestId('change').textContent()).toBe('card complete');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('status: succeeded');
    expect((await stripeSetup(shop.env).stripe.paymentIntents.retrieve(intent.id)).status).toBe(
      'succeeded',
    );
    expect(mainRequests.join('\n')).not.toContain('4242424242424242');
    await close();
  });

  it('3-D Secure card 4000 0025 0000 3155: the challenge dialog completes or fails the payment', async () => {
    for (const [button, expected] of [
      ['Complete', 'status: succeeded'],
      ['Fail', 'error: payment_intent_authentication_failure'],
    ] as const) {
      const { page, form, close } = await paymentPage(['card']);
      await fillCard(form, '4000002500003155');
      await page.getByRole('button', { name: 'Pay' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
      await dialog.frameLocator('iframe').getByRole('button', { name: button }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe(expected);
      await close();
    }
  });

  it('declines card 4000 0000 0000 9995 with insufficient_funds and shows field errors first', async () => {
    const { page, form, close } = await paymentPage(['card']);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('invalid: Your card number is incomplete or invalid.');
    await expect
      .poll(() => form.getByLabel('Card number').getAttribute('aria-invalid'))
      .toBe('true');
    await fillCard(form, '4000000000009995');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('error: card_declined insufficient_funds');
    await close();
  });

  it('offers the intent’s methods in German; SEPA goes to processing; the form passes axe', async () => {
    const { page, form, close } = await paymentPage(['card', 'sepa_debit'], { locale: 'de' });
    await expect.poll(() => form.getByLabel('Kartennummer').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await form.getByRole('radio', { name: 'SEPA-Lastschrift' }).check();
    await form.getByLabel('Kontoinhaber').fill('Max Muster');
    await form.getByLabel('E-Mail-Adresse').fill('max@example.com');
    await form.getByLabel('IBAN').fill('AT61 1904 3002 3457 3201');
    await expect.poll(() => page.getByTestId('change').textContent()).toBe('sepa_debit complete');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('status: processing');
    await close();
  });

  it('BLIK: the code goes with the confirm and the approval dialog settles it', async () => {
    const { page, form, close } = await paymentPage(['blik'], { currency: 'pln' });
    // The element has no code field of its own: the page's code goes with the confirm.
    expect(await form.getByRole('textbox').count()).toBe(0);
    await page.getByRole('textbox', { name: 'BLIK code' }).fill('12345');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('error: payment_method_invalid_parameter');
    await page.getByRole('textbox', { name: 'BLIK code' }).fill('123456');
    await page.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
    await dialog.frameLocator('iframe').getByRole('button', { name: 'Approve in app' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('status: succeeded');
    await close();
  });
});

describe('test-mode badge', () => {
  it.each([
    ['de', 'Testmodus'],
    ['en', 'Test mode'],
  ] as const)('shows on the shop’s pages in %s while the sandbox is active', async (lang, text) => {
    const { context, page } = await openPage(browser, `${shop.url}/`, { lang });
    const badge = page.locator('.test-mode-badge');
    await expect.poll(() => badge.isVisible()).toBe(true);
    expect((await badge.textContent())?.startsWith(text)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
