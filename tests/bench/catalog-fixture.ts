// A large generated catalogue for the catalog-scale bench: categories, colour and size
// attributes, simple and variable products with prices, sales, stock, reviews, SKUs and GTINs.
// Everything is inserted with set-based SQL (INSERT … SELECT over generate_series) into the
// shop's own tables, so 100 000 products take seconds rather than minutes.
//
//   tsx tests/bench/catalog-fixture.ts <data dir> <products>
// replaces <data dir> with an embedded database under <data dir>/pgdata and pictures under
// <data dir>/media, the layout the shop opens with DATA_DIR. The bench (catalog.mjs) decides
// when a kept directory can be reused.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, count, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  attributes,
  attributeTerms,
  categories,
  deliveryTimes,
  images,
  manufacturers,
  productAttributes,
  productCategories,
  productImages,
  products,
  reviews,
  settings,
} from '#db/schema.ts';
import { type Database, type Tx, migrateDatabase, openDatabase } from '#app/lib/db.server.ts';
import type { Motif } from '#db/seed/art/motifs.ts';
import { renderProductImage } from '#db/seed/art/render.ts';
import { slugify } from '#db/seed/factories.ts';

/** Stored with the product count under MARKER_KEY: a database says which fixture it holds. */
export const FIXTURE_VERSION = 1;
export const MARKER_KEY = 'bench.catalog';

type Word = { de: string; en: string };

