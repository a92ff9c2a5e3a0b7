import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  waitForHydration,
  openPage,
} from './browser.ts';

// Demo products chosen for the legal data they carry (db/seed/demo-catalog.ts).
const ESPRESSO = '/product/espresso-hausroestung'; // variations with their own price, unit price, net quantity
const CREMA = '/product/cafe-crema-bohnen'; // reviews
const BEER_CRATE = '/product/leipziger-helles-kasten'; // deposit, alcohol, allergens, shipping costs info
const CHARGER = '/product/usb-c-ladegeraet-65w'; // power supply, manufacturer, EU responsible person
const TOY = '/product/holzbausteine-50'; // safety instructions and attachments
const REFURBISHED = '/product/smartphone-refurbished'; // defect description, tax info

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const open = (path: string, options: Parameters<typeof newContext>[1] = {}) =>
  openPage(browser, path, options);

const unitPrice = (page: Page) => page.locator('.product-summary .unit-price-slot');

async function chooseEspresso(page: Page, pack: string, grind: string) {
  await page.getByLabel('Packungsgröße').selectOption(pack);
  await page.getByLabel('Mahlgrad').selectOption(grind);
}

/** Unit-price refresh requests the page sends, with their bodies. */
function recordRefreshes(page: Page) {
  const sent: { products: { product_id: number; quantity: number; key: string }[] }[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/wc-ajax/gzd_refresh_unit_price')) {
      sent.push(JSON.parse(request.postData() ?? '{}') as (typeof sent)[number]);
    }
  });
  return sent;
}

const refreshed = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/wc-ajax/gzd_refresh_unit_price'));

