import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './browser.ts';
import {
  type FlowShop,
  actionDialog,
  fillCard,
  notices,
  payByCard,
  place,
  shopper,
  startFlowShop,
} from './stripe-flows.ts';

/**
 * The error catalogue (payments spec sections 5 and 8) where the checkout shows it: in the
 * notices area, scrolled to, with the checkout error event. Each failure is made as it happens
 * to a shopper: the browser's requests blocked, held, dropped or answered badly.
 */
let flow: FlowShop;

beforeAll(async () => {
  flow = await startFlowShop();
});

afterAll(async () => {
  await flow?.close();
});

const TEXTS = {
  de: {
    elementLoad:
      'Die Zahlungsart Kredit- oder Debitkarte konnte nicht geladen werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    invalidDetails:
      'Ungültige oder fehlende Zahlungsdaten. Bitte prüfen Sie, ob die Zahlungsart richtig eingegeben ist.',
    timeout:
      'Bei der Verbindung zum Server ist eine Zeitüberschreitung aufgetreten. Bitte versuchen Sie es erneut.',
    abort: 'Die Verbindung zum Server wurde abgebrochen. Bitte versuchen Sie es erneut.',
    unknown: 'Ein unbekannter Fehler ist aufgetreten.',
    required: 'Rechnung Straße und Hausnummer ist ein Pflichtfeld.',
    street: 'Straße und Hausnummer',
  },
  en: {
    elementLoad:
      'Failed to load Credit / Debit Card payment method. Please refresh the page and try again.',
    invalidDetails:
      'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
    timeout: 'A timeout occurred while connecting to the server. Please try again.',
    abort: 'The connection to the server was aborted. Please try again.',
    unknown: 'An unknown error occurred.',
    required: 'Billing Street address is a required field.',
    street: 'Street address',
  },
} as const;

/** Collects the details of every checkout error event the page fires from now on. */
async function watchCheckoutErrors(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { checkoutErrors: string[] }).checkoutErrors = seen;
    document.body.addEventListener('checkout_error', (event) => {
      for (const problem of (event as CustomEvent<{ text: string }[]>).detail) {
        seen.push(problem.text);
      }
    });
  });
}

const firedErrors = (page: Page) =>
  page.evaluate(() => (window as unknown as { checkoutErrors: string[] }).checkoutErrors);

/** Where the notices' top stands, and whether the page still moves between two frames. */
const noticesAtRest = (page: Page) =>
  notices(page).evaluate(
    (el) =>
      new Promise<{ top: number; moving: boolean }>((resolve) => {
        const before = window.scrollY;
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve({
              top: Math.round(el.getBoundingClientRect().top),
              moving: window.scrollY !== before,
            }),
          ),
        );
      }),
  );

/** The text in the notices area (verbatim), the checkout error event with it, scrolled to it. */
async function expectShown(page: Page, text: string) {
  await notices(page).getByRole('alert').getByText(text, { exact: true }).waitFor();
  await expect.poll(() => firedErrors(page)).toContain(text);
  await expect
    .poll(() => noticesAtRest(page))
    .toSatisfy(
      ({ top, moving }: { top: number; moving: boolean }) => !moving && top >= 0 && top <= 102,
    );
}

/** Holds the shop's update_order_status call until the test lets it go (or never). */
async function holdOrderStatus(page: Page) {
  let arrived: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route('**/wc-ajax/wc_stripe_update_order_status', (route) => arrived(route));
  return held;
}