/** Top-level categories, each with the things sold in it (leaf category, singular noun). */
export const CATEGORY_TREE: { name: Word; leaves: { name: Word; noun: Word }[] }[] = [
  {
    name: { de: 'Küche & Kochen', en: 'Kitchen & cooking' },
    leaves: [
      { name: { de: 'Töpfe', en: 'Pots' }, noun: { de: 'Kochtopf', en: 'Pot' } },
      { name: { de: 'Pfannen', en: 'Pans' }, noun: { de: 'Pfanne', en: 'Frying pan' } },
      { name: { de: 'Messer', en: 'Knives' }, noun: { de: 'Messer', en: 'Knife' } },
      {
        name: { de: 'Schneidebretter', en: 'Chopping boards' },
        noun: { de: 'Schneidebrett', en: 'Chopping board' },
      },
      { name: { de: 'Tassen', en: 'Cups' }, noun: { de: 'Tasse', en: 'Cup' } },
      { name: { de: 'Teekannen', en: 'Teapots' }, noun: { de: 'Teekanne', en: 'Teapot' } },
    ],
  },
  {
    name: { de: 'Wohnen', en: 'Living' },
    leaves: [
      { name: { de: 'Kissen', en: 'Cushions' }, noun: { de: 'Kissen', en: 'Cushion' } },
      { name: { de: 'Decken', en: 'Blankets' }, noun: { de: 'Wolldecke', en: 'Blanket' } },
      { name: { de: 'Lampen', en: 'Lamps' }, noun: { de: 'Stehlampe', en: 'Floor lamp' } },
      { name: { de: 'Vasen', en: 'Vases' }, noun: { de: 'Vase', en: 'Vase' } },
      { name: { de: 'Teppiche', en: 'Rugs' }, noun: { de: 'Teppich', en: 'Rug' } },
      { name: { de: 'Spiegel', en: 'Mirrors' }, noun: { de: 'Wandspiegel', en: 'Wall mirror' } },
    ],
  },
  {
    name: { de: 'Bekleidung', en: 'Clothing' },
    leaves: [
      { name: { de: 'Jacken', en: 'Jackets' }, noun: { de: 'Jacke', en: 'Jacket' } },
      { name: { de: 'Pullover', en: 'Jumpers' }, noun: { de: 'Pullover', en: 'Jumper' } },
      { name: { de: 'Hemden', en: 'Shirts' }, noun: { de: 'Hemd', en: 'Shirt' } },
      { name: { de: 'Schals', en: 'Scarves' }, noun: { de: 'Schal', en: 'Scarf' } },
      { name: { de: 'Mützen', en: 'Hats' }, noun: { de: 'Mütze', en: 'Beanie' } },
    ],
  },
  {
    name: { de: 'Taschen', en: 'Bags' },
    leaves: [
      { name: { de: 'Rucksäcke', en: 'Backpacks' }, noun: { de: 'Rucksack', en: 'Backpack' } },
      {
        name: { de: 'Umhängetaschen', en: 'Shoulder bags' },
        noun: { de: 'Umhängetasche', en: 'Shoulder bag' },
      },
      { name: { de: 'Geldbörsen', en: 'Wallets' }, noun: { de: 'Geldbörse', en: 'Wallet' } },
      {
        name: { de: 'Reisetaschen', en: 'Travel bags' },
        noun: { de: 'Reisetasche', en: 'Travel bag' },
      },
      { name: { de: 'Beutel', en: 'Tote bags' }, noun: { de: 'Stoffbeutel', en: 'Tote bag' } },
    ],
  },
  {
    name: { de: 'Garten', en: 'Garden' },
    leaves: [
      {
        name: { de: 'Gießkannen', en: 'Watering cans' },
        noun: { de: 'Gießkanne', en: 'Watering can' },
      },
      {
        name: { de: 'Blumentöpfe', en: 'Flower pots' },
        noun: { de: 'Blumentopf', en: 'Flower pot' },
      },
      {
        name: { de: 'Gartenscheren', en: 'Pruning shears' },
        noun: { de: 'Gartenschere', en: 'Pruning shears' },
      },
      { name: { de: 'Vogelhäuser', en: 'Birdhouses' }, noun: { de: 'Vogelhaus', en: 'Birdhouse' } },
      { name: { de: 'Hängematten', en: 'Hammocks' }, noun: { de: 'Hängematte', en: 'Hammock' } },
    ],
  },
  {
    name: { de: 'Büro', en: 'Office' },
    leaves: [
      {
        name: { de: 'Notizbücher', en: 'Notebooks' },
        noun: { de: 'Notizbuch', en: 'Notebook' },
      },
      { name: { de: 'Füller', en: 'Fountain pens' }, noun: { de: 'Füller', en: 'Fountain pen' } },
      {
        name: { de: 'Schreibtischlampen', en: 'Desk lamps' },
        noun: { de: 'Schreibtischlampe', en: 'Desk lamp' },
      },
      { name: { de: 'Ordner', en: 'Folders' }, noun: { de: 'Ordner', en: 'Folder' } },
      {
        name: { de: 'Stiftebecher', en: 'Pen holders' },
        noun: { de: 'Stiftebecher', en: 'Pen holder' },
      },
    ],
  },
  {
    name: { de: 'Spielzeug', en: 'Toys' },
    leaves: [
      {
        name: { de: 'Bausteine', en: 'Building blocks' },
        noun: { de: 'Baustein-Set', en: 'Building block set' },
      },
      { name: { de: 'Puzzles', en: 'Puzzles' }, noun: { de: 'Puzzle', en: 'Puzzle' } },
      {
        name: { de: 'Kuscheltiere', en: 'Soft toys' },
        noun: { de: 'Kuscheltier', en: 'Soft toy' },
      },
      { name: { de: 'Holzautos', en: 'Wooden cars' }, noun: { de: 'Holzauto', en: 'Wooden car' } },
      {
        name: { de: 'Brettspiele', en: 'Board games' },
        noun: { de: 'Brettspiel', en: 'Board game' },
      },
    ],
  },
  {
    name: { de: 'Sport & Freizeit', en: 'Sport & leisure' },
    leaves: [
      {
        name: { de: 'Trinkflaschen', en: 'Water bottles' },
        noun: { de: 'Trinkflasche', en: 'Water bottle' },
      },
      { name: { de: 'Yogamatten', en: 'Yoga mats' }, noun: { de: 'Yogamatte', en: 'Yoga mat' } },
      {
        name: { de: 'Springseile', en: 'Skipping ropes' },
        noun: { de: 'Springseil', en: 'Skipping rope' },
      },
      {
        name: { de: 'Thermoskannen', en: 'Vacuum flasks' },
        noun: { de: 'Thermoskanne', en: 'Vacuum flask' },
      },
      {
        name: { de: 'Picknickdecken', en: 'Picnic blankets' },
        noun: { de: 'Picknickdecke', en: 'Picnic blanket' },
      },
    ],
  },
];

/** Product lines: names that read the same in both languages. */
const LINES = [
  'Nordlicht',
  'Auwald',
  'Elster',
  'Fjord',
  'Lindenhof',
  'Morgentau',
  'Kiesel',
  'Ostwind',
  'Heide',
  'Birke',
  'Seeblick',
  'Wolke',
  'Falke',
  'Anker',
  'Leuchtturm',
  'Sommerfeld',
  'Tanne',
  'Mohn',
  'Kranich',
  'Flussperle',
  'Bergkamm',
  'Abendrot',
  'Waldweg',
  'Sternschnuppe',
];

