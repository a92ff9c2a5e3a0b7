import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newContext, waitForHydration } from './browser.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import { type ApiProduct, catalog } from './catalog-data.ts';
import { launchBrowser } from './browser.ts';

let browser: Browser;
let product: ApiProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  // Below the free-shipping minimum, not bulky (those cost more), no deposit.
  const found = (await catalog()).find(
    (p) =>
      p.type === 'simple' &&
      p.is_in_stock &&
      p.is_purchasable &&
      !p.sold_individually &&
      !p.extensions.germanized.deposit_amount &&
      Number(p.prices.price) < 2500,
  );
  if (!found) throw new Error('the demo catalog has no simple product below 25 €');
  product = found;
});

afterAll(async () => {
  await browser?.close();
});

const money = (minor: number, lang: 'de' | 'en') =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(minor / 100);

/** A cart with one piece of the product, filled through the Store API in the page's session. */
async function cartPage(options: {
  lang: 'de' | 'en';
  javaScript?: boolean;
  width?: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const start = await page.request.get('/wc/store/v1/cart');
  const nonce = start.headers()['nonce']!;
  const added = await page.request.post('/wc/store/v1/cart/add-item', {
    data: { id: product.id, quantity: 1 },
    headers: { nonce },
  });
  expect(added.status()).toBe(201);
  await page.goto('/cart');
  if (options.javaScript !== false) await waitForHydration(page);
  return { context, page };
}

async function expectTotal(page: Page, minor: number, lang: 'de' | 'en') {
  const total = page.locator('.order-total');
  await total.filter({ hasText: money(minor, lang) }).waitFor();
}

const price = () => Number(product.prices.price);
/**
 * A tax-free export (outside the EU): the product and the shipping rate without the German VAT
 * they include, shipping taxed at the rate of the cart's one line.
 */
const exportTotal = (shipping: number) => {
  const rate = Math.round(Number(product.extensions.germanized.tax_rate) * 100);
  return price() - taxInGross(price(), rate) + shipping - taxInGross(shipping, rate);
};

describe('shipping in the cart', () => {
  it('estimates for Germany, changes the rate and calculates DE, AT and US with JavaScript (de)', async () => {
    const { context, page } = await cartPage({ lang: 'de' });
    await page.getByText('Die Versandkosten sind für Deutschland geschätzt.').waitFor();
    const flat = page.getByRole('radio', { name: /Versand mit DHL: 4,90/ });
    expect(await flat.isChecked()).toBe(true);
    await expectTotal(page, price() + 490, 'de');

    await page.getByRole('radio', { name: /Abholung in Leipzig/ }).check();
    await expectTotal(page, price(), 'de');
    await flat.check();
    await expectTotal(page, price() + 490, 'de');

    await page.getByText('Versandkosten berechnen').click();
    const country = page.getByRole('combobox', { name: 'Land / Region' });
    expect(await country.inputValue()).toBe('DE');
    // Germany: no state; postcode before the city, both required and starred.
    expect(await page.getByLabel('Bundesland').count()).toBe(0);
    const postcodeLabel = page.locator('label[for="calc_shipping_postcode"]');
    expect(await postcodeLabel.textContent()).toContain('*');
    expect(
      await page
        .locator('.shipping-calculator-form input[type="text"]')
        .evaluateAll((all) => all.map((i) => i.getAttribute('name'))),
    ).toEqual(['calc_shipping_postcode', 'calc_shipping_city']);
    await expectNoAxeViolations(page);

    // A postcode that is not German: refused with the field marked, nothing changed.
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('1234');
    await page.getByRole('textbox', { name: 'Ort / Stadt' }).fill('Leipzig');
    await page.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
    await page.getByText('„Postleitzahl“ hat nicht das Format dieses Landes.').first().waitFor();
    expect(
      await page.getByRole('textbox', { name: 'Postleitzahl' }).getAttribute('aria-invalid'),
    ).toBe('true');
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('04109');
    await page.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
    await page.getByText('Versand nach 04109 Leipzig, Deutschland.').waitFor();
    await expectTotal(page, price() + 490, 'de');

    // Austria: the fields re-render without a reload, with the Austrian format.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByText('Adresse ändern').click();
    await country.selectOption('AT');
    expect(
      await page.getByRole('textbox', { name: 'Postleitzahl' }).getAttribute('placeholder'),
    ).toBe('z. B. 1010');
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('1010');
    await page.getByRole('textbox', { name: 'Ort / Stadt' }).fill('Wien');
    await page.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
    await page.getByText('Versand nach 1010 Wien, Österreich.').waitFor();
    await page.getByText('Versand in die EU: 12,90').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectTotal(page, price() + 1290, 'de');

    // The US: a state to choose, the ZIP after the city.
    await page.getByText('Adresse ändern').click();
    await country.selectOption('US');
    const state = page.getByRole('combobox', { name: 'Bundesstaat' });
    await state.waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(await page.locator('label[for="calc_shipping_state"]').textContent()).toContain('*');
    await state.selectOption('CA');
    await page.getByRole('textbox', { name: 'Ort / Stadt' }).fill('Beverly Hills');
    await page.getByRole('textbox', { name: 'Postleitzahl (ZIP)' }).fill('90210');
    await page.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
    await page
      .getByText('Versand nach 90210 Beverly Hills, California, Vereinigte Staaten (USA).')
      .waitFor();
    await expectTotal(page, exportTotal(2490), 'de');

    // Optional fields say so: the county in the United Kingdom.
    await page.getByText('Adresse ändern').click();
    await country.selectOption('GB');
    expect(await page.locator('label[for="calc_shipping_state"]').textContent()).toContain(
      '(optional)',
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('works without JavaScript (en)', async () => {
    const { context, page } = await cartPage({ lang: 'en', javaScript: false });
    await page.getByText('Shipping costs are estimated for Germany.').waitFor();
    await page.getByRole('radio', { name: /Pickup in Leipzig/ }).check();
    await page.getByRole('button', { name: 'Apply shipping method' }).click();
    await page.getByText('Shipping method changed.').waitFor();
    await expectTotal(page, price(), 'en');
    expect(await page.getByRole('radio', { name: /Pickup in Leipzig/ }).isChecked()).toBe(true);

    await page.getByText('Calculate shipping').click();
    await page.getByRole('combobox', { name: 'Country / Region' }).selectOption('AT');
    await page.getByRole('textbox', { name: 'Postcode / ZIP' }).fill('1010');
    await page.getByRole('textbox', { name: 'Town / City' }).fill('Vienna');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Shipping costs updated.').waitFor();
    await page.getByText('Shipping to 1010 Vienna, Austria.').waitFor();
    await expectTotal(page, price() + 1290, 'en');

    // Without a script the fields cannot follow the country: the server asks for the state.
    await page.getByText('Change address').click();
    await page.getByRole('combobox', { name: 'Country / Region' }).selectOption('US');
    await page.getByRole('textbox', { name: 'Postcode / ZIP' }).fill('10001');
    await page.getByRole('textbox', { name: 'Town / City' }).fill('New York');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('State is a required field.').first().waitFor();
    await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
    expect(await page.getByRole('textbox', { name: 'ZIP Code' }).inputValue()).toBe('10001');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Shipping to 10001 New York, New York, United States (US).').waitFor();
    await expectTotal(page, exportTotal(2490), 'en');
    await context.close();
  });

  it('has no accessibility violations on a narrow screen (de)', async () => {
    const { context, page } = await cartPage({ lang: 'de', width: 390 });
    await page.getByText('Versandkosten berechnen').click();
    await page.getByRole('combobox', { name: 'Land / Region' }).selectOption('US');
    await page.getByRole('combobox', { name: 'Bundesstaat' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
