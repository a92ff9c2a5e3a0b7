// The product editor's form (/admin/products/{id}, /admin/products/new): every field read from
// plain text, German number input accepted, every refusal named with the field it belongs to.
import {
  ALLERGENS,
  type Allergen,
  NUTRIENT_KEYS,
  NUTRI_SCORES,
  type NutrientKey,
  type PowerSupply,
} from '#app/domain/compliance/compliance.types.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { TAX_CLASSES } from '#app/domain/pricing/tax.ts';
import { BACKORDERS, PRODUCT_STATUSES } from './catalog.schema.ts';
import { PERIODS, type SubscriptionTerms } from './subscription-terms.ts';
import { cleanButtonText, cleanExternalUrl } from './external-url.ts';
import { berlinDateTime, berlinDay } from './berlin-time.ts';
import { germanNumber } from './german-number.ts';
import { checkNutrients } from './nutrients.rules.ts';

export { germanNumber } from './german-number.ts';
export { nutrientMax, nutrientUnit } from './nutrients.rules.ts';

/** The kinds a person chooses: a subscription is a simple product with terms (decision 0032). */
export const EDITOR_TYPES = ['simple', 'variable', 'subscription', 'grouped', 'external'] as const;
export type EditorType = (typeof EDITOR_TYPES)[number];
export const EDITOR_STATUSES = PRODUCT_STATUSES.filter((s) => s !== 'trash');

/** The form's single-value fields; each is one control named so, with the id `product-<name>`. */
export const EDITOR_FIELDS = [
  'type',
  'name_de',
  'name_en',
  'short_description_de',
  'short_description_en',
  'description_de',
  'description_en',
  'slug',
  'sku',
  'gtin',
  'regular_price',
  'sale_price',
  'sale_from',
  'sale_to',
  'tax_class',
  'manage_stock',
  'stock_quantity',
  'backorders',
  'low_stock_amount',
  'sold_individually',
  'min_quantity',
  'max_quantity',
  'quantity_step',
  'weight',
  'length',
  'width',
  'height',
  'shipping_class',
  'status',
  'featured',
  'menu_order',
  'unit',
  'product_units',
  'unit_base',
  'delivery_time',
  'deposit_type',
  'deposit_quantity',
  'manufacturer',
  'responsible_person',
  'safety_instructions_de',
  'safety_instructions_en',
  'defect_description_de',
  'defect_description_en',
  'tax_info_de',
  'tax_info_en',
  'shipping_costs_info_de',
  'shipping_costs_info_en',
  'digital',
  'subscription_period',
  'subscription_interval',
  'subscription_trial_days',
  'subscription_sign_up_fee',
  'subscription_length',
  'food_ingredients_de',
  'food_ingredients_en',
  'food_nutri_score',
  'food_alcohol',
  'food_nutrient_reference',
  ...NUTRIENT_KEYS.map((key) => `nutrient_${key}` as const),
  'power_min_watts',
  'power_max_watts',
  'power_usb_pd',
  'power_charger_included',
  'external_url',
  'button_text_de',
  'button_text_en',
  'publish_date',
  'publish_time',
] as const;
export type EditorField = (typeof EDITOR_FIELDS)[number];
/** Fields sent once per ticked box. */
export const EDITOR_LISTS = ['categories', 'allergens'] as const;

export const controlId = (name: string) => `product-${name.replace(/_/g, '-')}`;

/** Longest text per field; descriptions may be long, everything else is short. */
function limitOf(name: EditorField): number {
  if (name.startsWith('description_')) return 50_000;
  if (
    name.startsWith('short_description_') ||
    name.startsWith('safety_') ||
    name.startsWith('defect_') ||
    name.startsWith('food_ingredients_')
  )
    return 5_000;
  if (name.startsWith('tax_info_') || name.startsWith('shipping_costs_info_')) return 500;
  if (name.startsWith('name_') || name === 'slug') return 200;
  if (name === 'external_url') return 2_000;
  if (name.startsWith('button_text_')) return 100;
  return 60;
}

export type EditorError = { field: string; code: string };

