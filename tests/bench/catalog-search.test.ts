// The search suggestions the catalogue bench measures, pinned on a generated catalogue (1 000
// products): a faster search must still find the same products in the same order, typo
// included. Starts the shop from the build (npm run build first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { generateCatalog } from './catalog-fixture.ts';

type Suggestion = { value: string; id: number; url: string; img: string; price: string };

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  await generateCatalog(shop.database.db, 1_000);
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** Each suggestion as "name | slug | price" (no-break spaces as plain ones), best first. */
async function suggested(params: Record<string, string>, lang: 'de' | 'en' = 'de') {
  const res = await fetch(`${shop.url}/wc-ajax/product_search?${new URLSearchParams(params)}`, {
    headers: { cookie: `lang=${lang}` },
  });
  expect(res.status).toBe(200);
  const { suggestions } = (await res.json()) as { suggestions: Suggestion[] };
  return suggestions.map(
    (s) =>
      `${s.value} | ${new URL(s.url).pathname.slice(9)} | ${s.price.replaceAll('\u00a0', ' ')}`,
  );
}

/** The Store API's products as "slug", in its order, and its total. */
async function listed(query: string) {
  const res = await fetch(`${shop.url}/wc/store/v1/products?${query}`);
  expect(res.status).toBe(200);
  const products = (await res.json()) as { slug: string }[];
  return { total: res.headers.get('x-wp-total'), slugs: products.map((p) => p.slug) };
}

describe('search suggestions on the generated catalogue', () => {
  it('finds the same products for the bench words', async () => {
    const found: Record<string, string[]> = {};
    for (const query of ['rucksack', 'leinen', 'backpack', 'nordlict'])
      found[query] = await suggested({ query });
    expect(found).toMatchInlineSnapshot(`
      {
        "backpack": [
          "Rucksack Nordlicht aus Buchenholz | backpack-nordlicht-18 | 47,99 €",
          "Rucksack Auwald aus Merinowolle | backpack-auwald-60 | ab 145,99 €",
          "Rucksack Elster aus Messing | backpack-elster-102 | 53,99 €",
          "Rucksack Fjord aus Edelstahl | backpack-fjord-144 | 151,99 €",
          "Rucksack Lindenhof aus Recycling-Kunststoff | backpack-lindenhof-186 | 59,99 €",
          "Rucksack Morgentau aus Leinen | backpack-morgentau-228 | 157,99 €",
          "Rucksack Kiesel aus Keramik | backpack-kiesel-270 | ab 65,99 €",
          "Rucksack Ostwind aus Leder | backpack-ostwind-312 | 163,99 €",
          "Rucksack Heide aus Bio-Baumwolle | backpack-heide-354 | 71,99 €",
          "Rucksack Birke aus Glas | backpack-birke-396 | 169,99 €",
        ],
        "leinen": [
          "Kochtopf Nordlicht aus Leinen | pot-nordlicht-1 | 134,99 €",
          "Hemd Nordlicht aus Leinen | shirt-nordlicht-15 | ab 40,99 €",
          "Füller Nordlicht aus Leinen | fountain-pen-nordlicht-29 | 136,99 €",
          "Vase Auwald aus Leinen | vase-auwald-52 | 51,20 €",
          "Blumentopf Auwald aus Leinen | flower-pot-auwald-66 | 128,00 €",
          "Trinkflasche Auwald aus Leinen | water-bottle-auwald-80 | ab 52,79 €",
          "Tasse Elster aus Leinen | cup-elster-89 | 86,99 €",
          "Umhängetasche Elster aus Leinen | shoulder-bag-elster-103 | 182,99 €",
          "Baustein-Set Elster aus Leinen | building-block-set-elster-117 | 88,99 €",
          "Pullover Fjord aus Leinen | jumper-fjord-140 | ab 15,99 €",
        ],
        "nordlict": [
          "Kochtopf Nordlicht aus Leinen | pot-nordlicht-1 | 134,99 €",
          "Pfanne Nordlicht aus Bio-Baumwolle | frying-pan-nordlicht-2 | 73,99 €",
          "Messer Nordlicht aus Eichenholz | knife-nordlicht-3 | 10,40 €",
          "Schneidebrett Nordlicht aus Buchenholz | chopping-board-nordlicht-4 | 141,99 €",
          "Tasse Nordlicht aus Edelstahl | cup-nordlicht-5 | ab 80,99 €",
          "Teekanne Nordlicht aus Keramik | teapot-nordlicht-6 | 19,99 €",
          "Kissen Nordlicht aus Glas | cushion-nordlicht-7 | 148,99 €",
          "Wolldecke Nordlicht aus Filz | blanket-nordlicht-8 | 87,99 €",
          "Stehlampe Nordlicht aus Merinowolle | floor-lamp-nordlicht-9 | 26,99 €",
          "Vase Nordlicht aus Recycling-Kunststoff | vase-nordlicht-10 | ab 124,79 €",
        ],
        "rucksack": [
          "Rucksack Nordlicht aus Buchenholz | backpack-nordlicht-18 | 47,99 €",
          "Rucksack Auwald aus Merinowolle | backpack-auwald-60 | ab 145,99 €",
          "Rucksack Elster aus Messing | backpack-elster-102 | 53,99 €",
          "Rucksack Fjord aus Edelstahl | backpack-fjord-144 | 151,99 €",
          "Rucksack Lindenhof aus Recycling-Kunststoff | backpack-lindenhof-186 | 59,99 €",
          "Rucksack Morgentau aus Leinen | backpack-morgentau-228 | 157,99 €",
          "Rucksack Kiesel aus Keramik | backpack-kiesel-270 | ab 65,99 €",
          "Rucksack Ostwind aus Leder | backpack-ostwind-312 | 163,99 €",
          "Rucksack Heide aus Bio-Baumwolle | backpack-heide-354 | 71,99 €",
          "Rucksack Birke aus Glas | backpack-birke-396 | 169,99 €",
        ],
      }
    `);
  });

  it('finds the same in English, in a category and for a typo in two words', async () => {
    expect({
      en: await suggested({ query: 'backpack nordlict' }, 'en'),
      category: await suggested({ query: 'leinen', product_cat: 'taschen' }),
      typos: await suggested({ query: 'rucksak lienen' }),
      typo: await suggested({ query: 'rucksak leinen' }),
    }).toMatchInlineSnapshot(`
      {
        "category": [
          "Umhängetasche Elster aus Leinen | shoulder-bag-elster-103 | 182,99 €",
          "Rucksack Morgentau aus Leinen | backpack-morgentau-228 | 157,99 €",
          "Stoffbeutel Ostwind aus Leinen | tote-bag-ostwind-316 | 109,99 €",
          "Reisetasche Seeblick aus Leinen | travel-bag-seeblick-441 | 84,99 €",
          "Geldbörse Anker aus Leinen | wallet-anker-566 | 59,99 €",
          "Umhängetasche Tanne aus Leinen | shoulder-bag-tanne-691 | 34,99 €",
          "Rucksack Flussperle aus Leinen | backpack-flussperle-816 | 9,99 €",
          "Stoffbeutel Abendrot aus Leinen | tote-bag-abendrot-904 | 151,99 €",
        ],
        "en": [
          "Nordlicht beech backpack | backpack-nordlicht-18 | €47.99",
        ],
        "typo": [
          "Rucksack Morgentau aus Leinen | backpack-morgentau-228 | 157,99 €",
          "Rucksack Flussperle aus Leinen | backpack-flussperle-816 | 9,99 €",
        ],
        "typos": [],
      }
    `);
  });
});

