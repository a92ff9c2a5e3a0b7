// A product CSV row read into the fields of a product: values checked, the first problem
// reported with the row's line.
import { cleanButtonText, cleanExternalUrl } from './external-url.ts';
import { cleanTagName } from './product-links.rules.ts';
import type { ErrorParams } from '#app/domain/kernel/result.ts';
import type { CsvRecord } from './csv-reader.ts';
import {
  type MappedField,
  decodeText,
  parseDateTime,
  parseDecimal,
  parseFlag,
  parseParent,
  parsePrice,
  parsePublished,
  parseType,
  parseWhole,
  splitValues,
  undefuseFormula,
} from './product-import.rules.ts';
import type { ProductPatch } from './product-patch.ts';
import { taxClassOfSlug } from '#app/domain/pricing/tax.ts';
import { NUTRIENT_KEYS, type NutrientKey } from '#app/domain/compliance/compliance.types.ts';
import { NUTRIENT_PARTS, checkNutrients, nutrientMax, nutrientUnit } from './nutrients.rules.ts';

export type Attr = { name: string; values: string[]; visible: boolean | null };

/** One row of the file, its cells by field. */
export type ImportRow = {
  line: number;
  cells: Map<string, string>;
  attributes: Attr[];
};

export const E = (code: string) => `admin.productImport.error.${code}`;

export class RowFailed extends Error {
  constructor(
    readonly line: number,
    readonly code: string,
    readonly params?: ErrorParams,
  ) {
    super(code);
  }
}

/** The file's rows as fields, by the chosen mapping; formulas the export defused undone. */
export function mapRows(
  records: CsvRecord[],
  mapping: readonly (MappedField | null)[],
): ImportRow[] {
  return records.map(({ line, cells }) => {
    const byField = new Map<string, string>();
    const groups = new Map<number, Partial<Record<string, string>>>();
    cells.forEach((raw, i) => {
      const field = mapping[i];
      if (!field) return;
      const value = undefuseFormula(raw);
      const m = /^attribute:(\d+):(\w+)$/.exec(field);
      if (m) {
        const group = groups.get(Number(m[1])) ?? {};
        group[m[2]!] = value;
        groups.set(Number(m[1]), group);
      } else byField.set(field, value);
    });
    const attrs = [...groups.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, g]) => ({
        name: (g.name ?? '').trim(),
        values: splitValues(g.values ?? ''),
        visible:
          g.visible === undefined || g.visible.trim() === '' ? null : g.visible.trim() !== '0',
      }))
      .filter((a) => a.name !== '');
    return { line, cells: byField, attributes: attrs };
  });
}

export type Decoded = {
  row: ImportRow;
  kind: 'simple' | 'variable' | 'variation' | 'grouped' | 'external';
  id: number | null;
  sku: string;
  parent: { id: number } | { sku: string } | null;
  patch: ProductPatch;
  categories: string[][] | undefined;
  images: string[] | undefined;
  deliveryTime: string | null | undefined;
  depositType: string | null | undefined;
  /** Tag names, and upsells and cross-sells as SKUs or `id:N` (absent: the column is not there). */
  tags?: string[];
  upsells?: string[];
  crossSells?: string[];
  groupedProducts?: string[];
  /** The nutrition table's columns, checked (absent: none of them has a value). */
  nutrients?: { reference: 'g' | 'ml' | null; values: Partial<Record<NutrientKey, number>> };
};

