// The variations tab's pure rules: combinations to generate, the variation form and the bulk
// form. No database, so they are table-tested; the writes are in variations-admin.server.ts.
import type { ProductPatch } from './product-patch.ts';
import { changedPrice, parseHundredths, saleBelowRegular } from './product-admin.rules.ts';
import { BACKORDERS, type SwatchType } from './catalog.schema.ts';

/** More variations than this in one click would make the product page unusable. */
export const VARIATIONS_GENERATE_MAX = 100;

export const SWATCH_TYPES: readonly SwatchType[] = ['select', 'color', 'image', 'label'];

const PRICE_MAX = 100_000_000_00;
const STOCK_MAX = 1_000_000_000;
const TEXT_MAX = 10_000;
const SHORT_MAX = 100;

export type Combination = Record<string, string>;

/** Attribute slug to term slug; '' (any term) matches only '' here: duplicates are exact. */
export function sameCombination(a: Combination, b: Combination, slugs: readonly string[]) {
  return slugs.every((slug) => (a[slug] ?? '') === (b[slug] ?? ''));
}

/**
 * Every combination of the chosen terms that no variation has yet, in the attributes' and
 * terms' order. Stops counting at `limit + 1` so that a huge product costs nothing.
 */
export function missingCombinations(
  attributes: readonly { slug: string; terms: readonly string[] }[],
  existing: readonly Combination[],
  limit = VARIATIONS_GENERATE_MAX,
): Combination[] {
  if (attributes.length === 0 || attributes.some((a) => a.terms.length === 0)) return [];
  const slugs = attributes.map((a) => a.slug);
  const out: Combination[] = [];
  const walk = (index: number, partial: Combination): boolean => {
    if (index === attributes.length) {
      if (!existing.some((e) => sameCombination(e, partial, slugs))) out.push({ ...partial });
      return out.length <= limit;
    }
    const { slug, terms } = attributes[index]!;
    for (const term of terms) {
      if (!walk(index + 1, { ...partial, [slug]: term })) return false;
    }
    return true;
  };
  walk(0, {});
  return out;
}

export type FieldError = { field: string; code: string };

type Read = (name: string) => string | null | 'invalid';

/** One text field given at most once, without control characters; 'invalid' otherwise. */
export function reader(form: FormData): Read {
  return (name) => {
    const all = form.getAll(name);
    if (all.length === 0) return null;
    const value = all[0];
    if (all.length > 1 || typeof value !== 'string') return 'invalid';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) return 'invalid';
    return value;
  };
}

const money = (raw: string) => {
  const value = parseHundredths(raw);
  return value === null || value > PRICE_MAX ? null : value;
};

const decimal = (raw: string, max: number) => {
  const m = /^(\d{1,9})(?:[.,](\d{1,3}))?$/.exec(raw.trim());
  if (!m) return null;
  const value = Number(`${m[1]}.${m[2] ?? '0'}`);
  return value > max ? null : value;
};

