// The product editor's form filled from a saved product, or empty for a new one.
import type { ProductRow } from '#app/domain/catalog/catalog.rules.ts';
import { NUTRIENT_KEYS } from '#app/domain/compliance/compliance.types.ts';
import {
  type EditorField,
  berlinDate,
  nutrientField,
} from '#app/domain/catalog/product-editor.rules.ts';
import { berlinDateAndTime } from '#app/domain/catalog/berlin-time.ts';

const decimal = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
const euros = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2).replace('.', ','));
const flag = (b: boolean | null) => (b ? 'yes' : '');

/** A saved product as the form's text fields. */
export function formOf(row: ProductRow): Record<string, string> {
  const saleEnd = row.saleTo ? new Date(row.saleTo.getTime() - 1) : null;
  const published = berlinDateAndTime(row.createdAt);
  const v: Partial<Record<EditorField, string>> = {
    type: row.subscription ? 'subscription' : row.type,
    name_de: row.name?.de ?? '',
    name_en: row.name?.en ?? '',
    short_description_de: row.shortDescription?.de ?? '',
    short_description_en: row.shortDescription?.en ?? '',
    description_de: row.description?.de ?? '',
    description_en: row.description?.en ?? '',
    slug: row.slug ?? '',
    sku: row.sku ?? '',
    gtin: row.gtin ?? '',
    regular_price: euros(row.regularPrice),
    sale_price: euros(row.salePrice),
    sale_from: berlinDate(row.saleFrom),
    sale_to: berlinDate(saleEnd),
    tax_class: row.taxClass ?? 'standard',
    manage_stock: flag(row.manageStock),
    stock_quantity: decimal(row.stockQuantity),
    backorders: row.backorders ?? 'no',
    low_stock_amount: decimal(row.lowStockAmount),
    sold_individually: flag(row.soldIndividually),
    min_quantity: decimal(row.minQuantity),
    max_quantity: decimal(row.maxQuantity),
    quantity_step: decimal(row.quantityStep),
    weight: decimal(row.weightKg),
    length: decimal(row.lengthCm),
    width: decimal(row.widthCm),
    height: decimal(row.heightCm),
    shipping_class: row.shippingClass ?? '',
    status: row.status,
    featured: flag(row.featured),
    menu_order: String(row.menuOrder),
    unit: row.unit ?? '',
    product_units: decimal(row.productUnits),
    unit_base: decimal(row.unitBase),
    delivery_time: row.deliveryTimeId ? String(row.deliveryTimeId) : '',
    deposit_type: row.depositTypeId ? String(row.depositTypeId) : '',
    deposit_quantity: row.depositQuantity ? String(row.depositQuantity) : '',
    manufacturer: row.manufacturerId ? String(row.manufacturerId) : '',
    responsible_person: row.responsiblePersonId ? String(row.responsiblePersonId) : '',
    safety_instructions_de: row.safetyInstructions?.de ?? '',
    safety_instructions_en: row.safetyInstructions?.en ?? '',
    defect_description_de: row.defectDescription?.de ?? '',
    defect_description_en: row.defectDescription?.en ?? '',
    tax_info_de: row.taxInfo?.de ?? '',
    tax_info_en: row.taxInfo?.en ?? '',
    shipping_costs_info_de: row.shippingCostsInfo?.de ?? '',
    shipping_costs_info_en: row.shippingCostsInfo?.en ?? '',
    digital: flag(row.digital),
    subscription_period: row.subscription?.period ?? 'month',
    subscription_interval: String(row.subscription?.interval ?? 1),
    subscription_trial_days: String(row.subscription?.trialDays ?? 0),
    subscription_sign_up_fee: euros(row.subscription?.signUpFee ?? null),
    subscription_length: row.subscription?.length ? String(row.subscription.length) : '',
    food_ingredients_de: row.food?.ingredients?.de ?? '',
    food_ingredients_en: row.food?.ingredients?.en ?? '',
    food_nutri_score: row.food?.nutriScore ?? '',
    food_alcohol: decimal(row.food?.alcoholContent ?? null),
    food_nutrient_reference: row.food?.nutrientReference ?? 'g',
    power_min_watts: row.powerSupply ? String(row.powerSupply.minWatts) : '',
    power_max_watts: row.powerSupply ? String(row.powerSupply.maxWatts) : '',
    power_usb_pd: flag(row.powerSupply?.usbPowerDelivery ?? null),
    power_charger_included: flag(row.powerSupply?.chargerIncluded ?? null),
    external_url: row.externalUrl ?? '',
    button_text_de: row.buttonText?.de ?? '',
    button_text_en: row.buttonText?.en ?? '',
    publish_date: published.date,
    publish_time: published.time,
  };
  for (const key of NUTRIENT_KEYS) {
    v[nutrientField(key)] = decimal(row.food?.nutrients[key] ?? null);
  }
  return v as Record<string, string>;
}

export const EMPTY_FORM: Record<string, string> = {
  type: 'simple',
  status: 'draft',
  tax_class: 'standard',
  backorders: 'no',
  menu_order: '0',
  food_nutrient_reference: 'g',
  subscription_period: 'month',
  subscription_interval: '1',
  subscription_trial_days: '0',
};
