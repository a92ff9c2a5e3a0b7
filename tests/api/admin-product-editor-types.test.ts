// The product editor's form for grouped and external products, the publish date and the
// product-safety warning: saved as typed, hostile input refused with nothing saved.
import { describe, expect, it } from 'vitest';
import { createManufacturer, createProduct } from '#db/seed/factories.ts';
import {
  createThroughForm,
  db,
  form,
  get,
  pageForm,
  post,
  row,
  tag,
  withEditorShop,
} from '../support/product-editor-requests.ts';
import { TEN_KB } from '../support/hostile.ts';

withEditorShop();

describe('grouped and external products in the editor', () => {
  it('saves a grouped product with its children in the order listed', async () => {
    const t = tag();
    const { product: a } = await createProduct(db(), { name: { de: `A ${t}` }, regularPrice: 100 });
    const { product: b } = await createProduct(db(), { name: { de: `B ${t}` }, regularPrice: 200 });
    const id = await createThroughForm({
      type: 'grouped',
      name_de: `Gruppe ${t}`,
      status: 'publish',
      grouped_ids: [String(b.id)],
      grouped_add: `#${a.id}`,
    });
    expect(await row(id)).toMatchObject({ type: 'grouped', regularPrice: null });
    const page = await (await get(`/admin/products/${id}`, undefined, 'en')).text();
    const listed = [...page.matchAll(/name="grouped_ids" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(listed).toEqual([b.id, a.id]);
    expect(page).toContain('Grouped products');
  });

  it('refuses the group itself and a variable product as children', async () => {
    const t = tag();
    const { product: variable } = await createProduct(db(), {
      type: 'variable',
      name: { de: `V ${t}` },
    });
    const id = await createThroughForm({ type: 'grouped', name_de: `G ${t}` });
    for (const add of [`#${id}`, `#${variable.id}`]) {
      const { version } = await pageForm(id);
      const res = await post(
        `/admin/products/${id}`,
        form({ type: 'grouped', name_de: `G ${t}`, version, grouped_add: add }),
      );
      expect(res.status).toBe(400);
    }
  });

  it('saves an external product and refuses a hostile address', async () => {
    const t = tag();
    const id = await createThroughForm({
      type: 'external',
      name_de: `Extern ${t}`,
      external_url: 'https://seller.example/x',
      button_text_de: 'Beim Händler',
    });
    expect(await row(id)).toMatchObject({
      type: 'external',
      externalUrl: 'https://seller.example/x',
      buttonText: { de: 'Beim Händler' },
    });
    for (const url of ['javascript:alert(1)', `https://a.example/${TEN_KB}`, 'https://a\u0000b']) {
      const res = await post(
        '/admin/products/new',
        form({ type: 'external', name_de: `Böse ${t}`, external_url: url }),
        { lang: 'en' },
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('https://');
    }
    const missing = await post(
      '/admin/products/new',
      form({ type: 'external', name_de: `Ohne ${t}` }),
      { lang: 'en' },
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('An external product needs its product URL.');
  });
});

describe('publish date and product safety', () => {
  it('schedules a product published with a date to come, publishes one with a past date', async () => {
    const t = tag();
    const next = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const future = await createThroughForm({
      name_de: `Später ${t}`,
      status: 'publish',
      publish_date: next,
      publish_time: '09:30',
    });
    const saved = await row(future);
    expect(saved.status).toBe('future');
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
      }).format(saved.createdAt),
    ).toBe('09:30');
    const past = await createThroughForm({
      name_de: `Früher ${t}`,
      status: 'future',
      publish_date: '2020-01-01',
      publish_time: '12:00',
    });
    expect((await row(past)).status).toBe('publish');
    const bad = await post(
      '/admin/products/new',
      form({ name_de: `X ${t}`, status: 'future', publish_date: '2020-02-31' }),
    );
    expect(bad.status).toBe(400);
  });

  it('warns about missing product-safety data on a published product, linking the fields', async () => {
    const t = tag();
    const id = await createThroughForm({ name_de: `Ohne GPSR ${t}`, status: 'publish' });
    const page = await (await get(`/admin/products/${id}?saved=1`, undefined, 'en')).text();
    expect(page).toContain('Product safety data (GPSR) is missing.');
    expect(page).toContain('href="#product-manufacturer"');
    expect(page).toContain('href="#product-responsible-person"');
    const maker = await createManufacturer(db(), {});
    const complete = await createThroughForm({
      name_de: `Mit GPSR ${t}`,
      status: 'publish',
      manufacturer: String(maker.id),
      responsible_person: String(maker.id),
    });
    expect(await row(complete)).toMatchObject({ manufacturerId: maker.id });
    const fine = await (await get(`/admin/products/${complete}`, undefined, 'en')).text();
    expect(fine).not.toContain('href="#product-manufacturer"');
    const draft = await createThroughForm({ name_de: `Entwurf ${t}` });
    const quiet = await (await get(`/admin/products/${draft}`, undefined, 'en')).text();
    expect(quiet).not.toContain('href="#product-manufacturer"');
  });
});