const MATERIALS: Word[] = [
  { de: 'Leinen', en: 'linen' },
  { de: 'Bio-Baumwolle', en: 'organic cotton' },
  { de: 'Eichenholz', en: 'oak' },
  { de: 'Buchenholz', en: 'beech' },
  { de: 'Edelstahl', en: 'stainless steel' },
  { de: 'Keramik', en: 'ceramic' },
  { de: 'Glas', en: 'glass' },
  { de: 'Filz', en: 'felt' },
  { de: 'Merinowolle', en: 'merino wool' },
  { de: 'Recycling-Kunststoff', en: 'recycled plastic' },
  { de: 'Leder', en: 'leather' },
  { de: 'Bambus', en: 'bamboo' },
  { de: 'Kork', en: 'cork' },
  { de: 'Messing', en: 'brass' },
];

const SENTENCES: Word[] = [
  {
    de: 'Sorgfältig verarbeitet und für viele Jahre gemacht.',
    en: 'Carefully made to last for many years.',
  },
  {
    de: 'Leicht zu reinigen und angenehm im Alltag.',
    en: 'Easy to clean and pleasant to use every day.',
  },
  {
    de: 'Hergestellt in einer kleinen Manufaktur in Sachsen.',
    en: 'Made in a small workshop in Saxony.',
  },
  {
    de: 'Ein schönes Geschenk für Freunde und Familie.',
    en: 'A lovely present for friends and family.',
  },
  {
    de: 'Schlichtes Design, das zu jeder Einrichtung passt.',
    en: 'A plain design that suits any home.',
  },
  { de: 'Robust genug für den täglichen Gebrauch.', en: 'Sturdy enough for daily use.' },
  {
    de: 'Nachhaltig produziert aus ausgewählten Rohstoffen.',
    en: 'Sustainably produced from selected raw materials.',
  },
  {
    de: 'Besonders leicht und gut zu transportieren.',
    en: 'Particularly light and easy to carry.',
  },
  {
    de: 'Mit zwei Jahren Garantie des Herstellers.',
    en: "With a two-year manufacturer's guarantee.",
  },
  {
    de: 'Limitierte Auflage, solange der Vorrat reicht.',
    en: 'Limited edition, while stocks last.',
  },
];

/** Colour terms; the slugs are the public filter values (`filter_color=red`). */
export const COLOURS: { slug: string; name: Word; hex: string }[] = [
  { slug: 'red', name: { de: 'Rot', en: 'Red' }, hex: '#b8372f' },
  { slug: 'blue', name: { de: 'Blau', en: 'Blue' }, hex: '#2f5e8e' },
  { slug: 'green', name: { de: 'Grün', en: 'Green' }, hex: '#3e7a4e' },
  { slug: 'black', name: { de: 'Schwarz', en: 'Black' }, hex: '#26272b' },
  { slug: 'white', name: { de: 'Weiß', en: 'White' }, hex: '#f3f1ea' },
  { slug: 'grey', name: { de: 'Grau', en: 'Grey' }, hex: '#8c9096' },
  { slug: 'yellow', name: { de: 'Gelb', en: 'Yellow' }, hex: '#e4b43a' },
  { slug: 'orange', name: { de: 'Orange', en: 'Orange' }, hex: '#d9702b' },
  { slug: 'pink', name: { de: 'Rosa', en: 'Pink' }, hex: '#e2a2b1' },
  { slug: 'purple', name: { de: 'Lila', en: 'Purple' }, hex: '#6b4a8e' },
];

export const SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'];

const REVIEWERS = [
  'Anna Schmidt',
  'Jonas Becker',
  'Lea Hoffmann',
  'Paul Wagner',
  'Marie Schulz',
  'Felix Richter',
  'Sophie Klein',
  'Lukas Wolf',
  'Emma Neumann',
  'Ben Schwarz',
  'Mia Zimmermann',
  'Noah Krüger',
];