/** A row's values, checked; throws RowFailed with the first problem. */
export function decode(row: ImportRow): Decoded {
  const { line, cells } = row;
  const has = (f: string) => cells.has(f);
  const get = (f: string) => (cells.get(f) ?? '').trim();
  const bad = (field: string) => new RowFailed(line, E('invalid_value'), { field });
  const { kind, digital } = parseType(cells.has('type') ? get('type') : 'simple');
  if (
    kind !== 'simple' &&
    kind !== 'variable' &&
    kind !== 'variation' &&
    kind !== 'grouped' &&
    kind !== 'external'
  ) {
    throw new RowFailed(line, E('type_unknown'), { type: kind.slice(0, 40) });
  }
  const patch: ProductPatch = {};
  const variation = kind === 'variation';
  if (has('type')) patch.digital = digital;
  const text = (f: string) => decodeText(cells.get(f) ?? '');
  if (get('name') || get('nameEn')) {
    patch.name = {
      ...(get('name') ? { de: text('name').trim() } : {}),
      ...(get('nameEn') ? { en: text('nameEn').trim() } : {}),
    };
  }
  for (const [de, en, key] of [
    ['description', 'descriptionEn', 'description'],
    ['shortDescription', 'shortDescriptionEn', 'shortDescription'],
  ] as const) {
    if (has(de) || has(en)) {
      patch[key] = {
        ...(has(de) ? { de: text(de) } : {}),
        ...(has(en) && get(en) ? { en: text(en) } : {}),
      };
    }
  }
  if (has('published')) {
    const status = parsePublished(get('published'));
    if (status === 'invalid') throw bad('published');
    patch.status = status;
  }
  if (has('featured')) {
    const v = parseFlag(get('featured'));
    if (v === 'invalid') throw bad('featured');
    patch.featured = v;
  }
  if (has('soldIndividually')) {
    const v = parseFlag(get('soldIndividually'));
    if (v === 'invalid') throw bad('soldIndividually');
    patch.soldIndividually = v;
  }
  for (const f of ['regularPrice', 'salePrice'] as const) {
    if (!has(f)) continue;
    const v = parsePrice(get(f));
    if (v === 'invalid') throw bad(f);
    patch[f] = v;
  }
  for (const f of ['saleFrom', 'saleTo'] as const) {
    if (!has(f)) continue;
    const v = parseDateTime(get(f));
    if (v === 'invalid') throw bad(f);
    patch[f] = v;
  }
  for (const f of ['weightKg', 'lengthCm', 'widthCm', 'heightCm'] as const) {
    if (!has(f)) continue;
    const v = parseDecimal(get(f), 1e6);
    if (v === 'invalid') throw bad(f);
    patch[f] = v;
  }
  for (const f of [
    'productUnits',
    'unitBase',
    'minQuantity',
    'maxQuantity',
    'quantityStep',
  ] as const) {
    if (!has(f)) continue;
    const v = parseDecimal(get(f), 1e6);
    if (v === 'invalid') throw bad(f);
    patch[f] = v;
  }
  if (has('depositQuantity')) {
    const v = parseWhole(get('depositQuantity'), 10_000);
    if (v === 'invalid' || (v !== null && v < 0)) throw bad('depositQuantity');
    patch.depositQuantity = v;
  }
  if (has('position')) {
    const v = parseWhole(get('position'), 1_000_000);
    if (v === 'invalid') throw bad('position');
    patch.menuOrder = v ?? 0;
  }
  if (has('taxClass')) {
    const v = get('taxClass').toLowerCase();
    if (v === '' || v === 'standard') patch.taxClass = 'standard';
    else if (v === 'reduced-rate' || v === 'reduced' || v === 'ermaessigt')
      patch.taxClass = 'reduced';
    else if (taxClassOfSlug(v) === 'reduced2' || v === 'reduced-2') patch.taxClass = 'reduced2';
    else if (v === 'parent' && variation) patch.taxClass = null;
    else throw bad('taxClass');
  }
  if (has('stock')) {
    const v = get('stock');
    if (v.toLowerCase() === 'parent' && variation) patch.manageStock = null;
    else if (v === '') patch.manageStock = false;
    else {
      const n = parseWhole(v, 100_000_000);
      if (n === 'invalid' || n === null) throw bad('stock');
      patch.manageStock = true;
      patch.stockQuantity = n;
    }
  }
  if (has('lowStock')) {
    const v = parseWhole(get('lowStock'), 100_000_000);
    if (v === 'invalid') throw bad('lowStock');
    patch.lowStockAmount = v;
  }
  if (has('inStock')) {
    const v = get('inStock').toLowerCase();
    if (v === 'backorder' || v === 'onbackorder') patch.stockStatus = 'onbackorder';
    else {
      const f = parseFlag(v === '' ? '1' : v);
      if (f === 'invalid') throw bad('inStock');
      patch.stockStatus = f ? 'instock' : 'outofstock';
    }
  }
  if (has('backorders')) {
    const v = get('backorders').toLowerCase();
    if (v === 'notify') patch.backorders = 'notify';
    else {
      const f = parseFlag(v);
      if (f === 'invalid') throw bad('backorders');
      patch.backorders = f ? 'yes' : 'no';
    }
  }
  const plain = (f: 'gtin' | 'shippingClass' | 'unit') => {
    if (!has(f)) return;
    const v = get(f);
    if (v.length > 200) throw bad(f);
    patch[f] = v || null;
  };
  plain('gtin');
  plain('shippingClass');
  plain('unit');
  if (get('slug') && !variation) patch.slug = get('slug');
  if (kind === 'external' && has('externalUrl')) {
    const url = get('externalUrl');
    patch.externalUrl = url ? cleanExternalUrl(url) : null;
    if (url && !patch.externalUrl) throw bad('externalUrl');
  }
  if (kind === 'external' && has('buttonText')) {
    const text = cleanButtonText(get('buttonText'));
    if (text === null) throw bad('buttonText');
    patch.buttonText = text ? { de: text } : null;
  }
  const sku = get('sku');
  if (sku.length > 100) throw bad('sku');
  if (has('sku') && sku) patch.sku = sku;
  const idText = get('id');
  const id = idText === '' ? null : parseWhole(idText, 2_000_000_000);
  if (id === 'invalid' || (id !== null && id <= 0)) throw bad('id');
  const parent = variation ? parseParent(get('parent')) : null;
  if (variation && !parent) throw new RowFailed(line, E('parent_missing'));
  return {
    row,
    kind,
    id,
    sku,
    parent,
    patch,
    categories: has('categories')
      ? splitValues(get('categories')).map((path) =>
          path
            .split('>')
            .map((p) => p.trim())
            .filter(Boolean),
        )
      : undefined,
    images: has('images') ? splitValues(get('images')) : undefined,
    deliveryTime: has('deliveryTime') ? get('deliveryTime') || null : undefined,
    depositType: has('depositType') ? get('depositType') || null : undefined,
    ...linkColumns(has, get, bad, variation),
    ...nutrientColumns(line, has, get, bad),
  };
}

