import type {
  ComplianceView,
  PriceView,
  ProductDetail,
  VariationView,
} from '#app/domain/catalog/catalog.view.ts';
import type { ImageView } from '#app/domain/media/media.ts';

/** A product page’s view and its parts, as the structured-data tests build them. */
export const site = { shopUrl: 'https://laden.example', currency: 'EUR' };

export const compliance: ComplianceView = {
  deliveryTime: null,
  unitPrice: null,
  deposit: null,
  food: null,
  manufacturer: null,
  responsiblePerson: null,
  safetyInstructions: '',
  attachments: [],
  powerSupply: null,
  defectDescription: '',
  taxInfo: '',
  shippingCostsInfo: '',
  hasProductSafetyInformation: false,
};

export function price(active: number | null, fields: Partial<PriceView> = {}): PriceView {
  return {
    regular: active,
    active,
    onSale: false,
    range: null,
    saleEndsAt: null,
    lowestPrior: null,
    ...fields,
  };
}

export function image(key: string): ImageView {
  return {
    key,
    alt: `Bild ${key}`,
    caption: '',
    width: 1200,
    height: 1200,
    sizes: [
      { name: 'thumb', width: 150, height: 150 },
      { name: 'large', width: 800, height: 800 },
      { name: 'full', width: 1200, height: 1200 },
    ],
  };
}

export function product(fields: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    slug: 'espresso',
    type: 'simple',
    name: 'Espresso',
    shortDescription: 'Kräftig geröstet.',
    description: 'Eine dunkle Röstung aus Bohnen.',
    image: image('espresso-1'),
    hoverImage: null,
    price: price(1299),
    unitPrice: null,
    taxClass: 'reduced',
    taxRate: 7,
    deposit: null,
    rating: { average: 0, count: 0 },
    stockStatus: 'instock',
    isPurchasable: true,
    soldIndividually: false,
    deliveryTime: null,
    sku: 'ESP-1',
    gtin: '4006381333931',
    weightKg: 0.5,
    dimensionsCm: null,
    categories: [{ slug: 'kaffee', name: 'Kaffee' }],
    gallery: [image('espresso-1'), image('espresso-2')],
    attributes: [],
    variations: fields.variations ?? [],
    variationCount: fields.variations?.length ?? 0,
    variationsHaveUnitPrice: false,
    stockQuantity: null,
    lowStockAmount: null,
    quantity: { min: 1, max: null, step: 1, soldIndividually: false },
    compliance,
    ...fields,
  };
}

export function variation(id: number, fields: Partial<VariationView>): VariationView {
  return {
    id,
    attributes: {},
    sku: null,
    gtin: null,
    price: price(1000),
    stockStatus: 'instock',
    stockQuantity: null,
    isPurchasable: true,
    image: null,
    weightKg: null,
    quantity: { min: 1, max: null, step: 1, soldIndividually: false },
    compliance,
    description: '',
    ...fields,
  };
}