const date = (raw: string, end: boolean) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const at = new Date(`${raw}T${end ? '23:59:59' : '00:00:00'}Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== raw ? null : at;
};

const positiveId = (raw: string) => (/^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

/**
 * The form of one variation. Every field is sent by the page; an empty field clears the
 * variation's own value so that it inherits the parent's. Returns the patch or the errors.
 */
export function parseVariationForm(
  form: FormData,
): { ok: true; patch: ProductPatch } | { ok: false; errors: FieldError[] } {
  const read = reader(form);
  const errors: FieldError[] = [];
  const patch: ProductPatch = {};
  const text = (name: string, max: number) => {
    const value = read(name);
    if (value === 'invalid' || (value !== null && value.length > max)) {
      errors.push({ field: name, code: 'admin.variations.error.invalid' });
      return undefined;
    }
    return value === null ? undefined : value.trim();
  };
  const enabled = read('enabled');
  if (enabled === 'invalid')
    errors.push({ field: 'enabled', code: 'admin.variations.error.invalid' });
  // An unticked box sends nothing: a form that sends the marker field means "disabled".
  if (read('present') !== null) patch.status = enabled === 'yes' ? 'publish' : 'private';

  const price = (name: 'regular_price' | 'sale_price') => {
    const raw = text(name, SHORT_MAX);
    if (raw === undefined) return undefined;
    if (raw === '') return null;
    const value = money(raw);
    if (value === null) errors.push({ field: name, code: 'admin.variations.error.price' });
    return value ?? undefined;
  };
  const regular = price('regular_price');
  const sale = price('sale_price');
  if (regular !== undefined) patch.regularPrice = regular;
  if (sale !== undefined) patch.salePrice = sale;
  if (typeof sale === 'number' && regular !== undefined && !saleBelowRegular(regular, sale)) {
    errors.push({ field: 'sale_price', code: 'admin.variations.error.sale_above_regular' });
  }
  for (const [name, key, end] of [
    ['sale_from', 'saleFrom', false],
    ['sale_to', 'saleTo', true],
  ] as const) {
    const raw = text(name, SHORT_MAX);
    if (raw === undefined) continue;
    const at = raw === '' ? null : date(raw, end);
    if (raw !== '' && at === null)
      errors.push({ field: name, code: 'admin.variations.error.date' });
    else patch[key] = at;
  }
  if (patch.saleFrom && patch.saleTo && patch.saleFrom > patch.saleTo) {
    errors.push({ field: 'sale_to', code: 'admin.variations.error.date_order' });
  }

  if (read('present') !== null) {
    const manage = read('manage_stock');
    // '' means the parent's stock counts for this variation (WooCommerce: "parent").
    patch.manageStock = manage === 'yes' ? true : null;
  }
  const quantity = text('stock_quantity', SHORT_MAX);
  if (quantity !== undefined && quantity !== '') {
    if (!/^\d{1,10}$/.test(quantity) || Number(quantity) > STOCK_MAX) {
      errors.push({ field: 'stock_quantity', code: 'admin.variations.error.stock' });
    } else patch.stockQuantity = Number(quantity);
  } else if (quantity === '') patch.stockQuantity = null;
  const backorders = text('backorders', SHORT_MAX);
  if (backorders !== undefined) {
    if (backorders === '') patch.backorders = null;
    else if ((BACKORDERS as readonly string[]).includes(backorders)) {
      patch.backorders = backorders as (typeof BACKORDERS)[number];
    } else errors.push({ field: 'backorders', code: 'admin.variations.error.invalid' });
  }

  const sku = text('sku', SHORT_MAX);
  if (sku !== undefined) patch.sku = sku || null;
  const gtin = text('gtin', SHORT_MAX);
  if (gtin !== undefined) {
    if (gtin !== '' && !/^\d{8,14}$/.test(gtin)) {
      errors.push({ field: 'gtin', code: 'admin.variations.error.gtin' });
    } else patch.gtin = gtin || null;
  }
  const reference = (name: string) => {
    const raw = text(name, SHORT_MAX);
    if (raw === undefined) return undefined;
    if (raw === '') return null;
    const value = positiveId(raw);
    if (value === null) errors.push({ field: name, code: 'admin.variations.error.invalid' });
    return value ?? undefined;
  };
  const image = reference('image_id');
  if (image !== undefined) patch.imageId = image;
  const delivery = reference('delivery_time_id');
  if (delivery !== undefined) patch.deliveryTimeId = delivery;
  const deposit = reference('deposit_type_id');
  if (deposit !== undefined) patch.depositTypeId = deposit;

  const number = (name: string, max: number) => {
    const raw = text(name, SHORT_MAX);
    if (raw === undefined) return undefined;
    if (raw === '') return null;
    const value = decimal(raw, max);
    if (value === null) errors.push({ field: name, code: 'admin.variations.error.number' });
    return value ?? undefined;
  };
  const weight = number('weight', 100_000);
  if (weight !== undefined) patch.weightKg = weight;
  const units = number('product_units', 1_000_000);
  if (units !== undefined) patch.productUnits = units;
  const unitBase = number('unit_base', 1_000_000);
  if (unitBase !== undefined) patch.unitBase = unitBase;
  const depositQuantity = text('deposit_quantity', SHORT_MAX);
  if (depositQuantity !== undefined) {
    if (depositQuantity === '') patch.depositQuantity = null;
    else if (/^[1-9]\d{0,3}$/.test(depositQuantity))
      patch.depositQuantity = Number(depositQuantity);
    else errors.push({ field: 'deposit_quantity', code: 'admin.variations.error.number' });
  }
  const unit = text('unit', 20);
  if (unit !== undefined) {
    if (unit !== '' && !/^[\p{L}\d .]{1,20}$/u.test(unit)) {
      errors.push({ field: 'unit', code: 'admin.variations.error.invalid' });
    } else patch.unit = unit || null;
  }
  const de = text('description_de', TEXT_MAX);
  const en = text('description_en', TEXT_MAX);
  if (de !== undefined || en !== undefined) {
    patch.description = {
      ...(de !== undefined ? { de } : {}),
      ...(en !== undefined ? { en } : {}),
    };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, patch };
}

export const VARIATION_BULK_ACTIONS = [
  'regular_price',
  'sale_price',
  'stock',
  'delivery_time',
  'enable',
  'disable',
  'delete',
] as const;
export type VariationBulkAction = (typeof VARIATION_BULK_ACTIONS)[number];

export type VariationBulkEdit =
  | {
      action: 'regular_price' | 'sale_price';
      change: 'set' | 'raise' | 'lower';
      amount: number;
      percent: boolean;
    }
  | { action: 'stock'; quantity: number }
  | { action: 'delivery_time'; deliveryTimeId: number | null }
  | { action: 'enable' | 'disable' | 'delete' };

/** The bulk form: one action and its value; only the chosen action's fields are read. */
export function parseVariationBulk(form: FormData): VariationBulkEdit | null {
  const read = reader(form);
  const one = (name: string) => {
    const value = read(name);
    return value === 'invalid' || value === null ? null : value;
  };
  const action = one('bulk_action');
  if (!action || !(VARIATION_BULK_ACTIONS as readonly string[]).includes(action)) return null;
  switch (action as VariationBulkAction) {
    case 'regular_price':
    case 'sale_price': {
      const change = one('price_change');
      const percent = one('price_unit') === 'percent';
      const amount = parseHundredths(one('price_value') ?? '');
      if (change !== 'set' && change !== 'raise' && change !== 'lower') return null;
      if (amount === null || amount > PRICE_MAX) return null;
      if (change === 'set' && percent) return null;
      if (change !== 'set' && amount === 0) return null;
      if (change === 'lower' && percent && amount >= 100_00) return null;
      if (percent && amount > 1_000_00) return null;
      return { action: action as 'regular_price', change, amount, percent };
    }
    case 'stock': {
      const raw = (one('stock_quantity') ?? '').trim();
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > STOCK_MAX) return null;
      return { action: 'stock', quantity: Number(raw) };
    }
    case 'delivery_time': {
      const raw = one('delivery_time_id') ?? '';
      if (raw === '' || raw === 'inherit') return { action: 'delivery_time', deliveryTimeId: null };
      const value = positiveId(raw);
      return value === null ? null : { action: 'delivery_time', deliveryTimeId: value };
    }
    default:
      return { action: action as 'enable' | 'disable' | 'delete' };
  }
}

/** The prices of one variation after a bulk price change, or 'refused' (sale not below regular). */
export function bulkPrices(
  edit: Extract<VariationBulkEdit, { action: 'regular_price' | 'sale_price' }>,
  regular: number | null,
  sale: number | null,
): { regularPrice: number | null; salePrice: number | null } | 'refused' | null {
  let nextRegular = regular;
  let nextSale = sale;
  if (edit.action === 'regular_price') {
    nextRegular = changedPrice(regular, edit.change, edit.amount, edit.percent);
  } else {
    // A cut of a sale price not set yet starts from the regular price: "20 % off".
    const base = sale === null && edit.change === 'lower' ? regular : sale;
    nextSale = changedPrice(base, edit.change, edit.amount, edit.percent);
  }
  if (nextRegular === regular && nextSale === sale) return null;
  if (!saleBelowRegular(nextRegular, nextSale)) return 'refused';
  return { regularPrice: nextRegular, salePrice: nextSale };
}