describe('Store API product lists on the generated catalogue', () => {
  it('lists the same products for the bench filters, sorts and a search', async () => {
    const colour = 'attributes[0][attribute]=pa_color&attributes[0][slug][]=red';
    expect({
      priceColour: await listed(`orderby=price&order=asc&${colour}&per_page=24`),
      price: await listed('orderby=price&order=desc&per_page=5'),
      search: await listed('search=leinen&per_page=5'),
    }).toMatchInlineSnapshot(`
      {
        "price": {
          "slugs": [
            "yoga-mat-auwald-81",
            "shoulder-bag-kiesel-271",
            "vacuum-flask-seeblick-461",
            "travel-bag-sommerfeld-651",
            "pot-bergkamm-841",
          ],
          "total": "995",
        },
        "priceColour": {
          "slugs": [
            "vacuum-flask-falke-545",
            "pot-waldweg-925",
            "wooden-car-ostwind-330",
            "folder-elster-115",
            "water-bottle-kranich-794",
            "pen-holder-waldweg-956",
            "vase-bergkamm-850",
            "travel-bag-abendrot-903",
            "hammock-mohn-741",
            "building-block-set-anker-579",
            "scarf-tanne-688",
            "beanie-ostwind-311",
            "yoga-mat-birke-417",
            "tote-bag-falke-526",
            "cup-sommerfeld-635",
            "notebook-heide-364",
            "rug-wolke-473",
            "puzzle-lindenhof-202",
            "skipping-rope-nordlicht-40",
            "picnic-blanket-birke-420",
            "watering-can-fjord-149",
            "teapot-kiesel-258",
            "wall-mirror-elster-96",
            "folder-falke-535",
          ],
          "total": "124",
        },
        "search": {
          "slugs": [
            "vacuum-flask-bergkamm-881",
            "knife-waldweg-927",
            "picnic-blanket-mohn-756",
            "chopping-board-flussperle-802",
            "cup-tanne-677",
          ],
          "total": "71",
        },
      }
    `);
  });
});
