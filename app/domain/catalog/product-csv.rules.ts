// WooCommerce's product CSV as its exporter writes it, with Germanized's columns and the shop's
// own `Meta:` columns for what has no column there (the English texts, GPSR, quantities), so a
// file exported here imports into WooCommerce and back into the shop unchanged.
import { dateTimeParts } from '#app/domain/kernel/date-parts.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import {
  ALLERGENS,
  type FoodData,
  NUTRIENT_KEYS,
  type NutrientKey,
  type PowerSupply,
} from '#app/domain/compliance/compliance.types.ts';
import { TAX_CLASS_SLUGS, type TaxClass } from '#app/domain/pricing/tax.ts';
import type { SubscriptionTerms } from './subscription-terms.ts';

/** WooCommerce's own columns, in its exporter's order. */
export const WOO_COLUMNS = [
  'ID',
  'Type',
  'SKU',
  'GTIN, UPC, EAN, or ISBN',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'Tax status',
  'Tax class',
  'In stock?',
  'Stock',
  'Low stock amount',
  'Backorders allowed?',
  'Sold individually?',
  'Weight (kg)',
  'Length (cm)',
  'Width (cm)',
  'Height (cm)',
  'Allow customer reviews?',
  'Purchase note',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Shipping class',
  'Images',
  'Download limit',
  'Download expiry days',
  'Parent',
  'Grouped products',
  'Upsells',
  'Cross-sells',
  'External URL',
  'Button text',
  'Position',
] as const;

/** Germanized's columns the shop has data for. */
export const GERMANIZED_COLUMNS = [
  'Is service?',
  'Is defective copy?',
  'Unit price calculated automatically?',
  'Unit',
  'Unit base',
  'Unit product',
  'Defect description',
  'Delivery time',
  'Is food?',
  'Allergenic',
  'Deposit Type',
  'Deposit Quantity',
  'Ingredients',
  'Nutrient reference value slug',
  'Alcohol content',
  'Drained weight',
  'Net filling quantity',
  'Nutri-Score',
  'Food Description',
  'Food Place of Origin',
  'Food Distributor',
] as const;

/** One column per nutrient, as Germanized names them (`Nutrients: <nutrient>`). */
export const NUTRIENT_COLUMNS = NUTRIENT_KEYS.map((key) => `Nutrients: ${key}` as const);

/** The shop's own data, in WooCommerce's `Meta:` columns (kept as product meta there). */
export const META_COLUMNS = [
  'Meta: _ladenzeile_slug',
  'Meta: _ladenzeile_name_en',
  'Meta: _ladenzeile_short_description_en',
  'Meta: _ladenzeile_description_en',
  'Meta: _ladenzeile_defect_description_en',
  'Meta: _ladenzeile_ingredients_en',
  'Meta: _ladenzeile_food_description_en',
  'Meta: _ladenzeile_food_place_of_origin_en',
  'Meta: _ladenzeile_safety_instructions',
  'Meta: _ladenzeile_safety_instructions_en',
  'Meta: _ladenzeile_manufacturer',
  'Meta: _ladenzeile_responsible_person',
  'Meta: _ladenzeile_power_supply',
  'Meta: _ladenzeile_min_quantity',
  'Meta: _ladenzeile_max_quantity',
  'Meta: _ladenzeile_quantity_step',
  // WooCommerce Subscriptions' keys, so its importer reads the terms.
  'Meta: _subscription_period',
  'Meta: _subscription_period_interval',
  'Meta: _subscription_length',
  'Meta: _subscription_trial_length',
  'Meta: _subscription_trial_period',
  'Meta: _subscription_sign_up_fee',
] as const;

const ATTRIBUTE_PARTS = ['name', 'value(s)', 'visible', 'global', 'default'] as const;

/** The header: the fixed columns, then `Attribute N …` for as many attributes as a product has. */
export function productCsvColumns(attributeCount: number): string[] {
  const attributes = Array.from({ length: attributeCount }, (_, i) =>
    ATTRIBUTE_PARTS.map((part) => `Attribute ${i + 1} ${part}`),
  ).flat();
  return [
    ...WOO_COLUMNS,
    ...attributes,
    ...GERMANIZED_COLUMNS,
    ...NUTRIENT_COLUMNS,
    ...META_COLUMNS,
  ];
}

