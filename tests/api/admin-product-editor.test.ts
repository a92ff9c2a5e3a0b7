// The product editor (/admin/products/new, /admin/products/{id}) through its no-JS form: who may
// open it, each type created, every field group saved and read back through the Store API and
// the product page, the Omnibus lowest price after a price change, SKU taken, stale saves,
// hostile input refused with nothing saved.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { priceHistory } from '#app/domain/catalog/price-history.schema.ts';
import {
  createCategory,
  createDeliveryTime,
  createDepositType,
  createManufacturer,
  createProduct,
} from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import {
  createThroughForm,
  db,
  form,
  get,
  manager,
  pageForm,
  post,
  row,
  storeProduct,
  tag,
  withEditorShop,
} from '../support/product-editor-requests.ts';
import { TEN_KB } from '../support/hostile.ts';

withEditorShop();

describe('who may open it', () => {
  it('answers guests and customers with the 404 page, for the pages and their posts', async () => {
    const customer = await signedInCustomer(db());
    const { product } = await createProduct(db(), { name: { de: 'Geheim' }, regularPrice: 100 });
    for (const path of ['/admin/products/new', `/admin/products/${product.id}`]) {
      for (const cookie of ['', customer.cookie]) {
        expect((await get(path, cookie)).status).toBe(404);
      }
      const res = await post(path, form({ name_de: 'Übernommen' }, customer), { who: customer });
      expect(res.status).toBe(404);
      expect((await post(path, 'name_de=x', { who: null })).status).toBe(404);
    }
    expect((await row(product.id)).name).toEqual({ de: 'Geheim' });
    expect((await get('/admin/products/0')).status).toBe(404);
    expect((await get('/admin/products/abc')).status).toBe(404);
    expect((await get('/admin/products/99999999')).status).toBe(404);
  });

  it('links the list to the editor and offers an "Add product" button', async () => {
    const { product } = await createProduct(db(), { name: { de: `Liste ${tag()}` } });
    const page = await (await get('/admin/products', manager.cookie, 'en')).text();
    expect(page).toContain(`href="/admin/products/${product.id}"`);
    expect(page).toMatch(/<a[^>]*href="\/admin\/products\/new"[^>]*>Add product<\/a>/);
  });
});

describe('creating each type', () => {
  it('creates a simple product as a draft by default and shows it in the editor', async () => {
    const t = tag();
    const id = await createThroughForm({
      type: 'simple',
      name_de: `Becher ${t}`,
      regular_price: '9,90',
    });
    const saved = await row(id);
    expect(saved).toMatchObject({
      type: 'simple',
      status: 'draft',
      regularPrice: 990,
      subscription: null,
    });
    expect(saved.slug).toBe(`becher-${t}`);
    const page = await (await get(`/admin/products/${id}?saved=1`)).text();
    expect(page).toContain('Das Produkt wurde gespeichert.');
    expect(page).toContain(`value="Becher ${t}"`);
    expect(page).toContain('value="9,90"');
    // Drafts are not in the shop.
    expect((await get(`/wc/store/v1/products/${id}`, '')).status).toBe(404);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))));
    expect(entry?.action).toBe('create');
  });

  it('creates a variable product and a subscription product with its terms', async () => {
    const variable = await createThroughForm({ type: 'variable', name_de: `Hemd ${tag()}` });
    expect(await row(variable)).toMatchObject({ type: 'variable', subscription: null });
    const subscription = await createThroughForm({
      type: 'subscription',
      name_de: `Kaffee-Abo ${tag()}`,
      regular_price: '19,00',
      subscription_period: 'month',
      subscription_interval: '3',
      subscription_trial_days: '14',
      subscription_sign_up_fee: '5',
      subscription_length: '',
      status: 'publish',
    });
    expect(await row(subscription)).toMatchObject({
      type: 'simple',
      regularPrice: 1900,
      subscription: { period: 'month', interval: 3, trialDays: 14, signUpFee: 500, length: null },
    });
    const page = await (await get(`/admin/products/${subscription}`)).text();
    const select = /<select[^>]*name="type"[^>]*>.*?<\/select>/s.exec(page)?.[0];
    expect(select).toMatch(/<option value="subscription" selected/);
  });

  it('makes a taken slug free the WordPress way', async () => {
    const t = tag();
    const a = await createThroughForm({ name_de: 'Erster', slug: `tasse-${t}` });
    const b = await createThroughForm({ name_de: 'Zweiter', slug: `tasse-${t}` });
    expect((await row(a)).slug).toBe(`tasse-${t}`);
    expect((await row(b)).slug).toBe(`tasse-${t}-2`);
  });
});