/** What the editor writes: the product's columns in the shape of `ProductPatch`. */
export type EditorValues = {
  type: EditorType;
  name: Localized;
  shortDescription: Localized;
  description: Localized;
  slug: string;
  sku: string | null;
  gtin: string | null;
  regularPrice: number | null;
  salePrice: number | null;
  saleFrom: Date | null;
  saleTo: Date | null;
  taxClass: (typeof TAX_CLASSES)[number];
  manageStock: boolean;
  stockQuantity: number | null;
  backorders: (typeof BACKORDERS)[number];
  lowStockAmount: number | null;
  soldIndividually: boolean;
  minQuantity: number | null;
  maxQuantity: number | null;
  quantityStep: number | null;
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  shippingClass: string | null;
  status: (typeof EDITOR_STATUSES)[number];
  featured: boolean;
  menuOrder: number;
  unit: string | null;
  productUnits: number | null;
  unitBase: number | null;
  deliveryTimeId: number | null;
  depositTypeId: number | null;
  depositQuantity: number | null;
  manufacturerId: number | null;
  responsiblePersonId: number | null;
  safetyInstructions: Localized | null;
  defectDescription: Localized | null;
  taxInfo: Localized | null;
  shippingCostsInfo: Localized | null;
  digital: boolean;
  subscription: SubscriptionTerms | null;
  categoryIds: number[];
  food: {
    ingredients: Localized | null;
    allergens: Allergen[];
    nutriScore: (typeof NUTRI_SCORES)[number] | null;
    alcoholContent: number | null;
    nutrientReference: 'g' | 'ml';
    nutrients: Partial<Record<NutrientKey, number>>;
  } | null;
  powerSupply: PowerSupply | null;
  externalUrl: string | null;
  buttonText: Localized | null;
  /** The publish date and time typed (Berlin); null: unchanged, or now for a new product. */
  publishAt: Date | null;
};

/** The editor's field for one nutrient. */
export const nutrientField = (key: NutrientKey) => `nutrient_${key}` as const;

/** Chargers under the EU common charger rules: USB Power Delivery goes up to 240 W. */
export const POWER_WATTS_MAX = 240;

/** Euros as typed to cents; NaN when not a price. */
export function cents(raw: string): number | null {
  const n = germanNumber(raw);
  if (n === null || Number.isNaN(n)) return n;
  const c = Math.round(n * 100);
  return Math.abs(n * 100 - c) > 1e-6 || c < 0 || c > 100_000_000 ? Number.NaN : c;
}

/** The GTIN check digit (GS1 mod 10) of 8, 12, 13 or 14 digits. */
export function validGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export { berlinDate, berlinDay } from './berlin-time.ts';

const localized = (de: string, en: string): Localized | null =>
  de || en ? { de: de || en, ...(en ? { en } : {}) } : null;

/**
 * Judges the whole form at once. `fields` holds one string per single-value field (absent: not
 * sent), `lists` the ticked boxes. Every error names its field's control.
 */
