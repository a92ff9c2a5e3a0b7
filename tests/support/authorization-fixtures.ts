// The records the authorization matrix (tests/api/admin-authorization.test.ts) works on, made
// fresh for each of its tests.
import { expect } from 'vitest';
import { tags } from '#app/domain/catalog/catalog.schema.ts';
import { contactForms, formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { issueInvoice } from '#app/domain/invoices/invoices.server.ts';
import { CONTACT_FORM } from '#db/seed/demo-forms.ts';
import {
  createAttribute,
  createCategory,
  createCoupon,
  createOrder,
  createProduct,
} from '#db/seed/factories.ts';
import { signedInCustomer } from './customers.ts';
import { type TestKey, signedUrl, webhookRows } from './rest-v3.ts';
import type { TestShop } from './shop.ts';

/**
 * What one test works on: an order with a note, a refund and an invoice, and a contact form
 * submission, made for it.
 */
export type Data = {
  order: number;
  invoice: string;
  note: number;
  refund: number;
  submission: number;
  product: number;
  variable: number;
  variation: number;
  category: number;
  attribute: number;
  term: number;
  customer: number;
  tag: number;
  coupon: number;
};

export async function authorizationFixtures(shop: TestShop, key: TestKey): Promise<Data> {
  const db = shop.database.db;
  const { product } = await createProduct(db, { name: { de: 'Matrix', en: 'Matrix' } });
  const order = await createOrder(db, { status: 'processing', productIds: [product.id] });
  const issued = await issueInvoice(db, order.id);
  if (!issued.ok) throw new Error(issued.error.code);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(signedUrl(`${shop.url}/wp-json/wc/v3/${path}`, 'POST', key), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const note = await post(`orders/${order.id}/notes`, { note: 'Matrix' });
  const refund = await post(`orders/${order.id}/refunds`, { amount: '1.00', api_refund: false });
  const [form] = await db
    .insert(contactForms)
    .values({
      slug: `matrix-${order.id}`,
      title: { de: 'Kontakt', en: 'Contact' },
      definition: CONTACT_FORM,
    })
    .returning({ id: contactForms.id });
  const [submission] = await db
    .insert(formSubmissions)
    .values({
      formId: form!.id,
      status: 'mail_sent',
      fields: { 'your-name': ['Matrix'], 'your-message': ['Matrix'] },
      locale: 'de',
      postedDataHash: 'h',
      clientHash: 'c',
    })
    .returning({ id: formSubmissions.id });
  return {
    order: order.id,
    invoice: `${issued.value.invoice.number}.pdf`,
    note,
    refund,
    submission: submission!.id,
    customer: (await signedInCustomer(db)).customer.id,
    coupon: (await createCoupon(db)).id,
    ...(await webhookRows.withFixture(db, catalogFixtures(shop, product.id))),
  };
}

async function catalogFixtures(shop: TestShop, productId: number) {
  const db = shop.database.db;
  const tag = `m${productId}`;
  const category = await createCategory(db, { name: { de: `Matrix ${tag}` } });
  const size = await createAttribute(db, {
    slug: `matrix-${tag}`,
    name: { de: `Matrix ${tag}` },
    terms: [{ slug: 's', name: { de: 'S' } }],
  });
  const variable = await createProduct(db, {
    attributes: [
      { attributeId: size.attribute.id, termIds: [size.termIds.s!], usedForVariations: true },
    ],
    variations: [{ attributes: { [size.attribute.slug]: 's' }, regularPrice: 1000 }],
  });
  return {
    product: productId,
    variable: variable.product.id,
    variation: variable.variations[0]!.id,
    category: category.id,
    attribute: size.attribute.id,
    term: size.termIds.s!,
    tag: (
      await db
        .insert(tags)
        .values({ slug: `matrix-${tag}`, name: { de: `Matrix ${tag}` } })
        .returning()
    )[0]!.id,
  };
}