describe('updating every field group', () => {
  it('saves every group and the shop shows it: Store API and product page', async () => {
    const t = tag();
    const parent = await createCategory(db(), { name: { de: `Küche ${t}`, en: `Kitchen ${t}` } });
    const child = await createCategory(db(), {
      name: { de: `Tassen ${t}`, en: `Mugs ${t}` },
      parentId: parent.id,
    });
    const maker = await createManufacturer(db(), { name: `Töpferei ${t}` });
    const time = await createDeliveryTime(db(), { minDays: 2, maxDays: 4 });
    const deposit = await createDepositType(db());
    const id = await createThroughForm({ name_de: `Tasse ${t}`, regular_price: '10' });
    const { version } = await pageForm(id);
    const res = await post(
      `/admin/products/${id}`,
      form({
        version,
        type: 'simple',
        name_de: `Tasse ${t}`,
        name_en: `Mug ${t}`,
        short_description_de: 'Kurz <b>fett</b>',
        short_description_en: 'Short',
        description_de: `Erster Absatz ${t}\n\nZweiter Absatz`,
        description_en: 'First paragraph',
        slug: '',
        sku: `SKU-${t}`,
        gtin: '4006381333931',
        regular_price: '12,50',
        sale_price: '',
        tax_class: 'reduced',
        manage_stock: 'yes',
        stock_quantity: '7',
        backorders: 'notify',
        low_stock_amount: '2',
        sold_individually: 'yes',
        min_quantity: '1',
        max_quantity: '5',
        quantity_step: '1',
        weight: '0,35',
        length: '10',
        width: '8,5',
        height: '12',
        categories: [String(parent.id), String(child.id)],
        status: 'publish',
        featured: 'yes',
        menu_order: '3',
        unit: 'ml',
        product_units: '300',
        unit_base: '100',
        delivery_time: String(time.id),
        deposit_type: String(deposit.id),
        deposit_quantity: '1',
        manufacturer: String(maker.id),
        responsible_person: String(maker.id),
        safety_instructions_de: `Nicht in die Mikrowelle ${t}`,
        defect_description_de: '',
        tax_info_de: '',
        shipping_costs_info_de: '',
        digital: '',
        food_ingredients_de: `Ton ${t}`,
        allergens: ['milk'],
        food_nutri_score: 'B',
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/admin/products/${id}?saved=1`);
    const saved = await row(id);
    expect(saved).toMatchObject({
      sku: `SKU-${t}`,
      gtin: '4006381333931',
      regularPrice: 1250,
      taxClass: 'reduced',
      manageStock: true,
      stockQuantity: 7,
      backorders: 'notify',
      lowStockAmount: 2,
      soldIndividually: true,
      maxQuantity: 5,
      weightKg: 0.35,
      widthCm: 8.5,
      featured: true,
      menuOrder: 3,
      unit: 'ml',
      productUnits: 300,
      unitBase: 100,
      deliveryTimeId: time.id,
      depositTypeId: deposit.id,
      depositQuantity: 1,
      manufacturerId: maker.id,
      responsiblePersonId: maker.id,
      status: 'publish',
      slug: `tasse-${t}`,
    });
    expect(saved.food).toMatchObject({
      ingredients: { de: `Ton ${t}` },
      allergens: ['milk'],
      nutriScore: 'B',
    });

    const api = await storeProduct(id, 'en');
    expect(api.name).toBe(`Mug ${t}`);
    expect(api.sku).toBe(`SKU-${t}`);
    expect(api.prices.regular_price).toBe('1250');
    expect(api.sold_individually).toBe(true);
    expect(api.categories.map((c: { id: number }) => c.id).sort()).toEqual(
      [parent.id, child.id].sort(),
    );
    const page = await (await get(`/product/tasse-${t}`, '')).text();
    expect(page).toContain(`Erster Absatz ${t}`);
    // The short description is text, not markup.
    expect(page).toContain('Kurz &lt;b>fett&lt;/b>');
    expect(page).toContain(`Töpferei ${t}`);
    expect(page).toContain(`Nicht in die Mikrowelle ${t}`);
    expect(page).toContain(`Ton ${t}`);

    // One audit entry with the before and after of the change.
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe('update');
    expect(entry?.before).toMatchObject({ regularPrice: 1000 });
    expect(entry?.after).toMatchObject({ regularPrice: 1250, sku: `SKU-${t}` });
  });

  it('keeps the Omnibus lowest price right when the editor changes a price', async () => {
    const t = tag();
    const id = await createThroughForm({
      name_de: `Kanne ${t}`,
      regular_price: '20,00',
      status: 'publish',
    });
    const save = async (fields: Record<string, string>) => {
      const { version } = await pageForm(id);
      const res = await post(
        `/admin/products/${id}`,
        form({ name_de: `Kanne ${t}`, status: 'publish', version, ...fields }),
      );
      expect(res.status).toBe(302);
    };
    // The price was 20 € before; a sale makes that the lowest of the 30 days before.
    await db()
      .update(priceHistory)
      .set({ validFrom: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(priceHistory.productId, id));
    await save({ regular_price: '20,00', sale_price: '15,00' });
    const api = await storeProduct(id);
    expect(api.prices.price).toBe('1500');
    expect(api.on_sale).toBe(true);
    const page = await (await get(`/product/kanne-${t}`, '', 'en')).text();
    expect(page).toMatch(/Lowest price in the last 30 days: [^<]*20[.,]00/);
  });
});

describe('refusals', () => {
  it('says when the SKU is taken, keeps what was typed and saves nothing', async () => {
    const t = tag();
    await createProduct(db(), { name: { de: 'Andere' }, sku: `TAKEN-${t}` });
    const id = await createThroughForm({ name_de: `Teller ${t}`, sku: `OWN-${t}` });
    const { version } = await pageForm(id);
    const res = await post(
      `/admin/products/${id}`,
      form({ version, name_de: `Neuer Name ${t}`, sku: `TAKEN-${t}` }),
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('doppelte Artikelnummer');
    expect(page).toContain('id="product-sku-tip"');
    expect(page).toContain(`value="Neuer Name ${t}"`);
    expect(await row(id)).toMatchObject({ sku: `OWN-${t}`, name: { de: `Teller ${t}` } });
    const created = await post(
      '/admin/products/new',
      form({ name_de: 'Doppelt', sku: `TAKEN-${t}` }),
    );
    expect(created.status).toBe(400);
  });

  it('refuses a stale save with 409 in German and English, keeping the typed values', async () => {
    const t = tag();
    const id = await createThroughForm({ name_de: `Schale ${t}` });
    const { version } = await pageForm(id);
    // Someone else saves first.
    const first = await post(`/admin/products/${id}`, form({ version, name_de: `Erste ${t}` }));
    expect(first.status).toBe(302);
    for (const lang of ['de', 'en']) {
      const res = await post(`/admin/products/${id}`, form({ version, name_de: `Zweite ${t}` }), {
        lang,
      });
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain(
        lang === 'de' ? 'inzwischen von jemand anderem geändert' : 'Someone else has changed',
      );
      expect(page).toContain(`value="Zweite ${t}"`);
    }
    expect((await row(id)).name).toEqual({ de: `Erste ${t}` });
  });

  it('shows each field error beside its field, with a summary linking to it', async () => {
    const id = await createThroughForm({ name_de: `Glas ${tag()}` });
    const { version } = await pageForm(id);
    const res = await post(
      `/admin/products/${id}`,
      form({
        version,
        name_de: '',
        gtin: '4006381333932',
        regular_price: '10',
        sale_price: '12',
        weight: 'schwer',
      }),
      { lang: 'en' },
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    for (const field of ['name-de', 'gtin', 'sale-price', 'weight']) {
      expect(page).toContain(`id="product-${field}-tip"`);
      expect(page).toContain(`href="#product-${field}"`);
    }
    expect(page).toContain('The sale price must be below the regular price.');
    expect(page).toContain('value="schwer"');
  });

  it('refuses hostile input with 400 and a message, saving nothing', async () => {
    const t = tag();
    const id = await createThroughForm({ name_de: `Krug ${t}`, regular_price: '5' });
    const before = await row(id);
    const { version } = await pageForm(id);
    const cases: [string, URLSearchParams | string][] = [
      ['NUL', form({ version, name_de: 'a\u0000b' })],
      ['10 kB name', form({ version, name_de: TEN_KB })],
      ['10 kB SKU', form({ version, name_de: 'x', sku: TEN_KB })],
      ['array for a scalar', form({ version, name_de: ['a', 'b'] })],
      ['bracket array', `${form({ version, name_de: 'x' })}&regular_price[]=1`],
      ['unknown category', form({ version, name_de: 'x', categories: '99999999' })],
      ['category not a number', form({ version, name_de: 'x', categories: 'abc' })],
      ['unknown delivery time', form({ version, name_de: 'x', delivery_time: '99999999' })],
      ['unknown manufacturer', form({ version, name_de: 'x', manufacturer: '99999999' })],
      ['unknown deposit type', form({ version, name_de: 'x', deposit_type: '99999999' })],
      ['unknown shipping class', form({ version, name_de: 'x', shipping_class: 'nope' })],
      ['unknown status', form({ version, name_de: 'x', status: 'trash' })],
      ['huge number', form({ version, name_de: 'x', regular_price: '1e309' })],
      ['negative price', form({ version, name_de: 'x', regular_price: '-1' })],
      ['NUL in a nutrient', form({ version, name_de: 'x', nutrient_fat: '1\u0000' })],
      ['10 kB nutrient', form({ version, name_de: 'x', nutrient_salt: TEN_KB })],
      ['array for a nutrient', form({ version, name_de: 'x', nutrient_fat: ['1', '2'] })],
      ['bracket nutrient', `${form({ version, name_de: 'x' })}&nutrient_fat[]=1`],
      ['huge nutrient', form({ version, name_de: 'x', nutrient_fat: '1e309' })],
      ['absurd grams', form({ version, name_de: 'x', nutrient_salt: '100,5' })],
      ['unknown reference', form({ version, name_de: 'x', food_nutrient_reference: 'kg' })],
      ['10 kB watts', form({ version, name_de: 'x', power_min_watts: TEN_KB })],
      ['array for watts', form({ version, name_de: 'x', power_max_watts: ['5', '10'] })],
      ['NUL in watts', form({ version, name_de: 'x', power_min_watts: '\u00005' })],
      [
        'too many watts',
        form({ version, name_de: 'x', power_min_watts: '1', power_max_watts: '241' }),
      ],
      ['zero watts', form({ version, name_de: 'x', power_min_watts: '0', power_max_watts: '5' })],
      ['odd flag', form({ version, name_de: 'x', power_usb_pd: 'maybe' })],
    ];
    for (const [label, body] of cases) {
      const res = await post(`/admin/products/${id}`, body);
      expect(res.status, label).toBe(400);
      const page = await res.text();
      expect(page, label).toMatch(/role="alert"|class="notice/);
    }
    const after = await row(id);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.name).toEqual(before.name);
    // Without the page's nonce nothing is saved either.
    const expired = await post(
      `/admin/products/${id}`,
      `security=wrong&version=${encodeURIComponent(version)}&name_de=x`,
    );
    expect(expired.status).toBe(403);
    expect((await row(id)).name).toEqual(before.name);
  });

  it('refuses to make a variable product with variations simple', async () => {
    const { product } = await createProduct(db(), {
      type: 'variable',
      name: { de: `Hose ${tag()}` },
      variations: [{ attributes: {}, regularPrice: 1000 }],
    });
    const { version } = await pageForm(product.id);
    const res = await post(
      `/admin/products/${product.id}`,
      form({ version, type: 'simple', name_de: 'Hose' }),
      { lang: 'en' },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Delete its variations first.');
    expect((await row(product.id)).type).toBe('variable');
  });
});

describe('preview', () => {
  it('shows the texts without JavaScript as the product page would, escaped', async () => {
    const id = await createThroughForm({ name_de: `Vase ${tag()}` });
    const { version } = await pageForm(id);
    const res = await post(
      `/admin/products/${id}`,
      form({
        version,
        intent: 'preview',
        name_de: 'Vase',
        description_de: 'Absatz eins\n\n<script>alert(1)</script>',
      }),
    );
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('id="product-preview"');
    expect(page).toContain('<p>Absatz eins</p>');
    expect(page).toContain('<p>&lt;script>alert(1)&lt;/script></p>');
    expect(page).not.toContain('<script>alert(1)');
    // A preview saves nothing.
    expect((await row(id)).description).toEqual({ de: '' });
  });
});