describe('legal data per variation', () => {
  it('swaps price, unit price, contents and food data with the variation (de)', async () => {
    const { context, page } = await open(ESPRESSO);
    const summary = page.locator('.product-summary');
    await summary.getByText(/^24,98\s€ \/ kg$/).waitFor();
    await summary.getByText('inkl. 7 % MwSt.').waitFor();
    await summary.getByRole('link', { name: 'Versandkosten' }).waitFor();
    await summary.getByText('Lieferzeit: 1–3 Werktage').waitFor();
    await summary.getByText('Inhalt: 0,5 kg').waitFor();

    await chooseEspresso(page, '1-kg', 'ganze-bohne');
    await summary.getByText(/^22,90\s€ \/ kg$/).waitFor();
    await summary.getByText('Inhalt: 1 kg').waitFor();
    const facts = page.locator('.compliance .facts');
    expect(await facts.getByText('1 kg', { exact: true }).count()).toBe(1);

    await chooseEspresso(page, '500-g', 'ganze-bohne');
    await summary.getByText(/^24,98\s€ \/ kg$/).waitFor();
    await summary.getByText('Inhalt: 0,5 kg').waitFor();
    expect(await facts.getByText('500 g', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('shows deposit, alcohol notice, allergens, power supply, safety, defects and tax info', async () => {
    const beer = await open(BEER_CRATE);
    const summary = beer.page.locator('.product-summary');
    await summary.getByText(/zzgl\. 1,60\s€ Pfand \(.*Mehrweg\)/).waitFor();
    await beer.page.getByText('Enthält Alkohol.', { exact: false }).waitFor();
    await beer.page.locator('.ingredients strong').filter({ hasText: 'Gerstenmalz' }).waitFor();
    await beer.page.getByRole('table', { name: 'Nährwerte pro 100 ml' }).waitFor();
    await beer.context.close();

    const charger = await open(CHARGER, { lang: 'en' });
    await charger.page.getByRole('heading', { name: 'Power supply' }).waitFor();
    await charger.page.getByText('Charger included').waitFor();
    await charger.page.getByRole('heading', { name: 'Responsible person in the EU' }).waitFor();
    await charger.page.getByRole('heading', { name: 'Manufacturer' }).waitFor();
    await charger.context.close();

    const toy = await open(TOY);
    await toy.page.getByRole('heading', { name: 'Sicherheitshinweise' }).waitFor();
    const pdf = toy.page.locator('.attachments a[download]').first();
    expect(await pdf.getAttribute('type')).toBe('application/pdf');
    const response = await toy.page.request.get((await pdf.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await toy.context.close();

    const refurbished = await open(REFURBISHED);
    await refurbished.page.getByRole('heading', { name: 'Mängelbeschreibung' }).waitFor();
    const taxInfo = await refurbished.page
      .locator('.product-summary .legal-price-info')
      .innerText();
    // The margin scheme's own tax note stands where "incl. 19 % VAT" would.
    expect(taxInfo).toContain('Differenzbesteuert nach § 25a UStG');
    expect(taxInfo).not.toMatch(/inkl\. 19\s?% MwSt\./);
    await refurbished.context.close();
  });
});

describe('unit price refresh', () => {
  it('refreshes 250 ms after load, then once for a burst of changes, batching them', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const sent = recordRefreshes(page);
    const first = refreshed(page);
    await page.goto(ESPRESSO);
    await waitForHydration(page);
    await first;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.products).toHaveLength(1);

    // A variation and two quantity changes inside 500 ms: one request with the last state.
    const next = refreshed(page);
    await chooseEspresso(page, '1-kg', 'ganze-bohne');
    const quantity = page.getByRole('spinbutton', { name: 'Menge' });
    await quantity.fill('2');
    await quantity.fill('3');
    await page.locator('.product-summary .unit-price-slot[aria-busy="true"]').waitFor();
    const answer = await next;
    expect(answer.status()).toBe(200);
    await page.locator('.product-summary .unit-price-slot:not([aria-busy])').waitFor();
    expect(sent).toHaveLength(2);
    const [item] = sent[1]!.products;
    expect(item!.quantity).toBe(3);
    const body = (await answer.json()) as {
      products: Record<string, { product_id: number; unit_price_html?: string }>;
    };
    expect(body.products[item!.key]!.product_id).toBe(item!.product_id);
    expect(body.products[item!.key]!.unit_price_html).toContain('22,90');
    expect(await unitPrice(page).innerText()).toMatch(/^22,90\s€ \/ kg$/);
    await context.close();
  });
});

describe('tabs', () => {
  const selectedTab = (page: Page) =>
    page.locator('[role="tab"][aria-selected="true"]').innerText();
  const REVIEWS = /^Bewertungen \(\d+\)$/;

  it('opens the tab the address names', async () => {
    const cases: [string, string | RegExp][] = [
      ['', 'Beschreibung'],
      ['#reviews', REVIEWS],
      ['#tab-reviews', REVIEWS],
      ['#comments', REVIEWS],
      ['#comment-1', REVIEWS],
      ['?cpage=2', REVIEWS],
      ['#tab-additional_information', 'Zusätzliche Informationen'],
      ['#tab-description', 'Beschreibung'],
    ];
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const [suffix, tab] of cases) {
      await page.goto(`${CREMA}${suffix}`);
      await waitForHydration(page);
      await page.locator('[role="tab"][aria-selected="true"]', { hasText: tab }).waitFor();
      expect(await selectedTab(page), suffix).toMatch(tab);
      await page.getByRole('tabpanel', { name: tab }).waitFor();
    }
    // The summary's review link opens the reviews tab on the page.
    await page.goto(CREMA);
    await waitForHydration(page);
    await page.locator('.product-rating a').click();
    await page.getByRole('tabpanel', { name: REVIEWS }).waitFor();
    expect(new URL(page.url()).hash).toBe('#reviews');
    // The reviews are scrolled into view.
    await page.waitForFunction(() => {
      const top = document.querySelector('.product-tabs')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    });
    await context.close();
  });

  it('moves between tabs with arrows, Home and End', async () => {
    const { context, page } = await open(CREMA);
    await page.getByRole('tab', { name: 'Beschreibung' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Zusätzliche Informationen',
    );
    expect(await selectedTab(page)).toBe('Zusätzliche Informationen');
    await page.keyboard.press('End');
    expect(await selectedTab(page)).toMatch(REVIEWS);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Beschreibung');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page)).toMatch(REVIEWS);
    await page.keyboard.press('Home');
    expect(await selectedTab(page)).toBe('Beschreibung');
    await page.getByRole('tabpanel', { name: 'Beschreibung' }).waitFor();
    await context.close();
  });

  it('shows an accordion on small screens, opened by the address too', async () => {
    const { context, page } = await open(`${CREMA}#reviews`, { width: 390 });
    const toggle = page.getByRole('button', { name: REVIEWS });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const description = page.getByRole('button', { name: 'Beschreibung', exact: true });
    expect(await description.getAttribute('aria-expanded')).toBe('false');
    await description.click();
    expect(await description.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('keeps every panel readable without JavaScript', async () => {
    const { context, page } = await open(CREMA, { javaScript: false });
    for (const heading of ['Beschreibung', 'Zusätzliche Informationen', REVIEWS]) {
      expect(await page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    expect(await page.getByText('Sabine K.').isVisible()).toBe(true);
    await context.close();
  });
});

describe('sticky add-to-cart bar', () => {
  it('appears once the button is scrolled away, mirrors the choice and adds it', async () => {
    const { context, page } = await open(ESPRESSO);
    const bar = page.getByRole('region', { name: 'Schnellkauf' });
    expect(await bar.isVisible()).toBe(false);
    await chooseEspresso(page, '500-g', 'gemahlen');
    await page.getByRole('spinbutton', { name: 'Menge' }).fill('2');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await bar.waitFor();
    await bar.getByText('500 g, Gemahlen (Siebträger)').waitFor();
    await bar.getByText('Menge: 2').waitFor();
    await bar.getByText(/^12,49\s€$/).waitFor();
    await bar.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByText('wurde Ihrem Warenkorb hinzugefügt').waitFor();
    await page.getByRole('link', { name: /Warenkorb, 2 Artikel/ }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('asks for a choice first on a variable product', async () => {
    const { context, page } = await open(ESPRESSO, { lang: 'en' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.getByRole('region', { name: 'Quick purchase' });
    await bar.getByRole('button', { name: 'Choose an option' }).click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await context.close();
  });
});

describe('accessibility', () => {
  // Each language at one width: German, with the longer words, where room is narrowest.
  for (const [lang, width] of [
    ['de', 390],
    ['en', 1280],
  ] as const) {
    it(`has no axe violations at ${width} px (${lang}), sticky bar shown`, async () => {
      const { context, page } = await open(ESPRESSO, { lang, width });
      await expectNoAxeViolations(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page
        .getByRole('region', { name: lang === 'de' ? 'Schnellkauf' : 'Quick purchase' })
        .waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
