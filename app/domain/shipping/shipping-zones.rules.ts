// The shipping zone editor's form: what it may hold and how it becomes a zone with its methods.
import { isKnownCountry, stateOptions } from '#app/domain/customers/address-locale.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import {
  SHIPPING_METHOD_IDS,
  type ShippingMethodId,
  type ShippingMethodSettings,
  type ZoneLocationType,
} from './shipping.schema.ts';

export type ZoneLocationInput = { type: ZoneLocationType; code: string };

export type ZoneMethodInput = {
  /** The stored method's id; null for a method added by this save. */
  id: number | null;
  methodId: ShippingMethodId;
  enabled: boolean;
  title: Localized;
  settings: ShippingMethodSettings;
};

export type ZoneInput = {
  name: Localized;
  locations: ZoneLocationInput[];
  methods: ZoneMethodInput[];
};

export type FieldProblem = { field: string; code: string };

const MAX_LOCATIONS = 500;
const MAX_METHODS = 20;
const FREE_REQUIRES = ['none', 'min_amount', 'coupon', 'either', 'both'] as const;
const CALCULATIONS = ['per_class', 'per_order'] as const;

/**
 * Euros as typed ("4,90", "4.90", "5") to cents; null for anything else. Up to 99 999,99 €:
 * a shipping cost beyond that is a typo.
 */
export function parseEuros(text: string): number | null {
  const m = /^\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*(?:€)?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as the form shows them, with the reader's decimal mark. */
export function formatEuros(cents: number, locale: 'de' | 'en'): string {
  const text = (cents / 100).toFixed(2);
  return locale === 'de' ? text.replace('.', ',') : text;
}

/** A postcode pattern the rules understand: exact, a prefix with "*", or a range "a...b". */
export function isPostcodePattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > 40) return false;
  if (/^[0-9]+\s*\.\.\.\s*[0-9]+$/.test(pattern)) return true;
  return /^[A-Za-z0-9 -]+\*?$/.test(pattern);
}

/** A state as "US:CA": a known country, and one of its states where the shop lists them. */
export function isStateCode(code: string): boolean {
  const m = /^([A-Z]{2}):([A-Z0-9-]{1,10})$/.exec(code);
  if (!m || !isKnownCountry(m[1]!)) return false;
  const states = stateOptions(m[1]!, 'en');
  return !states || states.some((s) => s.code === m[2]);
}

/** Lines of a text area: trimmed, blank ones dropped, duplicates once. */
export function lines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

/** Default settings of a method added to a zone. */
export function newMethod(methodId: ShippingMethodId): ZoneMethodInput {
  const titles: Record<ShippingMethodId, Localized> = {
    flat_rate: { de: 'Versand', en: 'Shipping' },
    free_shipping: { de: 'Kostenloser Versand', en: 'Free shipping' },
    local_pickup: { de: 'Abholung', en: 'Local pickup' },
    pickup_point: { de: 'Abholstation', en: 'Pickup point' },
  };
  const settings: Record<ShippingMethodId, ShippingMethodSettings> = {
    flat_rate: { cost: 0, taxable: true, classCosts: {}, noClassCost: 0, calculation: 'per_class' },
    free_shipping: { requires: 'min_amount', minAmount: 0, ignoreDiscounts: false },
    local_pickup: { cost: 0, taxable: true },
    pickup_point: { cost: 0, taxable: true, provider: 'dhl' },
  };
  return {
    id: null,
    methodId,
    enabled: true,
    title: titles[methodId],
    settings: settings[methodId],
  };
}

/** A form's values by name: one string each, or a problem when a name comes twice or as a file. */
export type FormValues = {
  one(name: string): string | undefined;
  all(name: string): string[];
  problems: FieldProblem[];
};

/**
 * Reads the zone form against the zone as stored (`stored` methods keep their type and the
 * settings the form does not show). `classSlugs` are the shipping classes with a cost field.
 */
