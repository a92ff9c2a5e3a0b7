import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { updateProduct } from '#app/domain/catalog/product-writes.server.ts';
import { webhooks } from '#app/domain/webhooks/webhooks.schema.ts';
import { createProduct } from '#db/seed/factories.ts';
import { drainOutbox } from '#server/outbox.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { shoot, staffContext } from '../support/staff-browser.ts';
import { expectedSignature, startReceiver } from '../support/webhook-receiver.ts';
import { expectNoAxeViolations, launchBrowser, waitForHydration } from './browser.ts';

/** An administrator's webhook pages, with a local receiver for the deliveries. */
let shop: TestShop;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let productId: number;

beforeAll(async () => {
  receiver = await startReceiver();
  shop = await startTestShop({ env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  browser = await launchBrowser();
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 990,
  });
  productId = product.id;
  // A webhook switched off after failures: the list must say so.
  await shop.database.db.insert(webhooks).values({
    name: 'Altes ERP',
    topic: 'order.created',
    deliveryUrl: 'https://erp.example/hook',
    secret: 'alt',
    status: 'disabled',
    failureCount: 5,
  });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await receiver?.close();
});

const adminContext = (lang: 'de' | 'en', width = 1280) =>
  staffContext(browser, shop, lang, width, { role: 'administrator', displayName: 'Anna Admin' });

describe('webhooks in the back office', () => {
  it('creates a webhook, pings it and shows the deliveries in its log', async () => {
    const context = await adminContext('en');
    const page = await context.newPage();
    await page.goto('/admin');
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: /./ })
      .getByRole('link', { name: 'Webhooks' })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Altes ERP');
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add webhook' }).waitFor();
    await waitForHydration(page);
    await page.getByLabel('Name').fill('Lager');
    await page.getByLabel('Topic').selectOption('product.updated');
    await page.getByLabel('Delivery URL').fill(receiver.url('/browser'));
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByText('The webhook was created.').waitFor();
    const secret = await page.getByLabel('Secret').inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(20);

    await page.getByRole('button', { name: 'Send a test ping' }).click();
    await page.getByText('The test ping was answered with status 200.').waitFor();
    expect(receiver.at('/browser')[0]!.body).toMatch(/^webhook_id=\d+$/);

    await updateProduct(shop.database.db, productId, { regularPrice: 1290 }, SYSTEM_ACTOR);
    await drainOutbox({ db: shop.database.db as never, env: shop.env });
    await expect.poll(() => receiver.at('/browser').length).toBe(2);
    const delivered = receiver.at('/browser')[1]!;
    expect(delivered.headers['x-wc-webhook-signature']).toBe(
      expectedSignature(delivered.body, secret),
    );
    await page.reload();
    const log = page.getByRole('region', { name: 'Delivery log' });
    // The ping and the product's change, under the header row.
    await expect.poll(() => log.getByRole('row', { name: /product\.updated/ }).count()).toBe(2);
    expect(await log.getByRole('row').count()).toBe(3);
    await shoot(page, 'admin-webhook-log-en-1280');

    const changes = page.getByRole('region', { name: 'Recent changes' });
    expect(await changes.getByRole('row', { name: /Created/ }).textContent()).toContain(
      'topic: product.updated',
    );

    await page.goto('/admin/webhooks');
    const row = page.getByRole('row', { name: /Lager/ });
    expect(await row.textContent()).toContain('200');
    await context.close();
  });

  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`passes axe on the webhook pages (${lang}, ${width} px)`, async () => {
      const context = await adminContext(lang, width);
      const page = await context.newPage();
      const [hook] = await shop.database.db.select().from(webhooks).limit(1);
      for (const [name, path] of [
        ['list', '/admin/webhooks'],
        ['edit', `/admin/webhooks/${hook!.id}`],
        ['new', '/admin/webhooks/new'],
      ] as const) {
        await page.goto(path);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
        await shoot(page, `admin-webhooks-${name}-${lang}-${width}`);
      }
      // A refused form: the address missing, its error beside the field, still clean.
      await page
        .getByRole('button', { name: lang === 'de' ? 'Webhook speichern' : 'Save webhook' })
        .click();
      await page.locator('#webhook-delivery_url-tip').waitFor();
      await expectNoAxeViolations(page);
      await shoot(page, `admin-webhooks-error-${lang}-${width}`);
      await context.close();
    });
  }
});
