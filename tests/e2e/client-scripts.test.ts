// WooCommerce's classic frontend scripts (add-to-cart.js, cart-fragments.js,
// add-to-cart-variation.js) and Contact Form 7's script, unchanged, in a page of the shape their
// templates render, served on the shop's address and talking to the shop's endpoints.
//
// Their code is not part of the shop: point WOOCOMMERCE_SCRIPTS_DIR at WooCommerce's
// `assets/js/frontend/` (a release) or `client/legacy/js/frontend/` (its repository), and
// CONTACT_FORM_7_SCRIPT at Contact Form 7's `includes/js/index.js`. Without them these tests
// are skipped and say so. jQuery and js-cookie, which WordPress loads for them, come from the
// shop's dev dependencies.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, simpleInStockProduct } from './catalog-data.ts';
import { launchBrowser, newContext, shopUrl } from './browser.ts';

const require = createRequire(import.meta.url);
const wooDir = process.env.WOOCOMMERCE_SCRIPTS_DIR ?? '';
const cf7Script = process.env.CONTACT_FORM_7_SCRIPT ?? '';
const WOO_FILES = ['add-to-cart.js', 'cart-fragments.js', 'add-to-cart-variation.js'];
const hasWoo = wooDir !== '' && WOO_FILES.every((f) => existsSync(path.join(wooDir, f)));
const hasCf7 = cf7Script !== '' && existsSync(cf7Script);
if (!hasWoo) {
  console.warn(
    `client-scripts: WooCommerce's scripts not found (WOOCOMMERCE_SCRIPTS_DIR=${wooDir || 'unset'}): their tests are skipped`,
  );
}
if (!hasCf7) {
  console.warn(
    `client-scripts: Contact Form 7's script not found (CONTACT_FORM_7_SCRIPT=${cf7Script || 'unset'}): its test is skipped`,
  );
}

const HARNESS = '/__client-harness/';
const read = (file: string) => readFileSync(file, 'utf8');
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What WordPress would put in the page's head before the scripts: their globals and shims. */
const LIBRARIES = `
<script src="${HARNESS}jquery.js"></script>
<script src="${HARNESS}js.cookie.js"></script>
<script>
  // jQuery BlockUI's two calls, which the scripts use for a loading veil only.
  jQuery.fn.block = jQuery.fn.unblock = function () { return this; };
  // wp-util's wp.template for the templates these pages use: {{{ data.path }}} as it is,
  // {{ data.path }} escaped (WordPress runs them through Underscore's template).
  window.wp = {
    i18n: { __: function (text) { return text; } },
    template: function (id) {
      var html = document.getElementById('tmpl-' + id).textContent;
      return function (data) {
        return html.replace(/\\{\\{\\{\\s*([\\w.]+)\\s*\\}\\}\\}|\\{\\{\\s*([\\w.]+)\\s*\\}\\}/g, function (_, raw, escaped) {
          var path = (raw || escaped).split('.');
          var value = path[0] === 'data'
            ? path.slice(1).reduce(function (o, k) { return o == null ? o : o[k]; }, data)
            : '';
          value = value == null ? '' : String(value);
          return raw ? value : jQuery('<div>').text(value).html();
        });
      };
    },
  };
  var wc_add_to_cart_params = { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    i18n_view_cart: 'Warenkorb anzeigen', cart_url: '/cart', is_cart: '', cart_redirect_after_add: 'no' };
  var wc_cart_fragments_params = { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    cart_hash_key: 'wc_cart_hash_test', fragment_name: 'wc_fragments_test', request_timeout: '5000' };
  var wc_add_to_cart_variation_params = { wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    i18n_no_matching_variations_text: 'Keine passende Variante', i18n_make_a_selection_text: 'Bitte wählen',
    i18n_unavailable_text: 'Nicht verfügbar', i18n_reset_alert_text: 'Auswahl zurückgesetzt' };
</script>`;