export function zoneOfForm(
  form: FormValues,
  stored: ZoneMethodInput[],
  classSlugs: readonly string[],
): { ok: true; zone: ZoneInput } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [...form.problems];
  const text = (name: string, max: number, required: boolean): string => {
    const value = (form.one(name) ?? '').trim();
    if (value.length > max) problems.push({ field: name, code: 'admin.shipping.error.too_long' });
    else if (required && value === '')
      problems.push({ field: name, code: 'admin.shipping.error.required' });
    return value.slice(0, max);
  };
  const euros = (name: string): number => {
    const raw = form.one(name) ?? '';
    if (raw.trim() === '') return 0;
    const cents = parseEuros(raw);
    if (cents === null) problems.push({ field: name, code: 'admin.shipping.error.amount' });
    return cents ?? 0;
  };
  const choice = <T extends string>(name: string, values: readonly T[]): T => {
    const raw = form.one(name);
    if (raw !== undefined && (values as readonly string[]).includes(raw)) return raw as T;
    problems.push({ field: name, code: 'admin.shipping.error.invalid' });
    return values[0]!;
  };
  const checked = (name: string) => form.one(name) === 'yes';

  const name: Localized = { de: text('name_de', 120, true), en: text('name_en', 120, false) };

  const locations: ZoneLocationInput[] = [];
  const countries = [...new Set(form.all('countries'))];
  for (const code of countries) {
    if (!isKnownCountry(code)) {
      problems.push({ field: 'countries', code: 'admin.shipping.error.country' });
      break;
    }
    locations.push({ type: 'country', code });
  }
  const stateText = form.one('states') ?? '';
  if (stateText.length > 5000)
    problems.push({ field: 'states', code: 'admin.shipping.error.too_long' });
  else {
    for (const code of lines(stateText).map((l) => l.toUpperCase())) {
      if (!isStateCode(code)) {
        problems.push({ field: 'states', code: 'admin.shipping.error.state' });
        break;
      }
      locations.push({ type: 'state', code });
    }
  }
  const postcodeText = form.one('postcodes') ?? '';
  if (postcodeText.length > 5000)
    problems.push({ field: 'postcodes', code: 'admin.shipping.error.too_long' });
  else {
    for (const code of lines(postcodeText)) {
      if (!isPostcodePattern(code)) {
        problems.push({ field: 'postcodes', code: 'admin.shipping.error.postcode' });
        break;
      }
      locations.push({ type: 'postcode', code: code.toUpperCase() });
    }
  }
  if (locations.length > MAX_LOCATIONS)
    problems.push({ field: 'postcodes', code: 'admin.shipping.error.too_many' });

  const methods: (ZoneMethodInput & { place: number })[] = [];
  stored.forEach((method, i) => {
    const p = `method-${i}-`;
    if (form.one(`${p}id`) !== String(method.id)) {
      problems.push({ field: '', code: 'admin.shipping.error.conflict' });
      return;
    }
    if (checked(`${p}remove`)) return;
    const title: Localized = {
      de: text(`${p}title_de`, 120, true),
      en: text(`${p}title_en`, 120, false),
    };
    const placeText = (form.one(`${p}place`) ?? '').trim();
    let place = i + 1;
    if (placeText !== '') {
      if (/^\d{1,3}$/.test(placeText) && Number(placeText) >= 1) place = Number(placeText);
      else problems.push({ field: `${p}place`, code: 'admin.shipping.error.place' });
    }
    const excludedClasses = [...new Set(form.all(`${p}exclude`))];
    if (excludedClasses.some((slug) => !classSlugs.includes(slug))) {
      problems.push({ field: `${p}exclude`, code: 'admin.shipping.error.invalid' });
    }
    const excluded = excludedClasses.length > 0 ? { excludedClasses } : {};
    let settings: ShippingMethodSettings;
    switch (method.methodId) {
      case 'flat_rate': {
        const classCosts: Record<string, number> = {};
        for (const slug of classSlugs) {
          const cents = euros(`${p}class-${slug}`);
          if (cents > 0) classCosts[slug] = cents;
        }
        settings = {
          ...excluded,
          cost: euros(`${p}cost`),
          taxable: checked(`${p}taxable`),
          classCosts,
          noClassCost: euros(`${p}no_class_cost`),
          calculation: choice(`${p}calculation`, CALCULATIONS),
        };
        break;
      }
      case 'free_shipping':
        settings = {
          ...excluded,
          requires: choice(`${p}requires`, FREE_REQUIRES),
          minAmount: euros(`${p}min_amount`),
          ignoreDiscounts: checked(`${p}ignore_discounts`),
        };
        break;
      case 'local_pickup':
        settings = { ...excluded, cost: euros(`${p}cost`), taxable: checked(`${p}taxable`) };
        break;
      case 'pickup_point':
        settings = {
          ...excluded,
          cost: euros(`${p}cost`),
          taxable: checked(`${p}taxable`),
          provider: text(`${p}provider`, 40, true),
        };
        break;
    }
    methods.push({
      id: method.id,
      methodId: method.methodId,
      enabled: checked(`${p}enabled`),
      title,
      settings,
      place,
    });
  });
  const added = form.one('add_method') ?? '';
  if (added !== '') {
    if ((SHIPPING_METHOD_IDS as readonly string[]).includes(added)) {
      methods.push({ ...newMethod(added as ShippingMethodId), place: Number.MAX_SAFE_INTEGER });
    } else problems.push({ field: 'add_method', code: 'admin.shipping.error.invalid' });
  }
  if (methods.length > MAX_METHODS)
    problems.push({ field: 'add_method', code: 'admin.shipping.error.too_many' });

  if (problems.length > 0) return { ok: false, problems };
  // The cart offers the methods in this order; equal places keep the order they had.
  const ordered = methods
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.place - b.m.place || a.i - b.i)
    .map(({ m: { place: _place, ...method } }) => method);
  return { ok: true, zone: { name, locations, methods: ordered } };
}