describe('the element does not load', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`its frame blocked (${lang}): the load failure, then the invalid-details text on placing, scrolled over 600 ms`, async () => {
      const { context, page, t } = await shopper(flow, lang, {
        blocked: ['**/__sandbox/stripe/frame?**'],
      });
      await watchCheckoutErrors(page);
      await page.getByRole('radio', { name: t.card }).check();
      await expectShown(page, TEXTS[lang].elementLoad);
      if (lang === 'en') await expectNoAxeViolations(page);

      // Placing the order: the element is missing, so nothing goes to the shop.
      const checkoutCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/wc-ajax/checkout')) checkoutCalls.push(r.url());
      });
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await place(page, t);
      await notices(page)
        .getByRole('alert')
        .getByText(TEXTS[lang].invalidDetails, { exact: true })
        .waitFor();
      expect(await firedErrors(page)).toContain(TEXTS[lang].invalidDetails);
      // Spec section 9: the scroll to the notices takes 600 ms.
      const top = () => notices(page).evaluate((el) => Math.round(el.getBoundingClientRect().top));
      // Under way after 450 ms, at rest 100 px below the top by 650 ms (1 s would be far off).
      await page.clock.runFor(450);
      expect(Math.abs((await top()) - 100)).toBeGreaterThan(2);
      await page.clock.runFor(200);
      expect(Math.abs((await top()) - 100)).toBeLessThanOrEqual(2);
      const end = await top();
      await page.clock.runFor(500);
      expect(await top()).toBe(end);
      expect(checkoutCalls).toHaveLength(0);
      await context.close();
    });
  }

  it('Stripe.js blocked: the load failure in the notices, and no order is sent', async () => {
    const { context, page, t } = await shopper(flow, 'en', {
      blocked: ['**/__sandbox/stripe/stripe.js'],
    });
    await watchCheckoutErrors(page);
    const checkoutCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/wc-ajax/checkout')) checkoutCalls.push(r.url());
    });
    await page.getByRole('radio', { name: t.card }).check();
    await expectShown(page, TEXTS.en.elementLoad);
    await place(page, t);
    await expectShown(page, TEXTS.en.invalidDetails);
    expect(checkoutCalls).toHaveLength(0);
    await context.close();
  });
});

describe('the shop’s calls after 3-D Secure', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`no answer within the time limit (${lang}): the timeout text`, async () => {
      const { context, page, t } = await payByCard(flow, lang, '4000 0025 0000 3155');
      await page.clock.install();
      await watchCheckoutErrors(page);
      const held = holdOrderStatus(page);
      await actionDialog(page, t).content.getByRole('button', { name: t.complete }).click();
      const route = await held;
      await page.clock.fastForward('00:31');
      await expectShown(page, TEXTS[lang].timeout);
      await route.abort('failed').catch(() => {});
      await context.close();
    });

    it(`the page stopped while the call is under way (${lang}): the abort text`, async () => {
      const { context, page, t } = await payByCard(flow, lang, '4000 0025 0000 3155');
      await watchCheckoutErrors(page);
      // Firefox ends a stopped page's requests with an AbortError; Chromium, which runs these
      // tests, calls it a network failure. The page's fetch is made to answer as Firefox does.
      await page.evaluate(() => {
        const pending = new Set<() => void>();
        const original = window.fetch.bind(window);
        window.fetch = (input, init) =>
          new Promise((resolve, reject) => {
            const drop = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
            pending.add(drop);
            original(input, init)
              .then(resolve, reject)
              .finally(() => pending.delete(drop));
          });
        const stop = window.stop.bind(window);
        window.stop = () => {
          for (const drop of pending) drop();
          stop();
        };
      });
      const held = holdOrderStatus(page);
      await actionDialog(page, t).content.getByRole('button', { name: t.complete }).click();
      const route = await held;
      await page.evaluate(() => window.stop());
      await expectShown(page, TEXTS[lang].abort);
      await route.abort('aborted').catch(() => {});
      await context.close();
    });

    it(`an answer that says neither what failed nor where to go (${lang}): the unknown-error text`, async () => {
      const { context, page, t } = await payByCard(flow, lang, '4000 0025 0000 3155');
      await watchCheckoutErrors(page);
      await page.route('**/wc-ajax/wc_stripe_update_order_status', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' }),
      );
      await actionDialog(page, t).content.getByRole('button', { name: t.complete }).click();
      await expectShown(page, TEXTS[lang].unknown);
      await context.close();
    });
  }
});

describe('a provider error about a missing address field', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`reads "{Group} {Field} is a required field." at the field (${lang})`, async () => {
      const { context, page, t } = await shopper(flow, lang);
      await watchCheckoutErrors(page);
      await page.getByRole('radio', { name: t.card }).check();
      await fillCard(page, t, '4242 4242 4242 4242');
      // Stripe refuses the payment method: the street is missing from its billing details.
      await page.route('**/v1/payment_methods', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              param: 'billing_details[address][line1]',
              message: 'Missing required param: billing_details[address][line1].',
            },
          }),
        }),
      );
      await place(page, t);
      await expectShown(page, TEXTS[lang].required);
      const street = page.getByRole('textbox', { name: TEXTS[lang].street, exact: true }).first();
      await expect.poll(() => street.getAttribute('aria-invalid')).toBe('true');
      await context.close();
    });
  }
});