/** A product or variation with what the file says about it, read by the export. */
export type CsvProduct = {
  id: number;
  type: 'simple' | 'variable' | 'variation' | 'grouped' | 'external';
  parent: { id: number; sku: string | null } | null;
  slug: string | null;
  status: 'publish' | 'draft' | 'pending' | 'private' | 'trash' | 'future';
  featured: boolean;
  menuOrder: number;
  name: Localized | null;
  shortDescription: Localized | null;
  description: Localized | null;
  sku: string | null;
  gtin: string | null;
  regularPrice: number | null;
  salePrice: number | null;
  saleFrom: Date | null;
  saleTo: Date | null;
  taxClass: TaxClass | null;
  shippingClass: string | null;
  manageStock: boolean | null;
  stockQuantity: number | null;
  stockStatus: 'instock' | 'outofstock' | 'onbackorder' | null;
  backorders: 'no' | 'notify' | 'yes' | null;
  lowStockAmount: number | null;
  minQuantity: number | null;
  maxQuantity: number | null;
  quantityStep: number | null;
  soldIndividually: boolean | null;
  digital: boolean | null;
  subscription: SubscriptionTerms | null;
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  unit: string | null;
  productUnits: number | null;
  unitBase: number | null;
  depositQuantity: number | null;
  food: FoodData | null;
  safetyInstructions: Localized | null;
  powerSupply: PowerSupply | null;
  defectDescription: Localized | null;
  /** Category paths from the top, e.g. ["Kleidung", "Schuhe"]. */
  categories: string[][];
  /** Picture addresses, the main picture first. */
  images: string[];
  /** A variable product's attributes with all its terms; a variation's with its own term. */
  attributes: { label: string; terms: string[]; visible: boolean }[];
  deliveryTime: string | null;
  depositType: string | null;
  manufacturer: string | null;
  responsiblePerson: string | null;
  /** Tag names; upsells and cross-sells as SKUs, `id:N` for a product without one. */
  tags?: string[];
  upsells?: string[];
  crossSells?: string[];
  /** A grouped product's children as SKUs or `id:N`; an external product's address and button. */
  groupedProducts?: string[];
  externalUrl?: string | null;
  buttonText?: Localized | null;
};

/** WooCommerce's `Published` column: 1 published, 0 private, -1 draft, 2 pending review. */
const PUBLISHED: Partial<Record<CsvProduct['status'], string>> = {
  publish: '1',
  private: '0',
  draft: '-1',
  pending: '2',
};

/** Cents as WooCommerce writes prices: "12.90", "" when unset. */
export function csvPrice(minor: number | null): string {
  if (minor === null) return '';
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** A decimal without trailing zeros, "" when unset. */
export function csvNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(Number(value.toFixed(3)));
}

const flag = (value: boolean | null | undefined) => (value ? '1' : '0');

/** Several values in one cell, WooCommerce's way: ", " between them, a comma inside escaped. */
export function joinValues(values: readonly string[]): string {
  return values.map((v) => v.replace(/,/g, '\\,')).join(', ');
}

/** Line breaks as the two characters `\n`, as WooCommerce's exporter writes descriptions. */
export function encodeText(text: string | null | undefined): string {
  return (text ?? '').replace(/\\n/g, '\\\\n').replace(/\r?\n/g, '\\n');
}

/** A date as WooCommerce writes it: `YYYY-MM-DD HH:MM:SS` in the shop's time zone (Berlin). */
export function csvDateTime(date: Date | null): string {
  if (!date) return '';
  const d = dateTimeParts(date, { timeZone: 'Europe/Berlin' });
  return `${d.year}-${d.month}-${d.day} ${d.hour}:${d.minute}:${d.second}`;
}

function stockCell(p: CsvProduct): string {
  if (p.type === 'variation' && p.manageStock === null) return 'parent';
  return p.manageStock ? csvNumber(p.stockQuantity) : '';
}

function inStockCell(p: CsvProduct): string {
  if (p.stockStatus === 'onbackorder') return 'backorder';
  return p.stockStatus === 'outofstock' ? '0' : '1';
}

function backordersCell(p: CsvProduct): string {
  if (p.backorders === 'notify') return 'notify';
  return p.backorders === 'yes' ? '1' : '0';
}

function typeCell(p: CsvProduct): string {
  const type = p.subscription && p.type === 'simple' ? 'subscription' : p.type;
  return joinValues(p.digital ? [type, 'virtual'] : [type]);
}

function subscriptionCells(terms: SubscriptionTerms | null): string[] {
  if (!terms) return ['', '', '', '', '', ''];
  return [
    terms.period,
    String(terms.interval),
    // WooCommerce Subscriptions counts the length in periods; 0 is "until cancelled".
    String(terms.length === null ? 0 : terms.length * terms.interval),
    terms.trialDays > 0 ? String(terms.trialDays) : '0',
    terms.trialDays > 0 ? 'day' : '',
    csvPrice(terms.signUpFee),
  ];
}

