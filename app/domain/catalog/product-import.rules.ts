// Reading WooCommerce's product CSV back: which column is which field (its English and German
// column names, Germanized's, the shop's `Meta:` columns) and the cells' values, the way
// product-csv.rules.ts writes them.
import { NUTRIENT_KEYS, type NutrientKey } from '#app/domain/compliance/compliance.types.ts';

/** The fields a column can be mapped to; `attribute:N:part` for the attribute groups. */
export const IMPORT_FIELDS = [
  'id',
  'type',
  'sku',
  'gtin',
  'name',
  'published',
  'featured',
  'shortDescription',
  'description',
  'saleFrom',
  'saleTo',
  'taxClass',
  'inStock',
  'stock',
  'lowStock',
  'backorders',
  'soldIndividually',
  'weightKg',
  'lengthCm',
  'widthCm',
  'heightCm',
  'salePrice',
  'regularPrice',
  'categories',
  'tags',
  'shippingClass',
  'images',
  'parent',
  'position',
  'unit',
  'unitBase',
  'productUnits',
  'deliveryTime',
  'depositType',
  'depositQuantity',
  'slug',
  'nameEn',
  'shortDescriptionEn',
  'descriptionEn',
  'minQuantity',
  'maxQuantity',
  'quantityStep',
  'upsells',
  'crossSells',
  'groupedProducts',
  'externalUrl',
  'buttonText',
  'nutrientReference',
  'nutrient_energy_kj',
  'nutrient_energy_kcal',
  'nutrient_fat',
  'nutrient_saturated_fat',
  'nutrient_carbohydrates',
  'nutrient_sugars',
  'nutrient_fibre',
  'nutrient_protein',
  'nutrient_salt',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type AttributePart = 'name' | 'values' | 'visible' | 'global' | 'default';
export type MappedField = ImportField | `attribute:${number}:${AttributePart}`;

/** Lower case, accents and extra spaces removed: how headers are compared. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/\u00a0/g, ' ')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Column names as WooCommerce writes them in English and on a German site, and Germanized's.
const NAMES: Record<ImportField, string[]> = {
  id: ['ID'],
  type: ['Type', 'Typ'],
  sku: ['SKU', 'Artikelnummer', 'Art.-Nr.'],
  gtin: ['GTIN, UPC, EAN, or ISBN', 'GTIN, UPC, EAN oder ISBN', 'GTIN', 'EAN'],
  name: ['Name'],
  published: ['Published', 'Veröffentlicht'],
  featured: ['Is featured?', 'Ist hervorgehoben?', 'Hervorgehoben?'],
  shortDescription: ['Short description', 'Kurzbeschreibung'],
  description: ['Description', 'Beschreibung'],
  saleFrom: [
    'Date sale price starts',
    'Datum, an dem der Angebotspreis beginnt',
    'Angebotspreis gültig ab',
  ],
  saleTo: [
    'Date sale price ends',
    'Datum, an dem der Angebotspreis endet',
    'Angebotspreis gültig bis',
  ],
  taxClass: ['Tax class', 'Steuerklasse'],
  inStock: ['In stock?', 'Vorrätig?', 'Auf Lager?'],
  stock: ['Stock', 'Lager', 'Bestand', 'Lagerbestand'],
  lowStock: ['Low stock amount', 'Geringe Lagermenge', 'Geringer Lagerbestand'],
  backorders: ['Backorders allowed?', 'Lieferrückstände erlaubt?', 'Rückstände erlaubt?'],
  soldIndividually: ['Sold individually?', 'Nur einzeln verkaufen?', 'Einzeln verkauft?'],
  weightKg: ['Weight (kg)', 'Gewicht (kg)'],
  lengthCm: ['Length (cm)', 'Länge (cm)'],
  widthCm: ['Width (cm)', 'Breite (cm)'],
  heightCm: ['Height (cm)', 'Höhe (cm)'],
  salePrice: ['Sale price', 'Angebotspreis'],
  regularPrice: ['Regular price', 'Regulärer Preis', 'Normaler Preis'],
  categories: ['Categories', 'Kategorien'],
  tags: ['Tags', 'Schlagwörter'],
  shippingClass: ['Shipping class', 'Versandklasse'],
  images: ['Images', 'Bilder'],
  parent: ['Parent', 'Übergeordnetes Produkt', 'Eltern'],
  position: ['Position'],
  unit: ['Unit', 'Einheit'],
  unitBase: ['Unit base', 'Grundpreiseinheit', 'Einheit Basis'],
  productUnits: ['Unit product', 'Produkteinheiten', 'Einheit Produkt'],
  deliveryTime: ['Delivery time', 'Lieferzeit'],
  depositType: ['Deposit Type', 'Pfandart', 'Pfandtyp'],
  depositQuantity: ['Deposit Quantity', 'Pfandmenge', 'Pfand Anzahl'],
  slug: ['Meta: _ladenzeile_slug'],
  nameEn: ['Meta: _ladenzeile_name_en'],
  shortDescriptionEn: ['Meta: _ladenzeile_short_description_en'],
  descriptionEn: ['Meta: _ladenzeile_description_en'],
  minQuantity: ['Meta: _ladenzeile_min_quantity'],
  maxQuantity: ['Meta: _ladenzeile_max_quantity'],
  quantityStep: ['Meta: _ladenzeile_quantity_step'],
  upsells: ['Upsells', 'Zusatzverkäufe'],
  crossSells: ['Cross-sells', 'Querverkäufe'],
  groupedProducts: ['Grouped products', 'Gruppierte Produkte'],
  externalUrl: ['External URL', 'Externe URL'],
  buttonText: ['Button text', 'Button-Text'],
  // Germanized's nutrition columns, as the export writes them.
  nutrientReference: ['Nutrient reference value slug'],
  ...(Object.fromEntries(
    NUTRIENT_KEYS.map((key) => [`nutrient_${key}`, [`Nutrients: ${key}`]]),
  ) as Record<`nutrient_${NutrientKey}`, string[]>),
};

const BY_NAME = new Map<string, ImportField>(
  Object.entries(NAMES).flatMap(([field, names]) =>
    names.map((n) => [normalizeHeader(n), field as ImportField] as const),
  ),
);

const ATTRIBUTE_HEADER: [RegExp, AttributePart][] = [
  [/^(?:attribute|attribut) (\d{1,3}) name$/, 'name'],
  [/^(?:attribute|attribut) (\d{1,3}) (?:value\(s\)|wert\(e\))$/, 'values'],
  [/^(?:attribute|attribut) (\d{1,3}) (?:visible|sichtbar)$/, 'visible'],
  [/^(?:attribute|attribut) (\d{1,3}) global$/, 'global'],
  [/^(?:attribute|attribut) (\d{1,3}) (?:default|standard)$/, 'default'],
];

/** The field a header names, or null (the column is ignored unless mapped by hand). */
export function guessField(header: string): MappedField | null {
  const key = normalizeHeader(header);
  const known = BY_NAME.get(key);
  if (known) return known;
  for (const [pattern, part] of ATTRIBUTE_HEADER) {
    const m = pattern.exec(key);
    if (m && Number(m[1]) >= 1) return `attribute:${Number(m[1])}:${part}`;
  }
  return null;
}

/** Every header's guessed field; a field already taken by an earlier column is not guessed again. */
export function guessMapping(headers: readonly string[]): (MappedField | null)[] {
  const used = new Set<string>();
  return headers.map((h) => {
    const field = guessField(h);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** Whether a mapping value from a form names a field. */
export function isMappedField(value: string): value is MappedField {
  if ((IMPORT_FIELDS as readonly string[]).includes(value)) return true;
  const m = /^attribute:(\d{1,3}):(name|values|visible|global|default)$/.exec(value);
  return !!m && Number(m[1]) >= 1;
}

/** Undoes the export's defusing of formulas: `'=…` back to `=…`, and nothing else. */
export function undefuseFormula(cell: string): string {
  if (/^'[=+\-@\t\r]/.test(cell) && !/^-?\d+([.,]\d+)?$/.test(cell.slice(1))) return cell.slice(1);
  return cell;
}

/** `\n` back to a line break, `\\n` back to the two characters. */
export function decodeText(cell: string): string {
  return cell.replace(/\\\\n|\\n/g, (m) => (m === '\\n' ? '\n' : '\\n'));
}

/** A list cell: values split at commas not escaped with a backslash. */
export function splitValues(cell: string): string[] {
  if (cell.trim() === '') return [];
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '\\' && cell[i + 1] === ',') {
      current += ',';
      i++;
    } else if (c === ',') {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out.filter((v) => v !== '');
}

/** A price with a decimal point or comma ("12.90", "12,9", "1.234,50") in cents; null if empty. */
export function parsePrice(cell: string): number | null | 'invalid' {
  const text = cell.trim().replace(/\s|€/g, '');
  if (text === '') return null;
  let normalized = text;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma > lastDot) normalized = text.replace(/\./g, '').replace(',', '.');
  else if (lastDot > lastComma && lastComma >= 0) normalized = text.replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(normalized)) return 'invalid';
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A decimal with a point or comma; null if empty. */
export function parseDecimal(cell: string, max = 1e9): number | null | 'invalid' {
  const text = cell.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d{1,10}(\.\d{1,6})?$/.test(text)) return 'invalid';
  const n = Number(text);
  return n > max ? 'invalid' : n;
}

export function parseWhole(cell: string, max = 1_000_000_000): number | null | 'invalid' {
  const text = cell.trim();
  if (text === '') return null;
  if (!/^-?\d{1,10}$/.test(text)) return 'invalid';
  const n = Number(text);
  return Math.abs(n) > max ? 'invalid' : n;
}

const TRUE = new Set(['1', 'yes', 'true', 'ja', 'y']);
const FALSE = new Set(['0', 'no', 'false', 'nein', 'n', '']);

export function parseFlag(cell: string): boolean | 'invalid' {
  const text = cell.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return 'invalid';
}

/** `YYYY-MM-DD[ HH:MM[:SS]]` as Berlin time (how the export writes it); null if empty. */
export function parseDateTime(cell: string): Date | null | 'invalid' {
  const text = cell.trim();
  if (text === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return 'invalid';
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((v) => v ?? '0');
  const asUtc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  if (Number.isNaN(asUtc)) return 'invalid';
  // Berlin's offset at that moment: the difference between its wall clock and UTC.
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const p = (t: string) => Number(parts.find((x) => x.type === t)?.value);
    return Date.UTC(p('year'), p('month') - 1, p('day'), p('hour'), p('minute'), p('second')) - ms;
  };
  let guess = asUtc - offsetAt(asUtc);
  guess = asUtc - offsetAt(guess);
  return new Date(guess);
}

/** WooCommerce's `Published`: 1 published, 0 private, -1 draft, 2 pending. */
export function parsePublished(cell: string) {
  const text = cell.trim();
  const map = { '1': 'publish', '0': 'private', '-1': 'draft', '2': 'pending', '': 'publish' };
  return (map as Record<string, 'publish' | 'private' | 'draft' | 'pending'>)[text] ?? 'invalid';
}

/** `Type`: a list such as "simple, virtual"; the first kind wins. */
export function parseType(cell: string) {
  const kinds = splitValues(cell.toLowerCase());
  const digital = kinds.includes('virtual') || kinds.includes('downloadable');
  const kind = kinds.find((k) => k !== 'virtual' && k !== 'downloadable') ?? 'simple';
  return { kind, digital };
}

/** `Parent`: `id:N` (an ID in the file or the shop) or a SKU. */
export function parseParent(cell: string): { id: number } | { sku: string } | null {
  const text = cell.trim();
  if (text === '') return null;
  const m = /^id:(\d{1,9})$/i.exec(text);
  return m ? { id: Number(m[1]) } : { sku: text };
}