function page(title: string, head: string, body: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${escape(title)}</title>${LIBRARIES}${head}</head><body>${body}</body></html>`;
}

/** Serves the harness pages and the scripts under the shop's own address. */
async function serveHarness(context: BrowserContext, pages: Record<string, string>) {
  const files: Record<string, { body: string; type: string }> = {
    'jquery.js': {
      body: read(require.resolve('jquery/dist/jquery.min.js')),
      type: 'text/javascript',
    },
    'js.cookie.js': {
      body: read(require.resolve('js-cookie')),
      type: 'text/javascript',
    },
    ...Object.fromEntries(
      Object.entries(pages).map(([name, html]) => [name, { body: html, type: 'text/html' }]),
    ),
  };
  if (hasWoo) {
    for (const f of WOO_FILES)
      files[`woocommerce/${f}`] = { body: read(path.join(wooDir, f)), type: 'text/javascript' };
  }
  if (hasCf7) files['contact-form-7.js'] = { body: read(cf7Script), type: 'text/javascript' };
  await context.route(
    (url) => url.pathname.startsWith(HARNESS),
    (route) => {
      const file = files[new URL(route.request().url()).pathname.slice(HARNESS.length)];
      return file
        ? route.fulfill({ status: 200, contentType: file.type, body: file.body })
        : route.fulfill({ status: 404, body: 'not found' });
    },
  );
}

type StoreCart = { items_count: number; items: { id: number; quantity: number }[] };

async function storeCart(p: Page): Promise<StoreCart> {
  const res = await p.request.get('/wc/store/v1/cart');
  expect(res.status()).toBe(200);
  return (await res.json()) as StoreCart;
}

const waitForCall = (p: Page, action: string) =>
  p.waitForResponse((r) => new URL(r.url()).searchParams.get('wc-ajax') === action);

let browser: Browser;
beforeAll(async () => {
  if (hasWoo || hasCf7) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!hasWoo)("WooCommerce's classic scripts, unchanged", () => {
  it('add-to-cart.js and cart-fragments.js add a product, refresh the mini cart and remove the line', async () => {
    const product = await simpleInStockProduct();
    const context = await newContext(browser);
    const html = page(
      'Shop',
      `<script src="${HARNESS}woocommerce/add-to-cart.js"></script><script src="${HARNESS}woocommerce/cart-fragments.js"></script>`,
      `<ul class="products"><li class="product">
        <a href="/?add-to-cart=${product.id}" data-quantity="1" data-product_id="${product.id}"
          class="button product_type_simple add_to_cart_button ajax_add_to_cart" rel="nofollow"
          data-success_message="${escape(product.name)} wurde hinzugefügt">In den Warenkorb</a></li></ul>
      <div class="widget_shopping_cart"><div class="widget_shopping_cart_content"></div></div>`,
    );
    await serveHarness(context, { 'shop.html': html });
    const p = await context.newPage();
    const refreshed = waitForCall(p, 'get_refreshed_fragments');
    await p.goto(`${HARNESS}shop.html`);
    // cart-fragments.js asks for the fragments on load and puts the shop's mini cart in place.
    expect((await refreshed).status()).toBe(200);
    await expect.poll(() => p.locator('div.widget_shopping_cart_content').innerHTML()).not.toBe('');

    for (const expected of [1, 2]) {
      const added = waitForCall(p, 'add_to_cart');
      await p.locator('a.ajax_add_to_cart').click();
      expect((await added).status()).toBe(200);
      await expect.poll(async () => (await storeCart(p)).items[0]?.quantity).toBe(expected);
    }
    // The button says it was added and links to the cart, as WooCommerce's script does it.
    await expect.poll(() => p.locator('a.ajax_add_to_cart.added').count()).toBe(1);
    expect(await p.locator('a.added_to_cart.wc-forward').getAttribute('href')).toBe('/cart');
    const line = p.locator('div.widget_shopping_cart_content .woocommerce-mini-cart-item');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.innerText()).toContain(product.name);
    // The cart hash the script keeps for other tabs.
    expect(await p.evaluate(() => sessionStorage.getItem('wc_cart_hash_test'))).toMatch(/\S/);

    const removed = waitForCall(p, 'remove_from_cart');
    await line.locator('a.remove_from_cart_button').click();
    expect((await removed).status()).toBe(200);
    await expect.poll(() => line.count()).toBe(0);
    expect((await storeCart(p)).items_count).toBe(0);
    await context.close();
  });

  it('add-to-cart-variation.js finds a variation through get_variation and shows its price and stock', async () => {
    type Attr = {
      name: string;
      taxonomy: string;
      has_variations: boolean;
      terms: { slug: string; name: string }[];
    };
    type Full = {
      id: number;
      name: string;
      type: string;
      attributes: Attr[];
      variations: { id: number; attributes: { name: string; value: string }[] }[];
    };
    const summary = (await catalog()).find((p) => p.type === 'variable' && p.is_in_stock)!;
    const product = (await (
      await fetch(shopUrl(`/wc/store/v1/products/${summary.id}`))
    ).json()) as Full;
    const attributes = product.attributes.filter((a) => a.has_variations);
    const chosen = product.variations[0]!;
    const valueOf = (a: Attr) => chosen.attributes.find((c) => c.name === a.name)?.value ?? '';
    const selects = attributes
      .map(
        (a) => `<tr><th><label for="${a.taxonomy}">${escape(a.name)}</label></th><td class="value">
          <select id="${a.taxonomy}" name="attribute_${a.taxonomy}" data-attribute_name="attribute_${a.taxonomy}" data-show_option_none="yes">
          <option value="">Wählen Sie eine Option</option>
          ${a.terms.map((t) => `<option value="${escape(t.slug)}">${escape(t.name)}</option>`).join('')}
          </select></td></tr>`,
      )
      .join('');
    const html = page(
      product.name,
      `<script src="${HARNESS}woocommerce/add-to-cart-variation.js"></script>`,
      `<div class="product">
        <form class="variations_form cart" action="/product/x" method="post" data-product_id="${product.id}" data-product_variations="false">
          <table class="variations"><tbody>${selects}</tbody></table>
          <a class="reset_variations" href="#">Auswahl zurücksetzen</a>
          <div class="single_variation_wrap">
            <div class="woocommerce-variation single_variation"></div>
            <div class="woocommerce-variation-add-to-cart variations_button">
              <div class="quantity"><input type="number" class="input-text qty text" name="quantity" value="1" min="1" aria-label="Menge"></div>
              <button type="submit" class="single_add_to_cart_button button alt">In den Warenkorb</button>
              <input type="hidden" name="add-to-cart" value="${product.id}">
              <input type="hidden" name="product_id" value="${product.id}">
              <input type="hidden" name="variation_id" class="variation_id" value="0">
            </div>
          </div>
        </form>
      </div>
      <script type="text/template" id="tmpl-variation-template">
        <div class="woocommerce-variation-description">{{{ data.variation.variation_description }}}</div>
        <div class="woocommerce-variation-price">{{{ data.variation.price_html }}}</div>
        <div class="woocommerce-variation-availability">{{{ data.variation.availability_html }}}</div>
      </script>
      <script type="text/template" id="tmpl-unavailable-variation-template"><p>Nicht verfügbar</p></script>`,
    );
    const context = await newContext(browser);
    await serveHarness(context, { 'variation.html': html });
    const p = await context.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${HARNESS}variation.html`);
    const button = p.locator('.single_add_to_cart_button');
    await expect
      .poll(() => button.getAttribute('class'))
      .toContain('wc-variation-selection-needed');
    for (const a of attributes) {
      const answered =
        a === attributes[attributes.length - 1] ? waitForCall(p, 'get_variation') : null;
      await p.locator(`select[name="attribute_${a.taxonomy}"]`).selectOption(valueOf(a));
      if (answered) expect((await answered).status()).toBe(200);
    }
    await expect.poll(() => p.locator('input.variation_id').inputValue()).toBe(String(chosen.id));
    const shown = p.locator('.single_variation');
    await expect.poll(() => shown.innerText()).toMatch(/€/);
    expect(await shown.locator('.woocommerce-variation-availability .stock').count()).toBe(1);
    await expect.poll(() => button.getAttribute('class')).not.toContain('disabled');
    expect(errors).toEqual([]);

    // A combination without a variation: the script says so and keeps the button disabled.
    const combos = attributes.reduce<Record<string, string>[]>(
      (all, a) => all.flatMap((c) => a.terms.map((t) => ({ ...c, [a.name]: t.slug }))),
      [{}],
    );
    const missing = combos.find(
      (c) =>
        !product.variations.some((v) =>
          v.attributes.every((x) => x.value === '' || c[x.name] === x.value),
        ),
    );
    if (missing) {
      for (const a of attributes) {
        const answered =
          a === attributes[attributes.length - 1] ? waitForCall(p, 'get_variation') : null;
        await p.locator(`select[name="attribute_${a.taxonomy}"]`).selectOption(missing[a.name]!);
        if (answered) expect(await (await answered).json()).toBe(false);
      }
      await expect.poll(() => p.locator('.wc-no-matching-variations').count()).toBe(1);
      expect(await p.locator('input.variation_id').inputValue()).toBe('');
    }
    await context.close();
  });
});

