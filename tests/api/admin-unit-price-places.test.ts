// Where the unit price shows, through the catalog section's no-JS form: the cart, the mini cart
// and the checkout follow each switch; the product page and product lists keep it always.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNIT_PRICE_PLACES_KEY } from '#app/domain/cart/unit-price-places.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { alertOf, expectRefusedBesideField } from '../support/settings-forms.ts';
import type { TestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let crate: { id: number; slug: string };
const http = customerRequests(() => shop.url);
const PAGE = '/admin/settings/catalog';

beforeAll(async () => {
  ({ shop } = await startCheckoutShop({ candleStock: 10 }));
  const { product } = await createProduct(shop.database.db, {
    name: { de: 'Limonadenkiste', en: 'Lemonade crate' },
    regularPrice: 1899,
    unit: 'l',
    productUnits: 6,
    unitBase: 1,
  });
  crate = { id: product.id, slug: product.slug ?? String(product.id) };
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

/** The section with every default, the unit price places as the page sends them. */
const FORM = {
  ajax_threshold: '30',
  clear_on_reselect: 'yes',
  deselect_unavailable: 'yes',
  stock_label_threshold: '5',
  reveal_mini_cart: 'yes',
  reveal_seconds: '5',
  gallery_zoom: 'yes',
  gallery_lightbox: 'yes',
  unit_price_places: 'yes',
  unit_price_cart: 'yes',
  unit_price_mini_cart: 'yes',
};

const UNIT_PRICE = 'class="unit-price"';

/** The form with these boxes unticked (an unticked box sends nothing). */
function without(...boxes: (keyof typeof FORM)[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(FORM).filter(([name]) => !boxes.includes(name as never)),
  );
}

async function storedPlaces() {
  const [row] = await db().select().from(settings).where(eq(settings.key, UNIT_PRICE_PLACES_KEY));
  return row?.value;
}

/** A shopper with the crate in the cart; what each place shows them. */
async function shopperWithCrate() {
  const client = await StoreClient.start(shop.url);
  const added = await client.post('/cart/add-item', { id: crate.id, quantity: 1 });
  expect(added.status).toBe(201);
  const get = async (path: string) =>
    (await fetch(shop.url + path, { headers: { cookie: client.cookieHeader } })).text();
  return {
    async cart() {
      return /<table class="cart-table">[\s\S]*?<\/table>/.exec(await get('/cart'))?.[0] ?? '';
    },
    async checkout() {
      const html = await get('/checkout');
      return (
        /<table class="shop_table woocommerce-checkout-review-order-table">[\s\S]*?<\/table>/.exec(
          html,
        )?.[0] ?? ''
      );
    },
    async miniCart() {
      const res = await fetch(`${shop.url}/wc-ajax/get_refreshed_fragments`, {
        method: 'POST',
        body: 'time=1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: client.cookieHeader,
          origin: shop.url,
        },
      });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { fragments: Record<string, string> };
      return answer.fragments['div.widget_shopping_cart_content'] ?? '';
    },
  };
}

let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  const res = await http.post(manager, PAGE, { ...FORM, security: nonceOf(manager) });
  expect(res.status).toBe(302);
});

describe('unit price places', () => {
  it('explains on the page why the product page and lists always show it', async () => {
    // The rendered form, not the page's message catalog.
    const page = await (await http.get(manager, PAGE)).text();
    expect(page).toMatch(/id="setting-unit-price-cart"[^>]*\/><span>Grundpreis im Warenkorb</);
    expect(page).toMatch(
      /id="setting-unit-price-mini-cart"[^>]*\/><span>Grundpreis im Mini-Warenkorb</,
    );
    expect(page).toMatch(/id="setting-unit-price-checkout"[^>]*\/><span>Grundpreis an der Kasse</);
    expect(page).toMatch(/id="catalog-unit-price-law"[^>]*>[^<]*PAngV § 4[^<]*nicht ausblenden/);
    const english = await (await http.get({ cookie: `lang=en; ${manager.cookie}` }, PAGE)).text();
    expect(english).toMatch(/id="catalog-unit-price-law"[^>]*>[^<]*cannot be hidden there/);
  });

  it('shows it in the cart and the mini cart by default, not at checkout', async () => {
    const shopper = await shopperWithCrate();
    expect(await shopper.cart()).toContain(UNIT_PRICE);
    expect(await shopper.miniCart()).toContain(UNIT_PRICE);
    const review = await shopper.checkout();
    expect(review).toContain('Limonadenkiste');
    expect(review).not.toContain(UNIT_PRICE);
  });

  it('follows each switch at once, with an audit entry, and never hides it on product pages', async () => {
    const shopper = await shopperWithCrate();
    const res = await http.post(manager, PAGE, {
      ...without('unit_price_cart', 'unit_price_mini_cart'),
      unit_price_checkout: 'yes',
      security: nonceOf(manager),
    });
    expect(res.headers.get('location')).toBe(`${PAGE}?saved=yes`);
    expect(await storedPlaces()).toEqual({ cart: false, miniCart: false, checkout: true });
    const cart = await shopper.cart();
    expect(cart).toContain('Limonadenkiste');
    expect(cart).not.toContain(UNIT_PRICE);
    expect(await shopper.miniCart()).not.toContain(UNIT_PRICE);
    expect(await shopper.checkout()).toContain(UNIT_PRICE);
    // Where the law wants it beside the price, it stays.
    const product = await (await fetch(`${shop.url}/product/${crate.slug}`)).text();
    expect(product).toContain(UNIT_PRICE);
    const list = await (await fetch(`${shop.url}/shop`)).text();
    expect(list).toContain(UNIT_PRICE);
    const changes = await (await http.get(manager, PAGE)).text();
    expect(changes).toMatch(/<td[^>]*>Grundpreis in Warenkorb und Kasse<\/td>/);
  });

  it('keeps the places when a form without them is saved', async () => {
    await http.post(manager, PAGE, {
      ...without('unit_price_cart'),
      security: nonceOf(manager),
    });
    const {
      unit_price_places: _marker,
      unit_price_cart: _cart,
      unit_price_mini_cart: _mini,
      ...older
    } = FORM;
    const res = await http.post(manager, PAGE, { ...older, security: nonceOf(manager) });
    expect(res.status).toBe(302);
    expect(await storedPlaces()).toEqual({ cart: false, miniCart: true, checkout: false });
  });

  it('refuses hostile values beside the field and stores nothing', async () => {
    const before = await storedPlaces();
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ ...FORM, ...fields, security: nonceOf(manager) }).toString();
    await expectRefusedBesideField(
      (body) => http.post(manager, PAGE, body),
      [
        [form({ unit_price_cart: 'no' }), 'unit-price-cart', 'mehrfach oder in falscher Form'],
        [form({ unit_price_checkout: TEN_KB }), 'unit-price-checkout', 'falscher Form'],
        [`${form({})}&unit_price_mini_cart=yes`, 'unit-price-mini-cart', 'mehrfach'],
      ],
    );
    const marker = await http.post(manager, PAGE, form({ unit_price_places: 'ja' }));
    expect(marker.status).toBe(400);
    expect(alertOf(await marker.text())).toContain('falscher Form');
    expect(await storedPlaces()).toEqual(before);
    const customer = await signedInCustomer(db());
    const foreign = await http.post(customer, PAGE, without('unit_price_cart'));
    expect(foreign.status).toBe(404);
    expect(await storedPlaces()).toEqual(before);
  });
});