export function parseEditorForm(
  fields: Partial<Record<EditorField, string>>,
  lists: { categories: string[]; allergens: string[] },
  now: Date = new Date(),
): { ok: true; value: EditorValues } | { ok: false; errors: EditorError[] } {
  const errors: EditorError[] = [];
  const refuse = (name: string, code: string) => {
    if (!errors.some((e) => e.field === controlId(name))) {
      errors.push({ field: controlId(name), code: `admin.productEditor.error.${code}` });
    }
  };
  const text = (name: EditorField): string => {
    const value = (fields[name] ?? '').replace(/\r\n/g, '\n');
    if (value.length > limitOf(name)) refuse(name, 'too_long');
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) refuse(name, 'invalid');
    return value.trim();
  };
  const yes = (name: EditorField) => {
    const v = fields[name];
    if (v !== undefined && v !== '' && v !== 'yes') refuse(name, 'invalid');
    return v === 'yes';
  };
  const choice = <T extends string>(name: EditorField, allowed: readonly T[], fallback: T): T => {
    const v = text(name);
    if (v === '') return fallback;
    if (!(allowed as readonly string[]).includes(v)) refuse(name, 'invalid');
    return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  };
  const decimal = (name: EditorField, max = 1_000_000, min = 0): number | null => {
    const n = germanNumber(text(name));
    if (n === null) return null;
    if (Number.isNaN(n) || n < min || n > max) {
      refuse(name, 'number');
      return null;
    }
    return n;
  };
  const whole = (name: EditorField, max = 1_000_000, min = 0): number | null => {
    const n = decimal(name, max, min);
    if (n !== null && !Number.isInteger(n)) {
      refuse(name, 'whole_number');
      return null;
    }
    return n;
  };
  const id = (name: EditorField): number | null => {
    const v = text(name);
    if (v === '') return null;
    if (!/^[1-9]\d{0,8}$/.test(v)) {
      refuse(name, 'unknown');
      return null;
    }
    return Number(v);
  };
  const price = (name: EditorField): number | null => {
    const c = cents(text(name));
    if (c !== null && Number.isNaN(c)) {
      refuse(name, 'price');
      return null;
    }
    return c;
  };
  const day = (name: EditorField, end: boolean): Date | null => {
    const v = text(name);
    if (v === '') return null;
    // The sale ends with its last day: the next day's midnight.
    const d = berlinDay(v, end ? 1 : 0);
    if (!d) refuse(name, 'date');
    return d;
  };

  const type = choice('type', EDITOR_TYPES, 'simple');
  const name = localized(text('name_de'), text('name_en'));
  if (!name) refuse('name_de', 'name_required');
  const slug = text('slug');
  if (slug && !/^[\p{L}\p{N}-]+$/u.test(slug)) refuse('slug', 'slug');
  const sku = text('sku');
  if (sku && !/^[\p{L}\p{N}._\-/ ]+$/u.test(sku)) refuse('sku', 'sku');
  const gtin = text('gtin');
  if (gtin && !validGtin(gtin)) refuse('gtin', 'gtin');
  const regularPrice = price('regular_price');
  const salePrice = price('sale_price');
  if (salePrice !== null && regularPrice !== null && salePrice >= regularPrice) {
    refuse('sale_price', 'sale_not_below');
  }
  if (salePrice !== null && regularPrice === null) refuse('regular_price', 'regular_for_sale');
  const saleFrom = day('sale_from', false);
  const saleTo = day('sale_to', true);
  if (saleFrom && saleTo && saleTo <= saleFrom) refuse('sale_to', 'sale_dates');
  const manageStock = yes('manage_stock');
  const stockQuantity = decimal('stock_quantity', 1_000_000_000, -1_000_000_000);
  const minQuantity = decimal('min_quantity');
  const maxQuantity = decimal('max_quantity');
  const quantityStep = decimal('quantity_step');
  if (quantityStep === 0) refuse('quantity_step', 'number');
  if (minQuantity !== null && maxQuantity !== null && maxQuantity < minQuantity) {
    refuse('max_quantity', 'max_below_min');
  }
  const unit = text('unit');
  const productUnits = decimal('product_units');
  const unitBase = decimal('unit_base');
  if (unit && (productUnits === null || unitBase === null)) refuse('product_units', 'unit_amounts');
  const depositTypeId = id('deposit_type');
  const depositQuantity = whole('deposit_quantity', 1000);
  let subscription: SubscriptionTerms | null = null;
  if (type === 'subscription') {
    const period = choice('subscription_period', PERIODS, 'month');
    const interval = whole('subscription_interval', 6, 1) ?? 1;
    const trialDays = whole('subscription_trial_days', 365) ?? 0;
    const fee = price('subscription_sign_up_fee') ?? 0;
    const length = whole('subscription_length', 120, 1);
    subscription = { period, interval, trialDays, signUpFee: Number.isNaN(fee) ? 0 : fee, length };
    if (regularPrice === null) refuse('regular_price', 'subscription_price');
  }
  const allergens = lists.allergens.filter((a): a is Allergen =>
    (ALLERGENS as readonly string[]).includes(a),
  );
  if (allergens.length !== lists.allergens.length) refuse('allergens', 'invalid');
  const categoryIds: number[] = [];
  for (const c of lists.categories) {
    if (/^[1-9]\d{0,8}$/.test(c)) categoryIds.push(Number(c));
    else refuse('categories', 'unknown');
  }
  const ingredients = localized(text('food_ingredients_de'), text('food_ingredients_en'));
  const nutriScoreText = text('food_nutri_score');
  const nutriScore = nutriScoreText
    ? (NUTRI_SCORES.find((s) => s === nutriScoreText) ?? null)
    : null;
  if (nutriScoreText && !nutriScore) refuse('food_nutri_score', 'invalid');
  const alcoholContent = decimal('food_alcohol', 100);
  const nutrientReference = choice('food_nutrient_reference', ['g', 'ml'] as const, 'g');
  const checked = checkNutrients((key) => text(nutrientField(key)), nutrientReference);
  for (const e of checked.errors) refuse(nutrientField(e.key), e.code);
  const nutrients = checked.nutrients;
  const hasNutrients = Object.keys(nutrients).length > 0;
  const watts = (name: EditorField): number | null => {
    const n = germanNumber(text(name));
    if (n === null) return null;
    if (!Number.isInteger(n) || n < 1 || n > POWER_WATTS_MAX) {
      refuse(name, 'watts');
      return null;
    }
    return n;
  };
  const minWatts = watts('power_min_watts');
  const maxWatts = watts('power_max_watts');
  const usbPowerDelivery = yes('power_usb_pd');
  const chargerIncluded = yes('power_charger_included');
  let powerSupply: PowerSupply | null = null;
  const powerTyped = ['power_min_watts', 'power_max_watts'].some((n) => text(n as EditorField));
  if (powerTyped || usbPowerDelivery || chargerIncluded) {
    // The charger label shows the range of power the device needs: both ends are required.
    // A refusal already given for the field stays the one shown.
    if (minWatts === null) refuse('power_min_watts', 'power_required');
    if (maxWatts === null) refuse('power_max_watts', 'power_required');
    if (minWatts !== null && maxWatts !== null) {
      if (maxWatts < minWatts) refuse('power_max_watts', 'power_max_below_min');
      else powerSupply = { minWatts, maxWatts, usbPowerDelivery, chargerIncluded };
    }
  }

  const urlText = text('external_url');
  const externalUrl = urlText ? cleanExternalUrl(urlText) : null;
  if (urlText && !externalUrl) refuse('external_url', 'external_url');
  if (type === 'external' && !urlText) refuse('external_url', 'external_url_required');
  const button = (name: EditorField) => {
    const v = cleanButtonText(text(name));
    if (v === null) refuse(name, 'invalid');
    return v ?? '';
  };
  const buttonText = localized(button('button_text_de'), button('button_text_en'));
  // Publishing with a date to come schedules the product; a schedule whose date has passed
  // publishes it (WordPress's rule).
  const publishDay = text('publish_date');
  const publishTime = text('publish_time');
  const publishAt = publishDay ? berlinDateTime(publishDay, publishTime || '00:00') : null;
  if ((publishDay || publishTime) && !publishAt) refuse('publish_date', 'date');
  let status = choice('status', EDITOR_STATUSES, 'draft');
  if (status === 'future' && !publishDay) refuse('publish_date', 'publish_date_required');
  if ((status === 'publish' || status === 'future') && publishAt) {
    status = publishAt.getTime() > now.getTime() ? 'future' : 'publish';
  }

  const value: EditorValues = {
    type,
    name: name ?? { de: '' },
    shortDescription: localized(text('short_description_de'), text('short_description_en')) ?? {
      de: '',
    },
    description: localized(text('description_de'), text('description_en')) ?? { de: '' },
    slug,
    sku: sku || null,
    gtin: gtin || null,
    regularPrice,
    salePrice,
    saleFrom,
    saleTo,
    taxClass: choice('tax_class', TAX_CLASSES, 'standard'),
    manageStock,
    stockQuantity: manageStock ? (stockQuantity ?? 0) : null,
    backorders: choice('backorders', BACKORDERS, 'no'),
    lowStockAmount: decimal('low_stock_amount'),
    soldIndividually: yes('sold_individually'),
    minQuantity,
    maxQuantity,
    quantityStep,
    weightKg: decimal('weight', 100_000),
    lengthCm: decimal('length', 100_000),
    widthCm: decimal('width', 100_000),
    heightCm: decimal('height', 100_000),
    shippingClass: text('shipping_class') || null,
    status,
    featured: yes('featured'),
    menuOrder: whole('menu_order', 1_000_000, -1_000_000) ?? 0,
    unit: unit || null,
    productUnits: unit ? productUnits : null,
    unitBase: unit ? unitBase : null,
    deliveryTimeId: id('delivery_time'),
    depositTypeId,
    depositQuantity: depositTypeId ? (depositQuantity ?? 1) : null,
    manufacturerId: id('manufacturer'),
    responsiblePersonId: id('responsible_person'),
    safetyInstructions: localized(text('safety_instructions_de'), text('safety_instructions_en')),
    defectDescription: localized(text('defect_description_de'), text('defect_description_en')),
    taxInfo: localized(text('tax_info_de'), text('tax_info_en')),
    shippingCostsInfo: localized(text('shipping_costs_info_de'), text('shipping_costs_info_en')),
    digital: yes('digital'),
    subscription,
    categoryIds,
    food:
      ingredients || allergens.length || nutriScore || alcoholContent !== null || hasNutrients
        ? { ingredients, allergens, nutriScore, alcoholContent, nutrientReference, nutrients }
        : null,
    powerSupply,
    externalUrl: type === 'external' ? externalUrl : null,
    buttonText: type === 'external' ? buttonText : null,
    publishAt,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
