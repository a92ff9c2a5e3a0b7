import { describe, expect, it } from 'vitest';
import { parseEditorForm } from './product-editor.rules.ts';

const parse = (fields: Record<string, string>) =>
  parseEditorForm({ name_de: 'Müsli', ...fields }, { categories: [], allergens: [] });
const fieldsOf = (r: ReturnType<typeof parse>) => (r.ok ? [] : r.errors.map((e) => e.field));

describe('nutrition table', () => {
  it('reads comma and point, leaves empty fields out, keeps the reference', () => {
    const r = parse({
      food_nutrient_reference: 'ml',
      nutrient_fat: '3,5',
      nutrient_sugars: '0.5',
      nutrient_carbohydrates: '12',
      nutrient_energy_kj: '1.250,5',
      nutrient_salt: '',
    });
    expect(r.ok && r.value.food).toMatchObject({
      nutrientReference: 'ml',
      nutrients: { fat: 3.5, sugars: 0.5, carbohydrates: 12, energy_kj: 1250.5 },
    });
  });

  it('gives no food data for a reference alone', () => {
    const r = parse({ food_nutrient_reference: 'ml' });
    expect(r.ok && r.value.food).toBeNull();
  });

  it('refuses negative, non-numeric, absurd and "of which" above the whole', () => {
    const r = parse({
      nutrient_fat: '-1',
      nutrient_protein: 'abc',
      nutrient_salt: '100,1',
      nutrient_energy_kcal: '1001',
      nutrient_energy_kj: '4000,5',
      nutrient_carbohydrates: '5',
      nutrient_sugars: '6',
      food_nutrient_reference: 'kg',
    });
    expect(fieldsOf(r).sort()).toEqual(
      [
        'product-food-nutrient-reference',
        'product-nutrient-energy-kcal',
        'product-nutrient-energy-kj',
        'product-nutrient-fat',
        'product-nutrient-protein',
        'product-nutrient-salt',
        'product-nutrient-sugars',
      ].sort(),
    );
  });

  it('allows a little more than 100 g in 100 ml', () => {
    expect(parse({ food_nutrient_reference: 'ml', nutrient_fat: '92' }).ok).toBe(true);
    expect(parse({ food_nutrient_reference: 'ml', nutrient_fat: '120' }).ok).toBe(true);
    expect(parse({ food_nutrient_reference: 'g', nutrient_fat: '120' }).ok).toBe(false);
  });
});

describe('power supply', () => {
  it('reads whole watts and the two flags', () => {
    const r = parse({
      power_min_watts: '15',
      power_max_watts: '65',
      power_charger_included: 'yes',
    });
    expect(r.ok && r.value.powerSupply).toEqual({
      minWatts: 15,
      maxWatts: 65,
      usbPowerDelivery: false,
      chargerIncluded: true,
    });
    const none = parse({});
    expect(none.ok && none.value.powerSupply).toBeNull();
  });

  it('refuses fractions, zero, above 240, max below min and half a range', () => {
    expect(fieldsOf(parse({ power_min_watts: '12,5', power_max_watts: '20' }))).toEqual([
      'product-power-min-watts',
    ]);
    expect(fieldsOf(parse({ power_min_watts: '0', power_max_watts: '241' }))).toEqual([
      'product-power-min-watts',
      'product-power-max-watts',
    ]);
    expect(fieldsOf(parse({ power_min_watts: '65', power_max_watts: '15' }))).toEqual([
      'product-power-max-watts',
    ]);
    expect(fieldsOf(parse({ power_usb_pd: 'yes' }))).toEqual([
      'product-power-min-watts',
      'product-power-max-watts',
    ]);
    expect(fieldsOf(parse({ power_max_watts: '30' }))).toEqual(['product-power-min-watts']);
  });
});