describe.skipIf(!hasCf7)("Contact Form 7's script, unchanged", () => {
  it('sends the contact form, shows the refusal of a wrong captcha, takes the new captcha and resets', async () => {
    const context = await newContext(browser, { lang: 'de' });
    const p = await context.newPage();
    // The shop's contact page starts the session the captcha belongs to.
    await p.goto('/contact');
    const formId = await p.locator('input[name="_form"]').first().inputValue();
    const key = await p.locator('input[name="kc_key"]').first().inputValue();
    const fields = [
      ['your-name', 'text', 'Erika Mustermann'],
      ['your-email', 'email', 'erika@example.org'],
      ['your-phone', 'tel', '+49 30 1234567'],
      ['order-number', 'text', 'LZ-1001'],
    ]
      .map(
        ([name, type, value]) =>
          `<p><label>${name}<span class="wpcf7-form-control-wrap" data-name="${name}"><input type="${type}" name="${name}" value="${value}" class="wpcf7-form-control" aria-invalid="false"></span></label></p>`,
      )
      .join('');
    const unitTag = `wpcf7-f${formId}-p1-o1`;
    const html = page(
      'Kontakt',
      `<script>window.swv = undefined; var wpcf7 = { api: { root: location.origin + '/', namespace: 'forms/v1' } };</script>
       <script src="${HARNESS}contact-form-7.js"></script>`,
      `<div class="wpcf7 no-js" id="${unitTag}" lang="de-DE" dir="ltr">
        <div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p><ul></ul></div>
        <form action="/contact#${unitTag}" method="post" class="wpcf7-form init" aria-label="Kontaktformular" novalidate data-status="init">
          <div style="display: none">
            <input type="hidden" name="_wpcf7" value="${formId}">
            <input type="hidden" name="_wpcf7_version" value="6.0">
            <input type="hidden" name="_wpcf7_locale" value="de_DE">
            <input type="hidden" name="_wpcf7_unit_tag" value="${unitTag}">
            <input type="hidden" name="_wpcf7_container_post" value="1">
            <input type="hidden" name="_wpcf7_posted_data_hash" value="">
          </div>
          ${fields}
          <p><label>Betreff<span class="wpcf7-form-control-wrap" data-name="your-subject"><select name="your-subject" class="wpcf7-form-control"><option value="order" selected>Bestellung</option></select></span></label></p>
          <p><label>Nachricht<span class="wpcf7-form-control-wrap" data-name="your-message"><textarea name="your-message" class="wpcf7-form-control">Meine Bestellung kam beschädigt an, bitte melden Sie sich bei mir.</textarea></span></label></p>
          <p><span class="wpcf7-form-control-wrap" data-name="privacy"><span class="wpcf7-form-control wpcf7-acceptance"><span class="wpcf7-list-item"><label><input type="checkbox" name="privacy" value="1" checked> Datenschutz gelesen</label></span></span></span></p>
          <p><img class="wpcf7-captcha-kc_captcha" src="/forms/v1/captcha/${key}.png" alt="Sicherheitscode" width="120" height="40">
            <input type="hidden" name="_wpcf7_captcha_challenge_kc_captcha" value="${key}">
            <label>Code<span class="wpcf7-form-control-wrap" data-name="kc_captcha"><input type="text" name="kc_captcha" class="wpcf7-form-control" aria-invalid="false"></span></label></p>
          <input type="text" name="name-kc" value="" style="display:none" tabindex="-1" autocomplete="off" aria-hidden="true">
          <p><input type="submit" value="Senden" class="wpcf7-form-control wpcf7-submit"></p>
          <div class="wpcf7-response-output" aria-hidden="true"></div>
        </form>
      </div>`,
    );
    await serveHarness(context, { 'contact.html': html });
    await p.goto(`${HARNESS}contact.html`);
    const form = p.locator('.wpcf7 > form');
    await expect.poll(() => p.locator('.wpcf7').getAttribute('class')).toContain(' js');
    const feedback = () =>
      p.waitForResponse((r) => r.url().endsWith(`/forms/v1/contact-forms/${formId}/feedback`));

    // A wrong answer: refused beside the field, a new captcha put in place by the script.
    await p.locator('input[name="kc_captcha"]').fill('XXXXX');
    let answer = feedback();
    await p.locator('input.wpcf7-submit').click();
    const refused = (await (await answer).json()) as any;
    expect(refused.status).toBe('validation_failed');
    await expect.poll(() => form.getAttribute('data-status')).toBe('invalid');
    expect(await p.locator('.wpcf7-response-output').innerText()).toBe(refused.message);
    expect(await p.locator('[data-name="kc_captcha"] .wpcf7-not-valid-tip').count()).toBe(1);
    const next = refused.captcha_details.kc_captcha;
    expect(await p.locator('img.wpcf7-captcha-kc_captcha').getAttribute('src')).toBe(
      refused.captcha.kc_captcha,
    );
    expect(await p.locator('input[name="_wpcf7_captcha_challenge_kc_captcha"]').inputValue()).toBe(
      next.key,
    );

    // The new captcha's answer: sent, the form reset, and the refill's captcha in place.
    await p.locator('input[name="kc_captcha"]').fill(next.testAnswer);
    answer = feedback();
    const refill = p.waitForResponse((r) =>
      r.url().includes(`/forms/v1/contact-forms/${formId}/refill`),
    );
    await p.locator('input.wpcf7-submit').click();
    const sent = (await (await answer).json()) as any;
    expect(sent.status).toBe('mail_sent');
    await expect.poll(() => form.getAttribute('data-status')).toBe('sent');
    expect(await p.locator('.wpcf7-response-output').innerText()).toBe(sent.message);
    const refilled = (await (await refill).json()) as any;
    await expect
      .poll(() => p.locator('input[name="_wpcf7_captcha_challenge_kc_captcha"]').inputValue())
      .toBe(refilled.captcha_details.kc_captcha.key);
    expect(await p.locator('img.wpcf7-captcha-kc_captcha').getAttribute('src')).toBe(
      refilled.captcha.kc_captcha,
    );
    await context.close();
  });
});