const REVIEW_TEXTS: Word[] = [
  {
    de: 'Genau wie beschrieben, schnelle Lieferung.',
    en: 'Exactly as described, fast delivery.',
  },
  { de: 'Gute Qualität für den Preis.', en: 'Good quality for the price.' },
  {
    de: 'Die Farbe ist etwas dunkler als auf dem Bild.',
    en: 'The colour is a little darker than in the picture.',
  },
  { de: 'Nach drei Monaten noch wie neu.', en: 'Still like new after three months.' },
  { de: 'Leider etwas kleiner als erwartet.', en: 'Unfortunately a little smaller than expected.' },
  { de: 'Sehr schön verarbeitet, gerne wieder.', en: 'Very nicely made, would buy again.' },
];

/** Weighted towards good ratings, as real shops see them. */
const RATINGS = [5, 4, 5, 3, 4, 5, 2, 4, 5, 1];

const PICTURES: { key: string; motif: Motif; color: string; accent: string; alt: Word }[] = [
  {
    key: 'bench-bag',
    motif: 'bag',
    color: '#8a5a3c',
    accent: '#e4b43a',
    alt: { de: 'Tasche', en: 'Bag' },
  },
  {
    key: 'bench-mug',
    motif: 'mug',
    color: '#2f5e8e',
    accent: '#f3f1ea',
    alt: { de: 'Tasse', en: 'Cup' },
  },
  {
    key: 'bench-lamp',
    motif: 'lamp',
    color: '#e4b43a',
    accent: '#26272b',
    alt: { de: 'Lampe', en: 'Lamp' },
  },
  {
    key: 'bench-shirt',
    motif: 'tshirt',
    color: '#b8372f',
    accent: '#f3f1ea',
    alt: { de: 'Hemd', en: 'Shirt' },
  },
  {
    key: 'bench-box',
    motif: 'box',
    color: '#3e7a4e',
    accent: '#d9c8a6',
    alt: { de: 'Schachtel', en: 'Box' },
  },
  {
    key: 'bench-bottle',
    motif: 'bottle',
    color: '#6b4a8e',
    accent: '#e2a2b1',
    alt: { de: 'Flasche', en: 'Bottle' },
  },
];

/** How product number `i` (1-based) is built; the test checks the data against these rules. */
export const SHAPE = {
  leaves: CATEGORY_TREE.reduce((n, top) => n + top.leaves.length, 0),
  /** Product i is in leaf category (i - 1) % leaves. */
  variableEvery: 5,
  variationsPerProduct: 4,
  /** Products i with i % draftEvery = 0 stay drafts. */
  draftEvery: 199,
};

export type FixtureSummary = {
  products: number;
  variations: number;
  categories: number;
  reviews: number;
  seconds: number;
  /** Seconds per large statement, to see where generation time goes. */
  steps: Record<string, number>;
};

/** Column list for an INSERT, from the schema's own column names. */
function columns(...cols: PgColumn[]): SQL {
  return sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
}