/** Germanized's nutrition columns, per 100 g or 100 ml, checked as the product editor does. */
function nutrientColumns(
  line: number,
  has: (f: string) => boolean,
  get: (f: string) => string,
  bad: (field: string) => RowFailed,
): Pick<Decoded, 'nutrients'> {
  const field = (key: NutrientKey) => `nutrient_${key}`;
  const typed = NUTRIENT_KEYS.some((key) => get(field(key)) !== '');
  const refText = has('nutrientReference') ? get('nutrientReference').toLowerCase() : '';
  if (!typed && refText === '') return {};
  const reference = /^(100 ?)?g$/.test(refText)
    ? 'g'
    : /^(100 ?)?ml$/.test(refText)
      ? 'ml'
      : refText === ''
        ? null
        : 'invalid';
  if (reference === 'invalid') throw bad('nutrientReference');
  const checked = checkNutrients((key) => get(field(key)), reference ?? 'g');
  const first = checked.errors[0];
  if (first) {
    const whole = NUTRIENT_PARTS.find(([part]) => part === first.key)?.[1];
    throw first.code.endsWith('_above') && whole
      ? new RowFailed(line, E('nutrient_above'), {
          field: `Nutrients: ${first.key}`,
          whole: `Nutrients: ${whole}`,
        })
      : new RowFailed(line, E('nutrient_invalid'), {
          field: `Nutrients: ${first.key}`,
          max: `${nutrientMax(first.key, reference ?? 'g')} ${nutrientUnit(first.key)}`,
        });
  }
  return { nutrients: { reference, values: checked.nutrients } };
}

/** The `Tags`, `Upsells` and `Cross-sells` cells of a product row (a variation has none). */
function linkColumns(
  has: (f: string) => boolean,
  get: (f: string) => string,
  bad: (field: string) => RowFailed,
  variation: boolean,
): Pick<Decoded, 'tags' | 'upsells' | 'crossSells' | 'groupedProducts'> {
  if (variation) return {};
  const out: Pick<Decoded, 'tags' | 'upsells' | 'crossSells' | 'groupedProducts'> = {};
  if (has('tags')) {
    const names = splitValues(get('tags'));
    if (names.length > 100 || names.some((n) => cleanTagName(n) === null)) throw bad('tags');
    out.tags = names;
  }
  for (const f of ['upsells', 'crossSells', 'groupedProducts'] as const) {
    if (!has(f)) continue;
    const refs = splitValues(get(f));
    if (refs.length > 100 || refs.some((r) => r.length > 100)) throw bad(f);
    out[f] = refs;
  }
  return out;
}
