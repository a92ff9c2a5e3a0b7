// Card and page data of products, built from rows already read: no queries here.
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import {
  type ComplianceRefs,
  depositFor,
  foodView,
} from '#app/domain/compliance/compliance.server.ts';
import {
  currentPrice,
  lowestPrice,
  shownPrices,
  unitPrice,
} from '#app/domain/pricing/price.rules.ts';
import { grossOfNet, vatRate } from '#app/domain/pricing/tax.ts';
import type { TaxSetup } from '#app/domain/pricing/vat-rates.server.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import type { images, StockStatus } from './catalog.schema.ts';
import { type ProductRow, combinedStockStatus, effectiveStockStatus } from './catalog.rules.ts';
import type { ComplianceView, PriceView, ProductSummary, UnitPriceView } from './catalog.view.ts';
import { shownNow } from './publication.ts';

export function imageView(row: typeof images.$inferSelect, locale: Locale): ImageView {
  return {
    key: row.key,
    alt: localize(row.alt, locale),
    caption: localize(row.caption, locale),
    width: row.width,
    height: row.height,
    sizes: row.sizes,
  };
}

/** The lowest earlier price of a reduced item; its current price when it has no earlier one. */
function lowestPrior(
  id: number | undefined,
  onSale: boolean,
  active: number | null,
  lowest: Map<number, number>,
): number | null {
  if (!onSale || id === undefined) return null;
  return lowest.get(id) ?? active;
}

/**
 * Prices as the storefront shows them: entered without VAT, they get the shop country's rate
 * on top (the cart then applies the destination's), earlier prices included.
 */
export function shownRow(row: ProductRow, tax: TaxSetup): ProductRow {
  return shownPrices(row, vatRate(tax.rates, row.taxClass ?? 'standard'), tax.pricesIncludeTax);
}

function shownLowest(
  rows: ProductRow[],
  lowest: Map<number, number>,
  tax: TaxSetup,
): Map<number, number> {
  if (tax.pricesIncludeTax) return lowest;
  const shown = new Map<number, number>();
  for (const row of rows) {
    const amount = lowest.get(row.id);
    const rate = vatRate(tax.rates, row.taxClass ?? 'standard');
    if (amount !== undefined) shown.set(row.id, grossOfNet(amount, rate));
  }
  return shown;
}

/** The price display of one product or variation at `now`. */
export function priceView(
  stored: ProductRow,
  now: Date,
  lowest: Map<number, number>,
  tax: TaxSetup,
): PriceView {
  const row = shownRow(stored, tax);
  const { saleEndsAt, ...price } = currentPrice(row, now);
  return {
    ...price,
    range: null,
    saleEndsAt: saleEndsAt ? saleEndsAt.toISOString() : null,
    lowestPrior: lowestPrior(row.id, price.onSale, price.active, shownLowest([row], lowest, tax)),
  };
}

function unitPriceView(row: ProductRow, price: number | null): UnitPriceView | null {
  if (price === null) return null;
  const amount = unitPrice(price, row);
  if (amount === null) return null;
  return { amount, base: row.unitBase!, unit: row.unit!, productUnits: row.productUnits! };
}

export function summaryOf(
  row: ProductRow,
  variations: ProductRow[],
  gallery: ImageView[],
  refs: ComplianceRefs,
  locale: Locale,
  rating: { average: number; count: number },
  lowest: Map<number, number>,
  tax: TaxSetup,
): ProductSummary {
  const now = new Date();
  const taxClass = row.taxClass ?? 'standard';
  let price: PriceView;
  let stockStatus: StockStatus;
  let unit: UnitPriceView | null;
  // A grouped product's price and stock are its shown children's, as a variable one's are
  // its variations'.
  const grouped = row.type === 'grouped';
  if ((row.type === 'variable' || grouped) && variations.length > 0) {
    const live = (grouped ? variations : variations.filter((v) => v.status === 'publish')).map(
      (v) => shownRow(v, tax),
    );
    const { cheapest, regular, active, onSale, range } = lowestPrice(live, now);
    price = {
      regular,
      active,
      onSale,
      range,
      saleEndsAt: null,
      lowestPrior: lowestPrior(cheapest?.id, onSale, active, shownLowest(live, lowest, tax)),
    };
    stockStatus = combinedStockStatus(live);
    unit = cheapest ? unitPriceView(cheapest, active) : null;
  } else if (grouped) {
    price = {
      regular: null,
      active: null,
      onSale: false,
      range: null,
      saleEndsAt: null,
      lowestPrior: null,
    };
    stockStatus = 'outofstock';
    unit = null;
  } else {
    price = priceView(row, now, lowest, tax);
    stockStatus = effectiveStockStatus(row);
    unit = unitPriceView(row, price.active);
  }
  const main = gallery[0] ?? null;
  return {
    id: row.id,
    slug: row.slug ?? String(row.id),
    type:
      row.type === 'variable' || row.type === 'grouped' || row.type === 'external'
        ? row.type
        : 'simple',
    name: localize(row.name, locale),
    shortDescription: localize(row.shortDescription, locale),
    image: main,
    hoverImage: gallery[1] ?? null,
    price,
    unitPrice: unit,
    taxClass,
    taxRate: vatRate(tax.rates, taxClass),
    deposit: depositFor(refs, row.depositTypeId, row.depositQuantity),
    rating,
    stockStatus,
    isPurchasable:
      price.active !== null && shownNow(row) && row.type !== 'grouped' && row.type !== 'external',
    soldIndividually: row.soldIndividually ?? false,
    deliveryTime: row.deliveryTimeId ? (refs.deliveryTimes.get(row.deliveryTimeId) ?? null) : null,
    variations: (grouped ? [] : variations)
      .filter((v) => v.status === 'publish')
      .map((v) => ({ id: v.id, attributes: v.variationAttributes ?? {} })),
    subscription: row.type === 'simple' ? (row.subscription ?? null) : null,
    external:
      row.type === 'external' && row.externalUrl
        ? {
            url: row.externalUrl,
            buttonText: localize(row.buttonText, locale) || '',
          }
        : null,
  };
}

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export function complianceOf(
  row: ProductRow,
  price: number | null,
  refs: ComplianceRefs,
  attachments: ComplianceView['attachments'],
  locale: Locale,
): ComplianceView {
  const manufacturer = row.manufacturerId
    ? (refs.manufacturers.get(row.manufacturerId) ?? null)
    : null;
  const responsiblePerson = row.responsiblePersonId
    ? (refs.manufacturers.get(row.responsiblePersonId) ?? null)
    : null;
  const safetyInstructions = localize(row.safetyInstructions, locale);
  return {
    deliveryTime: row.deliveryTimeId ? (refs.deliveryTimes.get(row.deliveryTimeId) ?? null) : null,
    unitPrice: unitPriceView(row, price),
    deposit: depositFor(refs, row.depositTypeId, row.depositQuantity),
    food: foodView(row.food, locale),
    manufacturer,
    responsiblePerson,
    safetyInstructions,
    attachments,
    powerSupply: row.powerSupply,
    defectDescription: localize(row.defectDescription, locale),
    taxInfo: localize(row.taxInfo, locale),
    shippingCostsInfo: localize(row.shippingCostsInfo, locale),
    hasProductSafetyInformation:
      manufacturer !== null ||
      responsiblePerson !== null ||
      safetyInstructions !== '' ||
      attachments.length > 0,
  };
}