/** Germanized's food columns, from `Is food?` to `Food Distributor`, the deposit's two between. */
function foodCells(food: FoodData | null, deposit: [string, string]): string[] {
  if (!food) return ['0', '', ...deposit, '', '', '', '', '', '', '', '', ''];
  return [
    '1',
    food.allergens.filter((a) => (ALLERGENS as readonly string[]).includes(a)).join('|'),
    ...deposit,
    encodeText(food.ingredients?.de),
    food.nutrientReference === 'ml' ? '100ml' : '100g',
    csvNumber(food.alcoholContent),
    food.drainedWeight ?? '',
    food.netFillingQuantity ?? '',
    food.nutriScore ?? '',
    encodeText(food.description?.de),
    encodeText(food.placeOfOrigin?.de),
    food.distributor ?? '',
  ];
}

/** One row of the file, in the order of `productCsvColumns(attributeCount)`. */
export function productCsvRow(p: CsvProduct, attributeCount: number): string[] {
  const parent = p.parent ? (p.parent.sku ?? `id:${p.parent.id}`) : '';
  const woo = [
    String(p.id),
    typeCell(p),
    p.sku ?? '',
    p.gtin ?? '',
    p.name?.de ?? '',
    PUBLISHED[p.status] ?? '-1',
    flag(p.featured),
    'visible',
    encodeText(p.shortDescription?.de),
    encodeText(p.description?.de),
    csvDateTime(p.saleFrom),
    csvDateTime(p.saleTo),
    'taxable',
    p.taxClass === null ? 'parent' : TAX_CLASS_SLUGS[p.taxClass],
    inStockCell(p),
    stockCell(p),
    p.manageStock ? csvNumber(p.lowStockAmount) : '',
    backordersCell(p),
    flag(p.soldIndividually),
    csvNumber(p.weightKg),
    csvNumber(p.lengthCm),
    csvNumber(p.widthCm),
    csvNumber(p.heightCm),
    p.type === 'variation' ? '' : '1',
    '',
    csvPrice(p.salePrice),
    csvPrice(p.regularPrice),
    joinValues(p.categories.map((path) => path.join(' > '))),
    joinValues(p.tags ?? []),
    p.shippingClass ?? '',
    joinValues(p.images),
    '',
    '',
    parent,
    joinValues(p.groupedProducts ?? []),
    joinValues(p.upsells ?? []),
    joinValues(p.crossSells ?? []),
    p.type === 'external' ? (p.externalUrl ?? '') : '',
    p.type === 'external' ? (p.buttonText?.de ?? '') : '',
    String(p.menuOrder),
  ];
  const attributes = Array.from({ length: attributeCount }, (_, i) => {
    const a = p.attributes[i];
    if (!a) return ['', '', '', '', ''];
    return [a.label, joinValues(a.terms), p.type === 'variation' ? '' : flag(a.visible), '1', ''];
  }).flat();
  const germanized = [
    '0',
    p.defectDescription ? '1' : '0',
    p.unit ? '1' : '',
    p.unit ?? '',
    csvNumber(p.unitBase),
    csvNumber(p.productUnits),
    encodeText(p.defectDescription?.de),
    p.deliveryTime ?? '',
    ...foodCells(p.food, [p.depositType ?? '', csvNumber(p.depositQuantity)]),
  ];
  const nutrients = NUTRIENT_KEYS.map((key: NutrientKey) => csvNumber(p.food?.nutrients[key]));
  const meta = [
    p.slug ?? '',
    p.name?.en ?? '',
    encodeText(p.shortDescription?.en),
    encodeText(p.description?.en),
    encodeText(p.defectDescription?.en),
    encodeText(p.food?.ingredients?.en),
    encodeText(p.food?.description?.en),
    encodeText(p.food?.placeOfOrigin?.en),
    encodeText(p.safetyInstructions?.de),
    encodeText(p.safetyInstructions?.en),
    p.manufacturer ?? '',
    p.responsiblePerson ?? '',
    p.powerSupply ? JSON.stringify(p.powerSupply) : '',
    csvNumber(p.minQuantity),
    csvNumber(p.maxQuantity),
    csvNumber(p.quantityStep),
    ...subscriptionCells(p.subscription),
  ];
  return [...woo, ...attributes, ...germanized, ...nutrients, ...meta];
}
