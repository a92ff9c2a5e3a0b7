import { SHOP_COUNTRY, DEFAULT_VAT_RATES } from './tax.ts';

/** The EU member states, as their ISO codes: the countries of the VAT rates table. */
// Marked pure: bundles that import other rules from here leave the unused list out.
export const EU_COUNTRIES: readonly string[] = /* @__PURE__ */ Object.keys(DEFAULT_VAT_RATES);

export function isEuCountry(country: string): boolean {
  return Object.hasOwn(DEFAULT_VAT_RATES, country);
}

/**
 * The format of each member state's VAT identification number after its prefix, as the EU's
 * VIES service describes them. Greece uses the prefix EL.
 */
const VAT_ID_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The prefix a country's VAT ids start with. */
export function vatIdPrefix(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/** "atu 123.456-78" -> "ATU12345678": the id as the tax offices print it. */
export function normalizeVatId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** Whether `vatId` (normalised) is well-formed for a business in `country`. */
export function vatIdFitsCountry(vatId: string, country: string): boolean {
  const prefix = vatIdPrefix(country);
  const format = VAT_ID_FORMATS[prefix];
  return Boolean(format) && vatId.startsWith(prefix) && format!.test(vatId.slice(prefix.length));
}

export type TaxTreatment =
  /** German VAT: the shop's own country, a destination outside OSS, or below the threshold. */
  | { kind: 'domestic'; country: string }
  /** One-Stop-Shop: the destination country's VAT for consumers in other member states. */
  | { kind: 'destination'; country: string }
  /** A business in another member state with a VAT id: no VAT, the buyer accounts for it. */
  | { kind: 'reverse_charge'; country: string; vatId: string }
  /** Goods shipped to a country outside the EU: a tax-free export, `country` the destination. */
  | { kind: 'export'; country: string };

/** Whether the sale is charged net, without any VAT (reverse charge or export). */
export function isVatFree(treatment: TaxTreatment): boolean {
  return treatment.kind === 'reverse_charge' || treatment.kind === 'export';
}

/** A country code the shop can ship to outside the EU (never an empty or malformed one). */
function isThirdCountry(country: string): boolean {
  return /^[A-Z]{2}$/.test(country) && !isEuCountry(country);
}

/**
 * How a sale is taxed. Goods shipped to a country outside the EU are a tax-free export
 * (§ 4 Nr. 1a, § 6 UStG), whoever buys them. Business customers in another member state who give a well-formed VAT
 * id buy without VAT (reverse charge, § 13b UStG / Art. 196 VAT directive); consumers in another
 * member state pay that state's VAT once the shop is above the OSS threshold (the setting says
 * so); everything else carries German VAT.
 */
export function taxTreatment(input: {
  billingCountry: string;
  destinationCountry: string;
  vatId: string;
  ossEnabled: boolean;
  /** Whether goods are shipped to `destinationCountry`; digital-only sales are no exports. */
  shipsGoods: boolean;
}): TaxTreatment {
  if (input.shipsGoods && isThirdCountry(input.destinationCountry)) {
    return { kind: 'export', country: input.destinationCountry };
  }
  const vatId = normalizeVatId(input.vatId);
  if (
    vatId !== '' &&
    input.billingCountry !== SHOP_COUNTRY &&
    isEuCountry(input.billingCountry) &&
    vatIdFitsCountry(vatId, input.billingCountry)
  ) {
    return { kind: 'reverse_charge', country: input.billingCountry, vatId };
  }
  if (
    input.ossEnabled &&
    input.destinationCountry !== SHOP_COUNTRY &&
    isEuCountry(input.destinationCountry)
  ) {
    return { kind: 'destination', country: input.destinationCountry };
  }
  return { kind: 'domestic', country: SHOP_COUNTRY };
}
