// The product editor's nutrition table and power supply through its no-JS form: saved, shown
// on the product page, audited, cleared, and refused beside their fields in German and English.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import {
  createThroughForm,
  db,
  form,
  get,
  pageForm,
  post,
  row,
  tag,
  withEditorShop,
} from '../support/product-editor-requests.ts';

withEditorShop();

describe('food and electrical data', () => {
  it('saves, shows and clears the nutrition table and the power supply, audited', async () => {
    const t = tag();
    const id = await createThroughForm({
      name_de: `Saft ${t}`,
      regular_price: '3',
      status: 'publish',
    });
    // Food data the form does not show stays as the import set it.
    await db()
      .update(products)
      .set({
        food: { nutrientReference: 'g', nutrients: {}, allergens: [], distributor: `Hof ${t}` },
      })
      .where(eq(products.id, id));
    const legal = {
      food_nutrient_reference: 'ml',
      nutrient_energy_kj: '1.250,0',
      nutrient_energy_kcal: '298,5',
      nutrient_fat: '3,5',
      nutrient_saturated_fat: '1.2',
      nutrient_sugars: '',
      nutrient_salt: ' 0,05 ',
      power_min_watts: '15',
      power_max_watts: '65',
      power_usb_pd: 'yes',
    };
    const { version } = await pageForm(id);
    const res = await post(
      `/admin/products/${id}`,
      form({ version, name_de: `Saft ${t}`, status: 'publish', ...legal }),
    );
    expect(res.status).toBe(302);
    const saved = await row(id);
    expect(saved.food).toEqual({
      nutrientReference: 'ml',
      nutrients: { energy_kj: 1250, energy_kcal: 298.5, fat: 3.5, saturated_fat: 1.2, salt: 0.05 },
      allergens: [],
      distributor: `Hof ${t}`,
    });
    expect(saved.powerSupply).toEqual({
      minWatts: 15,
      maxWatts: 65,
      usbPowerDelivery: true,
      chargerIncluded: false,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ powerSupply: null, food: { nutrients: {} } });
    expect(entry?.after).toMatchObject({
      powerSupply: { minWatts: 15, maxWatts: 65 },
      food: { nutrients: { fat: 3.5 } },
    });

    // The editor shows them again as German numbers; the product page in both languages.
    const editor = await (await get(`/admin/products/${id}`)).text();
    expect(editor).toMatch(
      /name="nutrient_fat"[^>]*value="3,5"|value="3,5"[^>]*name="nutrient_fat"/,
    );
    expect(editor).toMatch(/<option value="ml" selected/);
    const de = await (await get(`/product/saft-${t}`, '')).text();
    expect(de).toContain('Nährwerte pro 100 ml');
    expect(de).toMatch(/Energie \(kJ\)<\/th><td>1\.250(,0)? kJ/);
    expect(de).toMatch(/Fett<\/th><td>3,5 g/);
    expect(de).toContain('15–65W USB PD');
    expect(de).toContain('mindestens 15 W und darf höchstens 65 W');
    expect(de).toContain('Ladegerät nicht im Lieferumfang enthalten');
    const en = await (await get(`/product/saft-${t}`, '', 'en')).text();
    expect(en).toMatch(/Fat<\/th><td>3\.5 g/);

    // A stale save of other values is refused and changes nothing.
    const stale = await post(
      `/admin/products/${id}`,
      form({ version, name_de: `Saft ${t}`, ...legal, nutrient_fat: '9' }),
    );
    expect(stale.status).toBe(409);
    expect((await row(id)).food?.nutrients.fat).toBe(3.5);

    // Emptied fields are not given any more; the distributor stays.
    const cleared = await post(
      `/admin/products/${id}`,
      form({ ...(await pageForm(id)), name_de: `Saft ${t}`, status: 'publish' }),
    );
    expect(cleared.status).toBe(302);
    const after = await row(id);
    expect(after.powerSupply).toBeNull();
    expect(after.food).toEqual({
      nutrientReference: 'ml',
      nutrients: {},
      allergens: [],
      distributor: `Hof ${t}`,
    });
    const page = await (await get(`/product/saft-${t}`, '')).text();
    expect(page).not.toContain('class="nutrients"');
    expect(page).not.toContain('class="power-label"');
    expect(page).toContain(`Hof ${t}`);
  });

  it('refuses wrong nutrients and watts beside their fields, in German and English', async () => {
    const id = await createThroughForm({ name_de: `Riegel ${tag()}` });
    const { version } = await pageForm(id);
    const fields = {
      version,
      name_de: 'Riegel',
      nutrient_fat: '-1',
      nutrient_protein: 'viel',
      nutrient_energy_kcal: '5000',
      nutrient_carbohydrates: '10',
      nutrient_sugars: '12',
      power_min_watts: '20',
      power_max_watts: '12,5',
    };
    const messages = {
      de: ['Bitte Gramm von 0 bis 100', 'bis 1000 kcal', 'nicht mehr sein als die Kohlenhydrate'],
      en: ['Please enter grams from 0 to 100', 'to 1000 kcal', 'more than the carbohydrate'],
    };
    for (const lang of ['de', 'en'] as const) {
      const res = await post(`/admin/products/${id}`, form(fields), { lang });
      expect(res.status).toBe(400);
      const page = await res.text();
      for (const field of ['fat', 'protein', 'energy-kcal', 'sugars']) {
        expect(page).toContain(`id="product-nutrient-${field}-tip"`);
      }
      expect(page).toContain('id="product-power-max-watts-tip"');
      for (const text of messages[lang]) expect(page).toContain(text);
      // What was typed is shown again.
      expect(page).toContain('value="viel"');
    }
    const minAboveMax = await post(
      `/admin/products/${id}`,
      form({ version, name_de: 'Riegel', power_min_watts: '65', power_max_watts: '15' }),
      { lang: 'en' },
    );
    expect(minAboveMax.status).toBe(400);
    expect(await minAboveMax.text()).toContain('cannot be below the minimum power');
    const halfGiven = await post(
      `/admin/products/${id}`,
      form({ version, name_de: 'Riegel', power_charger_included: 'yes' }),
      { lang: 'en' },
    );
    expect(halfGiven.status).toBe(400);
    expect(await halfGiven.text()).toContain('id="product-power-min-watts-tip"');
    const saved = await row(id);
    expect(saved.food).toBeNull();
    expect(saved.powerSupply).toBeNull();
  });
});