/** A temporary word table `name(k, …)` from rows of text, numbered from 0. */
async function wordTable(tx: Tx, name: string, fields: string[], rows: string[][]) {
  const values = sql.join(
    rows.map(
      (row, k) =>
        sql`(${sql.raw(String(k))}, ${sql.join(
          row.map((v) => sql`${v}::text`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`create temp table ${sql.identifier(name)} on commit drop as select * from (values ${values}) as t(k, ${sql.join(
      fields.map((f) => sql.identifier(f)),
      sql`, `,
    )})`,
  );
}

/**
 * Fills an empty, migrated database with `count` products (plus variations, categories,
 * attributes and reviews). Pictures are rendered into `mediaDir` when given; without it the
 * products have none.
 */
export async function generateCatalog(
  db: Database,
  count: number,
  { mediaDir }: { mediaDir?: string } = {},
): Promise<FixtureSummary> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`invalid product count ${count}`);
  const started = Date.now();
  const steps: Record<string, number> = {};
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const result = await run();
    steps[name] = (steps[name] ?? 0) + (Date.now() - t0) / 1000;
    return result;
  };
  const rendered = mediaDir
    ? await timed('pictures rendered', () =>
        Promise.all(
          PICTURES.map(async (p) => ({
            picture: p,
            image: await renderProductImage(
              { key: p.key, title: p.alt.de, color: p.color, accent: p.accent, motif: p.motif },
              mediaDir,
            ),
          })),
        ),
      )
    : [];

  const summary = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: countAll() }).from(products);
    if ((existing?.n ?? 0) > 0) throw new Error('the catalogue fixture needs an empty database');

    const delivery = await tx
      .insert(deliveryTimes)
      .values([
        {
          slug: 'bench-1-3',
          label: { de: '1–3 Werktage', en: '1–3 working days' },
          minDays: 1,
          maxDays: 3,
        },
        {
          slug: 'bench-5-7',
          label: { de: '5–7 Werktage', en: '5–7 working days' },
          minDays: 5,
          maxDays: 7,
        },
      ])
      .returning({ id: deliveryTimes.id });
    const makers = await tx
      .insert(manufacturers)
      .values(
        ['Werkstatt Elbtal GmbH', 'Nordform AG', 'Lausitzer Manufaktur KG'].map((name) => ({
          slug: slugify(name),
          name,
          postalAddress: 'Musterstraße 1, 01067 Dresden, Deutschland',
          email: `info@${slugify(name)}.example`,
        })),
      )
      .returning({ id: manufacturers.id });
    const imageRows = rendered.length
      ? await tx
          .insert(images)
          .values(
            rendered.map(({ picture, image }) => ({
              key: image.key,
              width: image.width,
              height: image.height,
              sizes: image.sizes,
              alt: picture.alt,
            })),
          )
          .returning({ id: images.id })
      : [];

    // Categories: the top level first, then every leaf under its parent.
    const tops = await tx
      .insert(categories)
      .values(
        CATEGORY_TREE.map((top, position) => ({
          slug: slugify(top.name.de),
          name: top.name,
          position,
        })),
      )
      .returning({ id: categories.id });
    const leafRows = CATEGORY_TREE.flatMap((top, t) =>
      top.leaves.map((leaf, position) => ({
        slug: slugify(leaf.name.de),
        name: leaf.name,
        parentId: tops[t]!.id,
        position,
      })),
    );
    const leaves = await tx
      .insert(categories)
      .values(leafRows)
      .returning({ id: categories.id, slug: categories.slug });

    const [colour] = await tx
      .insert(attributes)
      .values({ slug: 'color', name: { de: 'Farbe', en: 'Colour' }, swatchType: 'color' })
      .returning({ id: attributes.id });
    const [size] = await tx
      .insert(attributes)
      .values({ slug: 'size', name: { de: 'Größe', en: 'Size' }, swatchType: 'label' })
      .returning({ id: attributes.id });
    const colourTerms = await tx
      .insert(attributeTerms)
      .values(
        COLOURS.map((c, position) => ({
          attributeId: colour!.id,
          slug: c.slug,
          name: c.name,
          swatch: { color: c.hex },
          position,
        })),
      )
      .returning({ id: attributeTerms.id });
    const sizeTerms = await tx
      .insert(attributeTerms)
      .values(
        SIZES.map((s, position) => ({
          attributeId: size!.id,
          slug: s,
          name: { de: s.toUpperCase(), en: s.toUpperCase() },
          swatch: { label: { de: s.toUpperCase(), en: s.toUpperCase() } },
          position,
        })),
      )
      .returning({ id: attributeTerms.id });

    const leafWords = CATEGORY_TREE.flatMap((top) => top.leaves);
    await wordTable(
      tx,
      'bench_leaf',
      ['category_id', 'noun_de', 'noun_en', 'noun_slug'],
      leafWords.map((leaf, k) => [
        String(leaves[k]!.id),
        leaf.noun.de,
        leaf.noun.en,
        slugify(leaf.noun.en),
      ]),
    );
    await wordTable(
      tx,
      'bench_line',
      ['name', 'slug'],
      LINES.map((l) => [l, slugify(l)]),
    );
    await wordTable(
      tx,
      'bench_material',
      ['de', 'en'],
      MATERIALS.map((m) => [m.de, m.en]),
    );
    await wordTable(
      tx,
      'bench_sentence',
      ['de', 'en'],
      SENTENCES.map((s) => [s.de, s.en]),
    );
    await wordTable(
      tx,
      'bench_colour',
      ['term_id', 'slug', 'de', 'en'],
      COLOURS.map((c, k) => [String(colourTerms[k]!.id), c.slug, c.name.de, c.name.en]),
    );
    await wordTable(
      tx,
      'bench_size',
      ['term_id', 'slug'],
      SIZES.map((s, k) => [String(sizeTerms[k]!.id), s]),
    );
    await wordTable(
      tx,
      'bench_review',
      ['author', 'de', 'en'],
      REVIEW_TEXTS.map((r, k) => [REVIEWERS[k % REVIEWERS.length]!, r.de, r.en]),
    );
    // EAN-13 with its check digit, from a 12-digit body; a plain expression, so it is inlined.
    const weighted = Array.from(
      { length: 12 },
      (_, k) => `${k % 2 ? 3 : 1} * substr(body, ${k + 1}, 1)::int`,
    ).join(' + ');
    await tx.execute(
      sql.raw(`create function pg_temp.bench_ean13(body text) returns text
        language sql immutable as $$ select body || ((10 - (${weighted}) % 10) % 10)::text $$`),
    );

    const leafCount = SHAPE.leaves;
    const imageIds = imageRows.map((r) => r.id);
    const imageArray = imageIds.length
      ? sql`(array[${sql.raw(imageIds.join(','))}]::int[])`
      : sql`(array[]::int[])`;
    const makerArray = sql`(array[${sql.raw(makers.map((m) => m.id).join(','))}]::int[])`;
    const pictures = Math.max(imageIds.length, 1);

    // Parents: product i has menu_order i; every derived value is a function of i.
    await timed('products', () =>
      tx.execute(sql`
      insert into ${products} (${columns(
        products.type,
        products.slug,
        products.status,
        products.featured,
        products.menuOrder,
        products.name,
        products.shortDescription,
        products.description,
        products.sku,
        products.gtin,
        products.regularPrice,
        products.salePrice,
        products.saleFrom,
        products.saleTo,
        products.taxClass,
        products.manageStock,
        products.stockQuantity,
        products.stockStatus,
        products.backorders,
        products.soldIndividually,
        products.weightKg,
        products.imageId,
        products.deliveryTimeId,
        products.manufacturerId,
        products.createdAt,
        products.updatedAt,
      )})
      select
        case when g.i % ${SHAPE.variableEvery} = 0 then 'variable' else 'simple' end,
        leaf.noun_slug || '-' || line.slug || '-' || g.i,
        case when g.i % ${SHAPE.draftEvery} = 0 then 'draft' else 'publish' end,
        g.i % 97 = 0,
        g.i,
        jsonb_build_object(
          'de', leaf.noun_de || ' ' || line.name || ' aus ' || mat.de,
          'en', line.name || ' ' || mat.en || ' ' || lower(leaf.noun_en)),
        jsonb_build_object(
          'de', leaf.noun_de || ' aus ' || mat.de || ' in ' || col.de || '. ' || s1.de,
          'en', leaf.noun_en || ' made of ' || mat.en || ' in ' || lower(col.en) || '. ' || s1.en),
        jsonb_build_object(
          'de', s1.de || ' ' || s2.de || ' Modellnummer ' || g.i || '.',
          'en', s1.en || ' ' || s2.en || ' Model number ' || g.i || '.'),
        'LZ-' || lpad(g.i::text, 6, '0'),
        pg_temp.bench_ean13('426' || lpad(g.i::text, 9, '0')),
        -- Variable products are priced per variation.
        case when g.i % ${SHAPE.variableEvery} = 0 then null else g.price end,
        case when g.i % ${SHAPE.variableEvery} <> 0 and (g.i % 7 = 3 or g.i % 23 = 5)
             then g.price - g.price / 5 end,
        case when g.i % 23 = 5 then now() - interval '40 days' end,
        case when g.i % 23 = 5 then now() - interval '10 days'
             when g.i % 21 = 3 then now() + interval '14 days' end,
        'standard',
        g.i % 3 = 0,
        case when g.i % 3 = 0 then (case when g.stock = 'instock' then 1 + g.i % 40 else 0 end) end,
        g.stock,
        case when g.stock = 'onbackorder' then 'notify' else 'no' end,
        false,
        0.1 + (g.i % 50) / 10.0,
        ${imageArray}[1 + g.i % ${pictures}],
        case when g.i % 4 = 0 then ${delivery[1]!.id}::int else ${delivery[0]!.id}::int end,
        ${makerArray}[1 + g.i % ${makers.length}],
        now() - ((g.i * 7919) % 730) * interval '1 day' - (g.i % 1440) * interval '1 minute',
        now() - ((g.i * 7919) % 730) * interval '1 day' - (g.i % 1440) * interval '1 minute'
      from (
        select i,
          (((i * 7919) % 190) + 5) * 100 + 99 as price,
          case when i % 20 in (7, 13) then 'outofstock' when i % 20 = 17 then 'onbackorder'
               else 'instock' end as stock,
          (i * 3 + i / ${leafCount}) % ${COLOURS.length} as colour
        from generate_series(1, ${count}::int) i
      ) g
      join bench_leaf leaf on leaf.k = (g.i - 1) % ${leafCount}
      join bench_line line on line.k = ((g.i - 1) / ${leafCount}) % ${LINES.length}
      join bench_material mat
        on mat.k = ((g.i - 1) / ${leafCount * LINES.length} + (g.i - 1) / ${leafCount} * 5 + (g.i - 1) % ${leafCount}) % ${MATERIALS.length}
      join bench_colour col on col.k = g.colour
      join bench_sentence s1 on s1.k = g.i % ${SENTENCES.length}
      join bench_sentence s2 on s2.k = (g.i / 3 + 1) % ${SENTENCES.length}
      order by g.i`),
    );

    // Parents by number, for the tables that hang off them.
    await tx.execute(sql`
      create temp table bench_parent on commit drop as
      select p.id, p.menu_order as i, p.type, p.sku,
        (p.menu_order * 3 + p.menu_order / ${leafCount}) % ${COLOURS.length} as colour
      from ${products} p where p.parent_id is null`);
    await tx.execute(sql`create index on bench_parent (i)`);

    await timed('category links', () =>
      tx.execute(sql`
      insert into ${productCategories} (${columns(
        productCategories.productId,
        productCategories.categoryId,
        productCategories.position,
      )})
      select p.id, leaf.category_id::int, 0
      from bench_parent p join bench_leaf leaf on leaf.k = (p.i - 1) % ${leafCount}`),
    );

    if (imageIds.length) {
      // Main picture, and on every second product a second one shown on hover.
      await timed('pictures', () =>
        tx.execute(sql`
        insert into ${productImages} (${columns(
          productImages.productId,
          productImages.imageId,
          productImages.position,
        )})
        select p.id, ${imageArray}[1 + (p.i + n) % ${pictures}], n
        from bench_parent p cross join generate_series(0, 1) n
        where n = 0 or p.i % 2 = 0`),
      );
    }

    // Simple products carry their colour as a visible attribute; variable products offer two
    // colours and two sizes for variations.
    await tx.execute(sql`
      insert into ${productAttributes} (${columns(
        productAttributes.productId,
        productAttributes.attributeId,
        productAttributes.termIds,
        productAttributes.position,
        productAttributes.visible,
        productAttributes.usedForVariations,
      )})
      select p.id, ${colour!.id}::int,
        case when p.type = 'variable'
             then array[c1.term_id::int, c2.term_id::int] else array[c1.term_id::int] end,
        0, true, p.type = 'variable'
      from bench_parent p
      join bench_colour c1 on c1.k = p.colour
      join bench_colour c2 on c2.k = (p.colour + 3) % ${COLOURS.length}`);
    await tx.execute(sql`
      insert into ${productAttributes} (${columns(
        productAttributes.productId,
        productAttributes.attributeId,
        productAttributes.termIds,
        productAttributes.position,
        productAttributes.visible,
        productAttributes.usedForVariations,
      )})
      select p.id, ${size!.id}::int, array[s1.term_id::int, s2.term_id::int], 1, true, true
      from bench_parent p
      join bench_size s1 on s1.k = p.i % 4
      join bench_size s2 on s2.k = p.i % 4 + 2
      where p.type = 'variable'`);

    // Four variations per variable product: two colours by two sizes, the larger size dearer.
    await timed('variations', () =>
      tx.execute(sql`
      insert into ${products} (${columns(
        products.parentId,
        products.type,
        products.status,
        products.menuOrder,
        products.variationAttributes,
        products.sku,
        products.gtin,
        products.regularPrice,
        products.salePrice,
        products.manageStock,
        products.stockQuantity,
        products.stockStatus,
        products.backorders,
      )})
      select p.id, 'variation', 'publish', v.c * 2 + v.s,
        jsonb_build_object('color', col.slug, 'size', sz.slug),
        p.sku || '-' || upper(col.slug) || '-' || upper(sz.slug),
        pg_temp.bench_ean13('427' || lpad((p.i * 4 + v.c * 2 + v.s)::text, 9, '0')),
        (((p.i * 7919) % 190) + 5) * 100 + 99 + v.s * 500,
        case when p.i % 7 = 3 and v.s = 0 then ((((p.i * 7919) % 190) + 5) * 100 + 99) * 4 / 5 end,
        true,
        case when (p.i + v.c + v.s) % 6 = 0 then 0 else 1 + (p.i + v.c * 7 + v.s * 3) % 30 end,
        case when (p.i + v.c + v.s) % 6 = 0 then 'outofstock' else 'instock' end,
        'no'
      from bench_parent p
      cross join (select c, s from generate_series(0, 1) c, generate_series(0, 1) s) v
      join bench_colour col on col.k = (p.colour + v.c * 3) % ${COLOURS.length}
      join bench_size sz on sz.k = p.i % 4 + v.s * 2
      where p.type = 'variable'`),
    );

    // Reviews on three products in ten, one to five each, in both languages.
    await timed('reviews', () =>
      tx.execute(sql`
      insert into ${reviews} (${columns(
        reviews.productId,
        reviews.author,
        reviews.email,
        reviews.rating,
        reviews.content,
        reviews.locale,
        reviews.status,
        reviews.verifiedOwner,
        reviews.createdAt,
      )})
      select p.id, r.author,
        lower(replace(r.author, ' ', '.')) || '.' || p.i || '@example.com',
        (array[${sql.raw(RATINGS.join(','))}])[1 + (p.i * 7 + n * 3) % ${RATINGS.length}],
        case when n % 2 = 0 then r.de else r.en end,
        case when n % 2 = 0 then 'de' else 'en' end,
        case when (p.i + n) % 17 = 0 then 'pending' else 'approved' end,
        n % 3 = 0,
        now() - ((p.i + n * 11) % 300) * interval '1 day'
      from bench_parent p
      cross join lateral generate_series(1, 1 + p.i % 5) n
      join bench_review r on r.k = (p.i + n) % ${REVIEW_TEXTS.length}
      where p.i % 10 < 3`),
    );

    await tx
      .insert(settings)
      .values({ key: MARKER_KEY, value: { products: count, version: FIXTURE_VERSION } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { products: count, version: FIXTURE_VERSION } },
      });

    const [variationCount] = await tx
      .select({ n: countAll() })
      .from(products)
      .where(eq(products.type, 'variation'));
    const [reviewCount] = await tx.select({ n: countAll() }).from(reviews);
    return {
      products: count,
      variations: Number(variationCount?.n ?? 0),
      categories: tops.length + leaves.length,
      reviews: Number(reviewCount?.n ?? 0),
    };
  });
  // PGlite never runs autovacuum: without statistics the planner would guess row counts.
  await timed('analyze', () => db.execute(sql`analyze`));
  return { ...summary, seconds: (Date.now() - started) / 1000, steps };
}

const countAll = () => count();

/** The fixture marker of an opened database, or null when it holds something else. */
export async function fixtureSize(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MARKER_KEY));
  const value = row?.value as { products?: number; version?: number } | undefined;
  if (!value || value.version !== FIXTURE_VERSION || typeof value.products !== 'number')
    return null;
  const [parents] = await db
    .select({ n: countAll() })
    .from(products)
    .where(isNull(products.parentId));
  return Number(parents?.n) === value.products ? value.products : null;
}

/** Replaces whatever `dataDir` holds with a freshly generated catalogue of `count` products. */
export async function generateCatalogDataDir(
  dataDir: string,
  count: number,
): Promise<FixtureSummary> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  try {
    await migrateDatabase(handle);
    return await generateCatalog(handle.db, count, { mediaDir: path.join(dataDir, 'media') });
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dataDir, rawCount] = process.argv.slice(2);
  const count = Number(rawCount);
  if (!dataDir || !Number.isInteger(count) || count < 1) {
    console.error('usage: tsx tests/bench/catalog-fixture.ts <data dir> <products>');
    process.exit(2);
  }
  generateCatalogDataDir(path.resolve(dataDir), count)
    .then((summary) => {
      const steps = Object.entries(summary.steps)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
        .join(', ');
      console.log(
        `catalogue generated in ${dataDir}: ${summary.products} products, ${summary.variations} variations, ${summary.categories} categories, ${summary.reviews} reviews in ${summary.seconds.toFixed(1)} s (${steps})`,
      );
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
