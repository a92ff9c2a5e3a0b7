import type { SwatchType } from '#app/domain/catalog/catalog.schema.ts';
import type { Motif } from '#db/seed/art/motifs.ts';
import type { Pattern } from '#db/seed/art/patterns.ts';
import type { FoodData } from '#app/domain/compliance/compliance.types.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';
import type { ImageInput, ProductInput, VariationInput } from '#db/seed/factories.ts';

// ---------------------------------------------------------------- types

export type DemoDeliveryTime = { slug: string; label: Localized; minDays: number; maxDays: number };
export type DemoDepositType = {
  slug: string;
  name: Localized;
  amount: number;
  packagingType: 'reusable' | 'disposable';
};
export type DemoManufacturer = {
  slug: string;
  name: string;
  postalAddress: string;
  email: string;
  url?: string;
};
export type DemoCategory = {
  slug: string;
  name: Localized;
  description?: Localized;
  parent?: string;
  /** Slug of the product whose main picture illustrates the category. */
  imageFrom?: string;
};
export type DemoAttribute = {
  slug: string;
  name: Localized;
  swatchType: SwatchType;
  terms: {
    slug: string;
    name: Localized;
    swatch?: { color?: string; label?: Localized; image?: ImageInput };
  }[];
};

/** References by slug, resolved to ids by the seed. */
type Refs = {
  deliveryTime?: string;
  deposit?: string;
  manufacturer?: string;
  responsiblePerson?: string;
};
type IdColumns =
  'deliveryTimeId' | 'depositTypeId' | 'manufacturerId' | 'responsiblePersonId' | 'imageId';

export type DemoVariation = Omit<VariationInput, IdColumns> & Refs;
export type DemoAttachment = {
  kind: 'safety' | 'manual' | 'datasheet';
  title: Localized;
  fileName: string;
  sheetTitle: string;
  lines: string[];
};
export type DemoProduct = Omit<
  ProductInput,
  IdColumns | 'categoryIds' | 'images' | 'attributes' | 'variations'
> &
  Refs & {
    slug: string;
    name: Localized;
    categories: string[];
    imageSpecs: ImageInput[];
    attributes?: { attribute: string; terms: string[]; variations?: boolean; visible?: boolean }[];
    variations?: DemoVariation[];
    attachments?: DemoAttachment[];
  };
export type DemoReview = {
  product: string;
  author: string;
  rating: number;
  content: string;
  locale: 'de' | 'en';
  daysAgo: number;
  verifiedOwner: boolean;
};

export type DemoCatalog = {
  owner: ShopOwner;
  deliveryTimes: DemoDeliveryTime[];
  depositTypes: DemoDepositType[];
  manufacturers: DemoManufacturer[];
  categories: DemoCategory[];
  attributes: DemoAttribute[];
  products: DemoProduct[];
  reviews: DemoReview[];
};

// ---------------------------------------------------------------- helpers

const L = (de: string, en: string): Localized => ({ de, en });

/** EAN-13 with a correct check digit; the 426… prefix is in the German GS1 range. */
export function ean13(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error(`EAN base must have 12 digits: ${base12}`);
  const sum = [...base12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return base12 + String((10 - (sum % 10)) % 10);
}
const ean = (n: number) => ean13(`4262571${String(n).padStart(5, '0')}`);
/** ISBN-13 (an EAN-13 in the 978 range) for the books. */
const isbn = (n: number) => ean13(`97839823${String(n).padStart(4, '0')}`);

type Look = {
  motif: Motif;
  color: string;
  accent: string;
  pattern?: Pattern;
  /** Second text line of the main picture, e.g. "500 g". */
  subtitle?: Localized;
  /** What the second picture shows, e.g. "Rückseite". */
  second?: Localized;
};

const SECOND_VIEW: Partial<Record<Motif, Localized>> = {
  tshirt: L('Rückseite', 'Back'),
  longsleeve: L('Rückseite', 'Back'),
  hoodie: L('Rückseite', 'Back'),
  sneaker: L('Paar, seitlich', 'Pair, side view'),
  slipper: L('Paar', 'Pair'),
  bag: L('Rückseite mit Aromaventil', 'Back with aroma valve'),
  bottle: L('Etikett und Schälchen', 'Label and dish'),
  wine: L('Im Glas', 'In the glass'),
  beer: L('Frisch gezapft', 'Freshly poured'),
  crate: L('Von oben', 'Top view'),
  book: L('Aufgeschlagen', 'Opened'),
  notebook: L('Innenseiten', 'Inside pages'),
  phone: L('Rückseite', 'Back'),
  tablet: L('Rückseite', 'Back'),
  fabric: L('Gefaltet', 'Folded'),
  cushion: L('Im Duo', 'As a pair'),
  candle: L('Im Set', 'As a set'),
  jar: L('Geöffnet', 'Opened'),
  tin: L('Geöffnet', 'Opened'),
};

function picture(
  key: string,
  name: Localized,
  look: Look,
  view: number,
  subtitle?: Localized,
  caption?: Localized,
): ImageInput {
  return {
    spec: {
      key,
      title: name.de,
      subtitle: subtitle?.de,
      color: look.color,
      accent: look.accent,
      motif: look.motif,
      view,
      pattern: look.pattern,
    },
    alt: subtitle ? L(`${name.de} – ${subtitle.de}`, `${name.en} – ${subtitle.en}`) : name,
    caption,
  };
}

/** Main picture plus a second one from another angle. */
function pictures(slug: string, name: Localized, look: Look): ImageInput[] {
  const second = look.second ?? SECOND_VIEW[look.motif] ?? L('Detailansicht', 'Detail view');
  return [
    picture(`${slug}-a`, name, look, 0, look.subtitle),
    picture(`${slug}-b`, name, look, 1, second, second),
  ];
}

export const COLORS: Record<string, { name: Localized; hex: string }> = {
  weiss: { name: L('Weiß', 'White'), hex: '#f3f1ea' },
  schwarz: { name: L('Schwarz', 'Black'), hex: '#26272b' },
  grau: { name: L('Grau', 'Grey'), hex: '#8c9096' },
  rot: { name: L('Rot', 'Red'), hex: '#b8372f' },
  blau: { name: L('Blau', 'Blue'), hex: '#2f5e8e' },
  navy: { name: L('Marineblau', 'Navy'), hex: '#1f2e4a' },
  gruen: { name: L('Grün', 'Green'), hex: '#3e7a4e' },
  gelb: { name: L('Gelb', 'Yellow'), hex: '#e4b43a' },
  senf: { name: L('Senfgelb', 'Mustard'), hex: '#c7972c' },
  rosa: { name: L('Rosa', 'Pink'), hex: '#e2a2b1' },
  beige: { name: L('Beige', 'Beige'), hex: '#d9c8a6' },
};

const SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'];
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

const PATTERNS: Record<
  string,
  { name: Localized; pattern: Pattern; color: string; accent: string }
> = {
  streifen: {
    name: L('Streifen', 'Stripes'),
    pattern: 'stripes',
    color: '#f1ece0',
    accent: '#2f5e8e',
  },
  punkte: { name: L('Punkte', 'Dots'), pattern: 'dots', color: '#b8372f', accent: '#f6efe2' },
  karo: { name: L('Karo', 'Check'), pattern: 'check', color: '#eef0e8', accent: '#3e7a4e' },
};

/** Close-up of a pattern, used as the image swatch of the pattern terms. */
function patternSwatch(term: string): ImageInput {
  const p = PATTERNS[term]!;
  return picture(
    `muster-${term}`,
    p.name,
    { motif: 'fabric', color: p.color, accent: p.accent, pattern: p.pattern },
    2,
    L('Muster', 'Pattern'),
  );
}

/** Deterministic but uneven stock levels. */
const stockAt = (i: number) => 2 + ((i * 7) % 17);

type Matrix = Pick<DemoProduct, 'imageSpecs' | 'attributes' | 'variations'>;

/**
 * Colour × size products: one picture per colour (shared by its sizes), managed stock per
 * variation and the listed combinations sold out.
 */
function colourMatrix(opts: {
  slug: string;
  name: Localized;
  sku: string;
  look: Omit<Look, 'color'>;
  colours: string[];
  sizeAttribute?: 'size' | 'shoe-size' | 'sock-size';
  sizes?: string[];
  soldOut?: string[];
  /** Combinations ("colour/size") the shop does not offer at all: no variation exists. */
  notOffered?: string[];
  extraAttributes?: NonNullable<DemoProduct['attributes']>;
  each?: (colour: string, size: string | undefined, index: number) => Partial<DemoVariation>;
}): Matrix {
  const {
    slug,
    name,
    look,
    colours,
    sizes = [],
    sizeAttribute = 'size',
    soldOut = [],
    notOffered = [],
  } = opts;
  const colourPicture = (colour: string) =>
    picture(
      `${slug}-${colour}`,
      name,
      { ...look, color: COLORS[colour]!.hex },
      0,
      COLORS[colour]!.name,
    );
  const firstColour = { ...look, color: COLORS[colours[0]!]!.hex };
  const second = look.second ?? SECOND_VIEW[look.motif] ?? L('Detailansicht', 'Detail view');
  const variations: DemoVariation[] = [];
  const combos = sizes.length
    ? colours.flatMap((c) => sizes.map((s) => [c, s] as const))
    : colours.map((c) => [c, undefined] as const);
  combos.forEach(([colour, size], i) => {
    const id = size ? `${colour}/${size}` : colour;
    if (notOffered.includes(id)) return;
    variations.push({
      attributes: size ? { color: colour, [sizeAttribute]: size } : { color: colour },
      sku: `${opts.sku}-${colour.toUpperCase()}${size ? `-${size.toUpperCase()}` : ''}`,
      manageStock: true,
      stockQuantity: soldOut.includes(id) ? 0 : stockAt(i),
      imageSpec: colourPicture(colour),
      ...opts.each?.(colour, size, i),
    });
  });
  return {
    imageSpecs: [
      colourPicture(colours[0]!),
      picture(`${slug}-b`, name, firstColour, 1, second, second),
    ],
    attributes: [
      { attribute: 'color', terms: colours, variations: true },
      ...(sizes.length ? [{ attribute: sizeAttribute, terms: sizes, variations: true }] : []),
      ...(opts.extraAttributes ?? []),
    ],
    variations,
  };
}

/** Pattern variations of textiles, pictured in their pattern. */
function patternMatrix(opts: {
  slug: string;
  name: Localized;
  sku: string;
  motif: Motif;
  stock: Record<string, number>;
}): Matrix {
  const terms = Object.keys(opts.stock);
  const patternPicture = (term: string, view = 0) => {
    const p = PATTERNS[term]!;
    return picture(
      view ? `${opts.slug}-b` : `${opts.slug}-${term}`,
      opts.name,
      { motif: opts.motif, color: p.color, accent: p.accent, pattern: p.pattern },
      view,
      view ? (SECOND_VIEW[opts.motif] ?? L('Detailansicht', 'Detail view')) : p.name,
    );
  };
  return {
    imageSpecs: [patternPicture(terms[0]!), patternPicture(terms[0]!, 1)],
    attributes: [{ attribute: 'pattern', terms, variations: true }],
    variations: terms.map((term) => ({
      attributes: { pattern: term },
      sku: `${opts.sku}-${term.toUpperCase()}`,
      manageStock: true,
      stockQuantity: opts.stock[term]!,
      imageSpec: patternPicture(term),
    })),
  };
}

type Nutrients = FoodData['nutrients'];
const nutrients = (
  kj: number,
  kcal: number,
  fat: number,
  sat: number,
  carbs: number,
  sugars: number,
  protein: number,
  salt: number,
  fibre?: number,
): Nutrients => ({
  energy_kj: kj,
  energy_kcal: kcal,
  fat,
  saturated_fat: sat,
  carbohydrates: carbs,
  sugars,
  ...(fibre === undefined ? {} : { fibre }),
  protein,
  salt,
});

// ---------------------------------------------------------------- catalogue

export function buildDemoCatalog(now: Date = new Date()): DemoCatalog {
  const day = 24 * 60 * 60 * 1000;
  const inDays = (n: number) => new Date(now.getTime() + n * day);

  const owner: ShopOwner = {
    name: 'Ladenzeile Demo GmbH',
    street: 'Kirschblütenhof 12',
    postcode: '04109',
    city: 'Leipzig',
    country: 'DE',
    email: 'kontakt@ladenzeile-demo.example',
    phone: '+49 341 5550123',
    vatId: 'DE814725633',
    register: 'Amtsgericht Leipzig, HRB 99817',
    representative: 'Jana Beispiel',
  };

  const deliveryTimes: DemoDeliveryTime[] = [
    { slug: '1-3-werktage', label: L('1–3 Werktage', '1–3 working days'), minDays: 1, maxDays: 3 },
    { slug: '3-5-werktage', label: L('3–5 Werktage', '3–5 working days'), minDays: 3, maxDays: 5 },
    { slug: '5-7-werktage', label: L('5–7 Werktage', '5–7 working days'), minDays: 5, maxDays: 7 },
    { slug: '2-3-wochen', label: L('2–3 Wochen', '2–3 weeks'), minDays: 10, maxDays: 15 },
  ];

  /*
   * Deposit model: a product references the deposit type of the containers it consists of and
   * `depositQuantity` counts them, so the deposit shown is amount × quantity (a crate of
   * 20 Mehrweg bottles: 20 × 0,08 €). A product holds one deposit reference, so the crate's own
   * deposit ("Bierkasten") cannot be added on top of the bottles; the type is kept for crates
   * sold or taken back on their own.
   */
  const depositTypes: DemoDepositType[] = [
    {
      slug: 'mehrweg-glasflasche',
      name: L('Mehrweg-Glasflasche', 'Reusable glass bottle'),
      amount: 8,
      packagingType: 'reusable',
    },
    {
      slug: 'mehrweg-brunnenflasche',
      name: L('Mehrweg-Brunnenflasche', 'Reusable mineral water bottle'),
      amount: 15,
      packagingType: 'reusable',
    },
    {
      slug: 'einweg-pfand',
      name: L('Einweg-Pfand', 'Single-use deposit'),
      amount: 25,
      packagingType: 'disposable',
    },
    {
      slug: 'bierkasten',
      name: L('Bierkasten', 'Beer crate'),
      amount: 150,
      packagingType: 'reusable',
    },
  ];

  const manufacturers: DemoManufacturer[] = [
    {
      slug: 'roesterei-suedvorstadt',
      name: 'Rösterei Südvorstadt GmbH',
      postalAddress: 'Kochstraße 88, 04275 Leipzig, Deutschland',
      email: 'info@roesterei-suedvorstadt.example',
      url: 'https://roesterei-suedvorstadt.example',
    },
    {
      slug: 'olivar-messinias',
      name: 'Olivar Messinias A.E.',
      postalAddress: 'Odos Eleon 14, 24100 Kalamata, Griechenland',
      email: 'export@olivar-messinias.example',
    },
    {
      slug: 'gewuerzkontor-hansen',
      name: 'Gewürzkontor Hansen KG',
      postalAddress: 'Speicherweg 3, 20457 Hamburg, Deutschland',
      email: 'service@gewuerzkontor-hansen.example',
      url: 'https://gewuerzkontor-hansen.example',
    },
    {
      slug: 'brauerei-connewitz',
      name: 'Brauerei Connewitz GmbH',
      postalAddress: 'Hopfengasse 5, 04277 Leipzig, Deutschland',
      email: 'post@brauerei-connewitz.example',
    },
    {
      slug: 'weingut-kessler',
      name: 'Weingut Kessler & Söhne',
      postalAddress: 'Weinstraße 112, 67483 Edesheim, Deutschland',
      email: 'wein@weingut-kessler.example',
    },
    {
      slug: 'nordstoff-textil',
      name: 'Nordstoff Textil GmbH',
      postalAddress: 'Weberstraße 21, 48599 Gronau, Deutschland',
      email: 'kontakt@nordstoff-textil.example',
      url: 'https://nordstoff-textil.example',
    },
    {
      slug: 'laufwerk-schuhe',
      name: 'Laufwerk Schuhmanufaktur GmbH',
      postalAddress: 'Ledergasse 9, 66953 Pirmasens, Deutschland',
      email: 'service@laufwerk-schuhe.example',
    },
    {
      slug: 'brightvolt',
      name: 'Shenzhen Brightvolt Electronics Co., Ltd.',
      postalAddress: 'Building 7, 18 Keji Road, Nanshan District, 518057 Shenzhen, China',
      email: 'compliance@brightvolt.example',
      url: 'https://brightvolt.example',
    },
    {
      slug: 'eu-produktverantwortung-ost',
      name: 'EU-Produktverantwortung Ost GmbH',
      postalAddress: 'Hafenstraße 40, 04179 Leipzig, Deutschland',
      email: 'gpsr@eu-produktverantwortung.example',
    },
    {
      slug: 'klangfabrik-audio',
      name: 'Klangfabrik Audio ApS',
      postalAddress: 'Havnegade 31, 1058 København, Dänemark',
      email: 'support@klangfabrik.example',
    },
    {
      slug: 'holzwerk-erzgebirge',
      name: 'Holzwerk Erzgebirge e. K.',
      postalAddress: 'Spielzeugweg 2, 09548 Seiffen, Deutschland',
      email: 'info@holzwerk-erzgebirge.example',
    },
    {
      slug: 'pluschwerk-sonneberg',
      name: 'Plüschwerk Sonneberg GmbH',
      postalAddress: 'Bärenstraße 6, 96515 Sonneberg, Deutschland',
      email: 'hallo@pluschwerk.example',
    },
    {
      slug: 'wohnwerk-lausitz',
      name: 'Wohnwerk Lausitz GmbH',
      postalAddress: 'Töpferstraße 15, 02943 Weißwasser, Deutschland',
      email: 'info@wohnwerk-lausitz.example',
    },
    {
      slug: 'verlag-am-auwald',
      name: 'Verlag am Auwald',
      postalAddress: 'Auwaldweg 3, 04229 Leipzig, Deutschland',
      email: 'lektorat@verlag-am-auwald.example',
    },
    {
      slug: 'renew-technik',
      name: 'ReNew Technik GmbH',
      postalAddress: 'Werkstättenstraße 4, 04356 Leipzig, Deutschland',
      email: 'service@renew-technik.example',
      url: 'https://renew-technik.example',
    },
  ];

  const categories: DemoCategory[] = [
    {
      slug: 'lebensmittel',
      name: L('Lebensmittel', 'Food'),
      description: L(
        'Kaffee, Tee und Feinkost von kleinen Röstereien und Erzeugern.',
        'Coffee, tea and delicacies from small roasters and producers.',
      ),
      imageFrom: 'espresso-hausroestung',
    },
    { slug: 'kaffee-tee', name: L('Kaffee & Tee', 'Coffee & tea'), parent: 'lebensmittel' },
    { slug: 'feinkost', name: L('Feinkost', 'Delicatessen'), parent: 'lebensmittel' },
    {
      slug: 'getraenke',
      name: L('Getränke', 'Drinks'),
      description: L(
        'Bier, Wein und Erfrischendes – auch im Kasten.',
        'Beer, wine and soft drinks – crates included.',
      ),
      imageFrom: 'riesling-trocken',
    },
    { slug: 'bier', name: L('Bier', 'Beer'), parent: 'getraenke' },
    { slug: 'wein', name: L('Wein & Sekt', 'Wine & sparkling'), parent: 'getraenke' },
    { slug: 'alkoholfrei', name: L('Alkoholfrei', 'Non-alcoholic'), parent: 'getraenke' },
    {
      slug: 'mode',
      name: L('Mode', 'Fashion'),
      description: L('Fair produzierte Kleidung und Schuhe.', 'Fairly made clothing and shoes.'),
      imageFrom: 'basic-tshirt-bio',
    },
    { slug: 't-shirts', name: L('T-Shirts & Pullover', 'T-shirts & sweaters'), parent: 'mode' },
    { slug: 'schuhe', name: L('Schuhe', 'Shoes'), parent: 'mode' },
    { slug: 'accessoires', name: L('Accessoires', 'Accessories'), parent: 'mode' },
    {
      slug: 'elektronik',
      name: L('Elektronik', 'Electronics'),
      description: L('Laden, hören, leuchten.', 'Charging, listening, lighting.'),
      imageFrom: 'bluetooth-kopfhoerer',
    },
    {
      slug: 'laden-zubehoer',
      name: L('Laden & Zubehör', 'Charging & accessories'),
      parent: 'elektronik',
    },
    { slug: 'audio', name: L('Audio', 'Audio'), parent: 'elektronik' },
    {
      slug: 'spielzeug',
      name: L('Spielzeug', 'Toys'),
      description: L(
        'Spielzeug aus Holz und Stoff, geprüft nach EN 71.',
        'Wooden and soft toys, tested to EN 71.',
      ),
      imageFrom: 'holzbausteine-50',
    },
    {
      slug: 'wohnen-stoffe',
      name: L('Wohnen & Stoffe', 'Home & fabrics'),
      description: L(
        'Stoffe als Meterware und Schönes fürs Zuhause.',
        'Fabrics by the metre and nice things for your home.',
      ),
      imageFrom: 'baumwollstoff-meterware',
    },
    { slug: 'stoffe', name: L('Stoffe', 'Fabrics'), parent: 'wohnen-stoffe' },
    {
      slug: 'wohnaccessoires',
      name: L('Wohnaccessoires', 'Home accessories'),
      parent: 'wohnen-stoffe',
    },
    {
      slug: 'buecher',
      name: L('Bücher & Papeterie', 'Books & stationery'),
      description: L(
        'Lesestoff aus Leipzig und Notizbücher.',
        'Reading from Leipzig and notebooks.',
      ),
      imageFrom: 'kochbuch-saechsische-kueche',
    },
    {
      slug: 'refurbished',
      name: L('Refurbished', 'Refurbished'),
      description: L(
        'Geprüfte, generalüberholte Geräte mit 12 Monaten Gewährleistung.',
        'Tested, refurbished devices with a 12-month warranty.',
      ),
      imageFrom: 'smartphone-refurbished',
    },
  ];

  const attributes: DemoAttribute[] = [
    {
      slug: 'color',
      name: L('Farbe', 'Colour'),
      swatchType: 'color',
      terms: Object.entries(COLORS).map(([slug, c]) => ({
        slug,
        name: c.name,
        swatch: { color: c.hex },
      })),
    },
    {
      slug: 'size',
      name: L('Größe', 'Size'),
      swatchType: 'label',
      terms: SIZES.map((s) => ({
        slug: s,
        name: L(s.toUpperCase(), s.toUpperCase()),
        swatch: { label: L(s.toUpperCase(), s.toUpperCase()) },
      })),
    },
    {
      slug: 'shoe-size',
      name: L('Schuhgröße', 'Shoe size'),
      swatchType: 'label',
      terms: SHOE_SIZES.map((s) => ({
        slug: s,
        name: L(s, `EU ${s}`),
        swatch: { label: L(s, s) },
      })),
    },
    {
      slug: 'sock-size',
      name: L('Sockengröße', 'Sock size'),
      swatchType: 'label',
      terms: [
        ['35-38', '35–38'],
        ['39-42', '39–42'],
        ['43-46', '43–46'],
      ].map(([slug, label]) => ({
        slug: slug!,
        name: L(label!, `EU ${label}`),
        swatch: { label: L(label!, label!) },
      })),
    },
    {
      slug: 'pattern',
      name: L('Muster', 'Pattern'),
      swatchType: 'image',
      terms: Object.entries(PATTERNS).map(([slug, p]) => ({
        slug,
        name: p.name,
        swatch: { image: patternSwatch(slug) },
      })),
    },
    {
      slug: 'pack-size',
      name: L('Packungsgröße', 'Pack size'),
      swatchType: 'select',
      terms: [
        { slug: '500-g', name: L('500 g', '500 g') },
        { slug: '1-kg', name: L('1 kg', '1 kg') },
      ],
    },
    {
      slug: 'grind',
      name: L('Mahlgrad', 'Grind'),
      swatchType: 'select',
      terms: [
        { slug: 'ganze-bohne', name: L('Ganze Bohne', 'Whole bean') },
        { slug: 'gemahlen', name: L('Gemahlen (Siebträger)', 'Ground (espresso)') },
      ],
    },
    {
      slug: 'material',
      name: L('Material', 'Material'),
      swatchType: 'select',
      terms: [
        { slug: 'bio-baumwolle', name: L('Bio-Baumwolle', 'Organic cotton') },
        { slug: 'leinen', name: L('Leinen', 'Linen') },
        { slug: 'merinowolle', name: L('Merinowolle', 'Merino wool') },
        { slug: 'schurwolle', name: L('Schurwolle', 'New wool') },
        { slug: 'buchenholz', name: L('Buchenholz', 'Beech wood') },
        { slug: 'steinzeug', name: L('Steinzeug', 'Stoneware') },
        { slug: 'recyceltes-polyester', name: L('Recyceltes Polyester', 'Recycled polyester') },
        { slug: 'leder', name: L('Leder', 'Leather') },
      ],
    },
    {
      slug: 'condition',
      name: L('Zustand', 'Condition'),
      swatchType: 'select',
      terms: [
        { slug: 'wie-neu', name: L('Wie neu', 'Like new') },
        { slug: 'sehr-gut', name: L('Sehr gut', 'Very good') },
        { slug: 'gut', name: L('Gut', 'Good') },
      ],
    },
  ];

  // Shared texts --------------------------------------------------------------

  const coffeeFood = (net: string): FoodData => ({
    description: L(
      'Nährwerte je 100 ml zubereitetem Kaffee',
      'Nutrition per 100 ml of brewed coffee',
    ),
    nutriScore: 'B',
    nutrientReference: 'ml',
    nutrients: nutrients(8, 2, 0, 0, 0.3, 0, 0.2, 0),
    ingredients: L('100 % Röstkaffee', '100 % roasted coffee'),
    allergens: [],
    distributor: 'Rösterei Südvorstadt GmbH, Kochstraße 88, 04275 Leipzig',
    placeOfOrigin: L('Brasilien, Indien; geröstet in Leipzig', 'Brazil, India; roasted in Leipzig'),
    netFillingQuantity: net,
  });
  const wineFood = (
    kj: number,
    kcal: number,
    carbs: number,
    sugars: number,
    alcohol: number,
  ): FoodData => ({
    nutrientReference: 'ml',
    nutrients: nutrients(kj, kcal, 0, 0, carbs, sugars, 0, 0),
    ingredients: L(
      'Trauben, Säureregulator: Weinsäure, Konservierungsstoff: Sulfite',
      'Grapes, acidity regulator: tartaric acid, preservative: sulphites',
    ),
    allergens: ['sulphites'],
    distributor: 'Weingut Kessler & Söhne, Weinstraße 112, 67483 Edesheim',
    placeOfOrigin: L('Deutschland, Pfalz', 'Germany, Palatinate'),
    netFillingQuantity: '0,75 l',
    alcoholContent: alcohol,
  });
  const beerFood = (
    net: string,
    kj: number,
    kcal: number,
    carbs: number,
    alcohol?: number,
  ): FoodData => ({
    nutrientReference: 'ml',
    nutrients: nutrients(kj, kcal, 0, 0, carbs, alcohol === undefined ? 3.4 : 0.3, 0.4, 0.01),
    ingredients: L(
      'Wasser, Gerstenmalz, Weizenmalz, Hopfen, Hefe',
      'Water, barley malt, wheat malt, hops, yeast',
    ),
    allergens: ['gluten'],
    distributor: 'Brauerei Connewitz GmbH, Hopfengasse 5, 04277 Leipzig',
    placeOfOrigin: L('Gebraut in Leipzig', 'Brewed in Leipzig'),
    netFillingQuantity: net,
    ...(alcohol === undefined ? { nutriScore: 'B' as const } : { alcoholContent: alcohol }),
  });
  const spiceFood = (
    ingredients: Localized,
    origin: Localized,
    n: Nutrients,
    allergens: FoodData['allergens'] = [],
  ): FoodData => ({
    nutrientReference: 'g',
    nutrients: n,
    ingredients,
    allergens,
    distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
    placeOfOrigin: origin,
    netFillingQuantity: '50 g',
  });

  const toySafety = L(
    'Achtung! Nicht für Kinder unter 3 Jahren geeignet. Erstickungsgefahr wegen verschluckbarer Kleinteile. Bitte Anschrift und Hinweise aufbewahren.',
    'Warning! Not suitable for children under 3 years. Choking hazard – small parts. Please keep the address and this information.',
  );
  const electronicsSafety = L(
    'Nur in trockenen Innenräumen verwenden. Nicht abdecken und nicht in der Nähe von Wasser betreiben. Bei beschädigtem Gehäuse oder Kabel nicht weiter verwenden.',
    'Use indoors in dry rooms only. Do not cover or operate near water. Stop using it if the housing or cable is damaged.',
  );
  const batterySafety = L(
    'Enthält einen Lithium-Ionen-Akku. Nicht öffnen, nicht ins Feuer werfen und nicht über 45 °C lagern. Altgeräte und Akkus gehören nicht in den Hausmüll.',
    'Contains a lithium-ion battery. Do not open, do not throw into fire and do not store above 45 °C. Do not dispose of old devices and batteries with household waste.',
  );
  const refurbishedTax = L(
    'Differenzbesteuert nach § 25a UStG – die Umsatzsteuer wird nicht gesondert ausgewiesen.',
    'Margin scheme under Section 25a of the German VAT Act – VAT is not shown separately.',
  );
  const textileCare = L(
    'Waschbar bei 30 °C, nicht im Trockner trocknen, links bügeln.',
    'Machine washable at 30 °C, do not tumble dry, iron inside out.',
  );

  // Products ------------------------------------------------------------------

  const products: DemoProduct[] = [];
  const add = (p: DemoProduct) => products.push(p);

  // Kaffee & Tee

  {
    const name = L('Espresso Hausröstung', 'House Roast Espresso');
    const slug = 'espresso-hausroestung';
    const grinds = ['ganze-bohne', 'gemahlen'];
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Kräftiger Espresso mit Noten von Zartbitterschokolade und Haselnuss.',
        'A bold espresso with notes of dark chocolate and hazelnut.',
      ),
      description: L(
        'Unsere Hausmischung aus 80 % brasilianischem Arabica und 20 % indischem Robusta wird in kleinen Chargen langsam im Trommelröster geröstet. Das Ergebnis: eine dichte Crema, wenig Säure und ein langer, schokoladiger Abgang.\n\nIdeal für den Siebträger, aber auch im Vollautomaten und in der Herdkanne ein Genuss. Wählen Sie zwischen ganzer Bohne und frisch gemahlen.',
        'Our house blend of 80 % Brazilian Arabica and 20 % Indian Robusta is slow-roasted in small batches in a drum roaster. The result: a thick crema, low acidity and a long, chocolatey finish.\n\nPerfect for portafilter machines, and just as good in a bean-to-cup machine or a moka pot. Choose whole beans or freshly ground.',
      ),
      sku: 'LZ-KAF-ESP',
      gtin: ean(101),
      regularPrice: 1249,
      taxClass: 'reduced',
      weightKg: 0.52,
      lengthCm: 20,
      widthCm: 12,
      heightCm: 7,
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'roesterei-suedvorstadt',
      food: coffeeFood('500 g'),
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: [
        ...pictures(slug, name, {
          motif: 'bag',
          color: '#2f3b32',
          accent: '#c9893a',
          subtitle: L('500 g · Bohne oder gemahlen', '500 g · whole or ground'),
        }),
        // The third picture is the poster of a roasting film, played in the gallery.
        {
          ...picture(
            `${slug}-video`,
            name,
            { motif: 'bag', color: '#2f3b32', accent: '#c9893a' },
            2,
            L('Video: So rösten wir', 'Video: how we roast'),
          ),
          video: { provider: 'youtube', id: 'aqz-KE-bpKQ' },
        },
      ],
      attributes: [
        { attribute: 'pack-size', terms: ['500-g', '1-kg'], variations: true },
        { attribute: 'grind', terms: grinds, variations: true },
      ],
      variations: [
        ...grinds.map((grind, i) => ({
          attributes: { 'pack-size': '500-g', grind },
          sku: `LZ-KAF-ESP-500-${i + 1}`,
          manageStock: true,
          stockQuantity: 30 - i * 12,
        })),
        // The 1 kg bag changes price, weight, EAN and the quantity behind the unit price.
        ...grinds.map((grind, i) => ({
          attributes: { 'pack-size': '1-kg', grind },
          sku: `LZ-KAF-ESP-1000-${i + 1}`,
          gtin: ean(102 + i),
          regularPrice: 2290,
          weightKg: 1.03,
          heightCm: 9,
          productUnits: 1,
          food: coffeeFood('1 kg'),
          manageStock: true,
          stockQuantity: i === 0 ? 9 : 0,
        })),
      ],
    });
  }
  {
    const name = L('Café Crema Bohnen 500 g', 'Café Crema Beans 500 g');
    const slug = 'cafe-crema-bohnen';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Milder Café Crema aus 100 % Arabica – für den Vollautomaten gemacht.',
        'A smooth café crema from 100 % Arabica, made for bean-to-cup machines.',
      ),
      description: L(
        'Hell geröstete Arabica-Bohnen aus Minas Gerais mit feiner Süße und Aromen von Karamell und Mandel. Bekömmlich, ausgewogen und ideal für den großen Kaffee am Morgen.\n\nDas Aromaventil hält die Bohnen nach dem Öffnen frisch. Nach dem Öffnen kühl und trocken lagern.',
        'Light-roasted Arabica beans from Minas Gerais with a gentle sweetness and hints of caramel and almond. Mild, balanced and ideal for a big morning cup.\n\nThe aroma valve keeps the beans fresh once opened. Store in a cool, dry place after opening.',
      ),
      sku: 'LZ-KAF-CRE',
      gtin: ean(104),
      regularPrice: 1199,
      taxClass: 'reduced',
      weightKg: 0.52,
      lengthCm: 20,
      widthCm: 12,
      heightCm: 7,
      manageStock: true,
      stockQuantity: 84,
      lowStockAmount: 15,
      maxQuantity: 12,
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'roesterei-suedvorstadt',
      food: { ...coffeeFood('500 g'), placeOfOrigin: L('Brasilien', 'Brazil') },
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'bag',
        color: '#c25b2e',
        accent: '#f0d29a',
        subtitle: L('100 % Arabica', '100 % Arabica'),
      }),
    });
  }
  {
    const name = L('Filterkaffee Mild, gemahlen 250 g', 'Mild Filter Coffee, ground 250 g');
    const slug = 'filterkaffee-mild';
    add({
      slug,
      name,
      shortDescription: L(
        'Ausgewogener Filterkaffee für Handfilter und Kaffeemaschine.',
        'A balanced filter coffee for pour-over and drip machines.',
      ),
      description: L(
        'Mittelfein gemahlen für Handfilter, French Press und Filtermaschine. Fruchtige Noten von roten Beeren treffen auf eine milde Nussigkeit – ein Kaffee für die ganze Kanne.',
        'Medium-fine grind for pour-over, French press and drip machines. Fruity notes of red berries meet a gentle nuttiness – a coffee for the whole pot.',
      ),
      sku: 'LZ-KAF-FIL',
      gtin: ean(105),
      regularPrice: 549,
      // Reduced five days ago; db/seed/demo-price-history.ts gives it the weeks before.
      salePrice: 479,
      saleFrom: inDays(-5),
      taxClass: 'reduced',
      weightKg: 0.27,
      unit: 'kg',
      productUnits: 0.25,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'roesterei-suedvorstadt',
      food: {
        ...coffeeFood('250 g'),
        placeOfOrigin: L('Äthiopien, Kolumbien', 'Ethiopia, Colombia'),
      },
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'bag',
        color: '#3f6e8c',
        accent: '#e7c873',
        subtitle: L('250 g · gemahlen', '250 g · ground'),
      }),
    });
  }
  {
    const name = L('Grüner Tee Sencha 100 g', 'Sencha Green Tea 100 g');
    const slug = 'gruener-tee-sencha';
    add({
      slug,
      name,
      shortDescription: L(
        'Frischer, grasiger Sencha aus Shizuoka.',
        'Fresh, grassy sencha from Shizuoka.',
      ),
      description: L(
        'Die Blätter werden nach der Ernte kurz gedämpft und behalten so ihr leuchtendes Grün. Mit 70–80 °C heißem Wasser aufgießen und höchstens zwei Minuten ziehen lassen; ein zweiter Aufguss lohnt sich.',
        'The leaves are briefly steamed after picking and keep their vivid green. Brew with water at 70–80 °C for no more than two minutes; a second infusion is well worth it.',
      ),
      sku: 'LZ-TEE-SEN',
      gtin: ean(106),
      regularPrice: 799,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.13,
      unit: 'g',
      productUnits: 100,
      unitBase: 100,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        description: L('Nährwerte je 100 ml Aufguss', 'Nutrition per 100 ml of brewed tea'),
        nutriScore: 'B',
        nutrientReference: 'ml',
        nutrients: nutrients(4, 1, 0, 0, 0.2, 0, 0.1, 0),
        ingredients: L('Grüner Tee', 'Green tea'),
        allergens: [],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Japan, Shizuoka', 'Japan, Shizuoka'),
        netFillingQuantity: '100 g',
      },
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'tin',
        color: '#6c9a4b',
        accent: '#f2e6c4',
        subtitle: L('Japan · 100 g', 'Japan · 100 g'),
      }),
    });
  }
  {
    // A subscription with a sign-up fee: the first order charges price and fee, then the
    // price every month (decision 0032).
    const name = L(
      'Kaffee-Abo Röstfrisch, 500 g im Monat',
      'Fresh Roast Coffee Subscription, 500 g a month',
    );
    const slug = 'kaffee-abo-roestfrisch';
    add({
      slug,
      name,
      shortDescription: L(
        'Jeden Monat 500 g frisch gerösteten Kaffee der Saison, ganze Bohne. Jederzeit kündbar.',
        'Every month 500 g of freshly roasted seasonal coffee, whole bean. Cancel any time.',
      ),
      description: L(
        'Unsere Rösterei wählt jeden Monat einen Kaffee der Saison aus und schickt ihn Ihnen wenige Tage nach der Röstung. Die einmalige Anmeldegebühr deckt die wiederverschließbare Vorratsdose, die mit der ersten Lieferung kommt. Kündigen Sie jederzeit in Ihrem Kundenkonto zum Ende des bezahlten Monats.',
        'Our roastery picks a seasonal coffee every month and sends it to you a few days after roasting. The one-time sign-up fee covers the resealable storage tin that comes with the first delivery. Cancel any time in your account, effective at the end of the paid month.',
      ),
      sku: 'LZ-ABO-KAF',
      gtin: ean(154),
      regularPrice: 1490,
      subscription: { period: 'month', interval: 1, trialDays: 0, signUpFee: 490, length: null },
      taxClass: 'reduced',
      weightKg: 0.53,
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'roesterei-suedvorstadt',
      food: {
        ...coffeeFood('500 g'),
        placeOfOrigin: L('wechselnd, je nach Saison', 'changing with the season'),
      },
      soldIndividually: true,
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'bag',
        color: '#5a3e2b',
        accent: '#f2c14e',
        subtitle: L('Abo · 500 g im Monat', 'Subscription · 500 g a month'),
      }),
    });
  }
  {
    // A free trial: nothing is due today, so the checkout keeps the payment method with a
    // setup intent and charges the first month when the trial ends.
    const name = L('Barista-Akademie online, Monatsabo', 'Online Barista Academy, monthly');
    const slug = 'barista-akademie-abo';
    add({
      slug,
      name,
      shortDescription: L(
        'Videokurse rund um Espresso, Milchschaum und Filterkaffee. 14 Tage gratis testen, danach 6,90 € im Monat.',
        'Video courses on espresso, milk foam and filter coffee. 14-day free trial, then € 6.90 a month.',
      ),
      description: L(
        'Über 40 Lektionen von unseren Röstmeistern: Mahlgrad und Extraktion, Latte Art, Handfilter und French Press. Jeden Monat kommt eine neue Lektion hinzu. Der Zugang beginnt sofort nach der Bestellung; in den ersten 14 Tagen wird nichts abgebucht, und wer vorher kündigt, zahlt nichts.',
        'More than 40 lessons from our roasters: grind and extraction, latte art, pour-over and French press. A new lesson is added every month. Access starts right after ordering; nothing is charged during the first 14 days, and cancelling before then costs nothing.',
      ),
      sku: 'LZ-ABO-BAR',
      regularPrice: 690,
      subscription: { period: 'month', interval: 1, trialDays: 14, signUpFee: 0, length: null },
      taxClass: 'standard',
      digital: true,
      soldIndividually: true,
      manufacturer: 'roesterei-suedvorstadt',
      categories: ['kaffee-tee'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#2f4858',
        accent: '#f6ae2d',
        subtitle: L('14 Tage gratis', '14-day free trial'),
      }),
    });
  }
  {
    const name = L('Früchtetee Beerenzauber, 20 Beutel', 'Berry Magic Fruit Tea, 20 bags');
    const slug = 'fruechtetee-beerenzauber';
    add({
      slug,
      name,
      shortDescription: L(
        'Fruchtig-säuerlicher Früchtetee, auch kalt ein Genuss.',
        'A tangy fruit tea that is lovely iced, too.',
      ),
      description: L(
        'Hibiskus, Hagebutte und Holunderbeeren sorgen für die kräftige rote Farbe, Apfelstücke für eine natürliche Süße. Mit sprudelnd kochendem Wasser übergießen und 8 bis 10 Minuten ziehen lassen.',
        'Hibiscus, rose hip and elderberries give it its deep red colour, apple pieces a natural sweetness. Pour on boiling water and steep for 8 to 10 minutes.',
      ),
      sku: 'LZ-TEE-BEE',
      gtin: ean(107),
      regularPrice: 349,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.08,
      // 20 bags of 2.5 g; small packs are priced per 100 g.
      unit: 'g',
      productUnits: 50,
      unitBase: 100,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        description: L('Nährwerte je 100 ml Aufguss', 'Nutrition per 100 ml of brewed tea'),
        nutriScore: 'B',
        nutrientReference: 'ml',
        nutrients: nutrients(8, 2, 0, 0, 0.4, 0.2, 0, 0),
        ingredients: L(
          'Hibiskusblüten, Apfelstücke, Hagebuttenschalen, Holunderbeeren (8 %), Brombeerblätter, natürliches Aroma',
          'Hibiscus flowers, apple pieces, rose hip peel, elderberries (8 %), blackberry leaves, natural flavouring',
        ),
        allergens: [],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L(
          'Zutaten aus EU- und Nicht-EU-Landwirtschaft',
          'EU and non-EU agriculture',
        ),
        netFillingQuantity: '50 g (20 × 2,5 g)',
      },
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'box',
        color: '#9c2d4f',
        accent: '#f3b7c6',
        subtitle: L('20 Teebeutel', '20 tea bags'),
      }),
    });
  }
  {
    const name = L('Trinkschokolade Zartbitter 250 g', 'Dark Drinking Chocolate 250 g');
    const slug = 'trinkschokolade-zartbitter';
    add({
      slug,
      name,
      shortDescription: L(
        'Kakaopulver mit 32 % Kakao für heiße Schokolade.',
        'Cocoa powder with 32 % cocoa for hot chocolate.',
      ),
      description: L(
        'Drei gehäufte Teelöffel in 200 ml heiße Milch oder Haferdrink einrühren – fertig ist die cremige Trinkschokolade. Mit echtem Kakao, ohne Aromen.',
        'Stir three heaped teaspoons into 200 ml of hot milk or oat drink for a creamy hot chocolate. Made with real cocoa and no flavourings.',
      ),
      sku: 'LZ-KAK-ZAR',
      gtin: ean(108),
      regularPrice: 649,
      taxClass: 'reduced',
      weightKg: 0.3,
      unit: 'kg',
      productUnits: 0.25,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'D',
        nutrientReference: 'g',
        nutrients: nutrients(1590, 379, 10, 6.2, 58, 50, 7, 0.05, 9),
        ingredients: L(
          'Zucker, fettarmes Kakaopulver (32 %), Kakaomasse, Emulgator: Sojalecithine',
          'Sugar, fat-reduced cocoa powder (32 %), cocoa mass, emulsifier: soy lecithins',
        ),
        allergens: ['soy'],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Hergestellt in Deutschland', 'Made in Germany'),
        netFillingQuantity: '250 g',
      },
      categories: ['kaffee-tee', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'tin',
        color: '#5a3422',
        accent: '#e6b980',
        subtitle: L('32 % Kakao', '32 % cocoa'),
      }),
    });
  }

  // Feinkost

  {
    const name = L('Olivenöl nativ extra 0,75 l', 'Extra Virgin Olive Oil 0.75 l');
    const slug = 'olivenoel-nativ-extra';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Kaltgepresstes Olivenöl aus Koroneiki-Oliven, Ernte 2024/25.',
        'Cold-pressed olive oil from Koroneiki olives, 2024/25 harvest.',
      ),
      description: L(
        'Die Oliven werden früh geerntet und noch am selben Tag kalt gepresst. Das Öl schmeckt grün und fruchtig nach frischem Gras und Artischocke, mit einer angenehmen Schärfe im Abgang.\n\nKühl, dunkel und aufrecht lagern. Eine leichte Trübung durch natürliche Schwebstoffe ist ein Qualitätsmerkmal.',
        'The olives are harvested early and cold-pressed on the same day. The oil tastes green and fruity of fresh grass and artichoke, with a pleasant peppery finish.\n\nStore cool, dark and upright. Slight cloudiness from natural sediment is a sign of quality.',
      ),
      sku: 'LZ-OEL-OLI',
      gtin: ean(111),
      regularPrice: 1495,
      taxClass: 'reduced',
      weightKg: 1.25,
      lengthCm: 8,
      widthCm: 8,
      heightCm: 30,
      manageStock: true,
      // Exactly three left: the checkout's stock guard can be tried in the running shop.
      stockQuantity: 3,
      lowStockAmount: 10,
      unit: 'l',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'olivar-messinias',
      food: {
        nutriScore: 'B',
        nutrientReference: 'ml',
        nutrients: nutrients(3378, 822, 91.3, 13.2, 0, 0, 0, 0),
        ingredients: L('Natives Olivenöl extra', 'Extra virgin olive oil'),
        allergens: [],
        distributor: 'Olivar Messinias A.E., Odos Eleon 14, 24100 Kalamata, Griechenland',
        placeOfOrigin: L('Griechenland, Messenien', 'Greece, Messinia'),
        netFillingQuantity: '0,75 l',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'bottle',
        color: '#6d8a2c',
        accent: '#d8b64a',
        subtitle: L('Kaltgepresst · 0,75 l', 'Cold-pressed · 0.75 l'),
      }),
    });
  }
  {
    const name = L('Kalamata-Oliven im Glas', 'Kalamata Olives in a Jar');
    const slug = 'kalamata-oliven';
    add({
      slug,
      name,
      shortDescription: L(
        'Ganze Kalamata-Oliven mit Stein, in Rotweinessig-Lake.',
        'Whole Kalamata olives with stones, in red wine vinegar brine.',
      ),
      description: L(
        'Die violett-schwarzen Oliven reifen lange am Baum und werden traditionell in Salzlake fermentiert. Perfekt zu Brot, Käse und im griechischen Salat.',
        'These purple-black olives ripen slowly on the tree and are traditionally fermented in brine. Perfect with bread, cheese and in a Greek salad.',
      ),
      sku: 'LZ-OLI-KAL',
      gtin: ean(112),
      regularPrice: 479,
      taxClass: 'reduced',
      weightKg: 0.58,
      // Olives in brine are priced by their drained weight.
      unit: 'kg',
      productUnits: 0.2,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'olivar-messinias',
      food: {
        nutriScore: 'D',
        nutrientReference: 'g',
        nutrients: nutrients(1009, 245, 25, 3.5, 1.5, 0.5, 1.4, 3.1, 3.2),
        ingredients: L(
          'Kalamata-Oliven, Wasser, Speisesalz, Rotweinessig, Säuerungsmittel: Citronensäure',
          'Kalamata olives, water, salt, red wine vinegar, acidifier: citric acid',
        ),
        allergens: [],
        distributor: 'Olivar Messinias A.E., Odos Eleon 14, 24100 Kalamata, Griechenland',
        placeOfOrigin: L('Griechenland', 'Greece'),
        netFillingQuantity: '350 g',
        drainedWeight: '200 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'jar',
        color: '#4b2c3d',
        accent: '#7f9a3a',
        pattern: 'dots',
        subtitle: L('Abtropfgewicht 200 g', 'Drained weight 200 g'),
      }),
    });
  }
  {
    const name = L('Paprika edelsüß, gemahlen 50 g', 'Sweet Paprika, ground 50 g');
    const slug = 'paprika-edelsuess';
    add({
      slug,
      name,
      shortDescription: L(
        'Mildes, leuchtend rotes Paprikapulver aus Ungarn.',
        'Mild, bright red paprika powder from Hungary.',
      ),
      description: L(
        'Sonnengereifte Paprikaschoten aus Kalocsa, schonend getrocknet und fein vermahlen. Für Gulasch, Eintöpfe, Dips und Ofengemüse.',
        'Sun-ripened peppers from Kalocsa, gently dried and finely ground. For goulash, stews, dips and roast vegetables.',
      ),
      sku: 'LZ-GEW-PAP',
      gtin: ean(113),
      regularPrice: 299,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.09,
      unit: 'g',
      productUnits: 50,
      unitBase: 100,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: spiceFood(
        L('Paprika edelsüß', 'Sweet paprika'),
        L('Ungarn', 'Hungary'),
        nutrients(1200, 289, 13, 2.1, 19, 10, 14, 0.07, 35),
      ),
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'tin',
        color: '#b8372f',
        accent: '#f0c66b',
        subtitle: L('Ungarn · 50 g', 'Hungary · 50 g'),
      }),
    });
  }
  {
    const name = L('Schwarzer Pfeffer, ganz 50 g', 'Whole Black Pepper 50 g');
    const slug = 'pfeffer-schwarz';
    add({
      slug,
      name,
      shortDescription: L(
        'Aromatischer Tellicherry-Pfeffer für die Mühle.',
        'Aromatic Tellicherry pepper for your mill.',
      ),
      description: L(
        'Die großen Beeren aus Kerala bleiben länger am Strauch und entwickeln so ein volles, leicht zitroniges Aroma. Erst kurz vor dem Servieren frisch mahlen.',
        'These large berries from Kerala stay on the vine longer and develop a full, slightly lemony aroma. Grind freshly just before serving.',
      ),
      sku: 'LZ-GEW-PFE',
      gtin: ean(114),
      regularPrice: 349,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.09,
      unit: 'g',
      productUnits: 50,
      unitBase: 100,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: spiceFood(
        L('Schwarzer Pfeffer', 'Black pepper'),
        L('Indien, Kerala', 'India, Kerala'),
        nutrients(1050, 251, 3.3, 1.4, 39, 0.6, 10, 0.05, 25),
      ),
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'tin',
        color: '#2f2a26',
        accent: '#c9a86b',
        subtitle: L('Tellicherry · 50 g', 'Tellicherry · 50 g'),
      }),
    });
  }
  {
    const name = L('Curry mild 50 g', 'Mild Curry Powder 50 g');
    const slug = 'curry-mild';
    add({
      slug,
      name,
      shortDescription: L(
        'Goldgelbe Currymischung mit Kurkuma und Koriander.',
        'A golden curry blend with turmeric and coriander.',
      ),
      description: L(
        'Eine milde, runde Mischung aus elf Gewürzen für Currys, Dal, Reis und die Leipziger Currywurst. Kurz in Öl anrösten, dann entfaltet sie ihr volles Aroma.',
        'A mild, rounded blend of eleven spices for curries, dal, rice and currywurst. Toast briefly in oil to bring out the full aroma.',
      ),
      sku: 'LZ-GEW-CUR',
      gtin: ean(115),
      regularPrice: 329,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.09,
      unit: 'g',
      productUnits: 50,
      unitBase: 100,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: spiceFood(
        L(
          'Kurkuma, Koriander, Kreuzkümmel, Bockshornklee, Ingwer, Senfsaat, Zimt, Kardamom, Selleriesaat, Nelken, Chili',
          'Turmeric, coriander, cumin, fenugreek, ginger, mustard seed, cinnamon, cardamom, celery seed, cloves, chilli',
        ),
        L('Zutaten aus Indien und Sri Lanka', 'Ingredients from India and Sri Lanka'),
        nutrients(1360, 325, 14, 2.2, 25, 2.8, 13, 0.1, 33),
        ['mustard', 'celery'],
      ),
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'tin',
        color: '#d9a423',
        accent: '#8c3b2a',
        subtitle: L('Mild · 50 g', 'Mild · 50 g'),
      }),
    });
  }
  {
    const name = L('Deutscher Blütenhonig 500 g', 'German Blossom Honey 500 g');
    const slug = 'bluetenhonig';
    add({
      slug,
      name,
      shortDescription: L(
        'Cremig gerührter Frühjahrsblütenhonig aus Sachsen.',
        'Creamy spring blossom honey from Saxony.',
      ),
      description: L(
        'Von Bienenvölkern am Rand der Dübener Heide, die Raps, Obstbäume und Löwenzahn anfliegen. Durch das sanfte Rühren bleibt der Honig streichzart.',
        'From colonies on the edge of the Dübener Heide foraging on rapeseed, fruit trees and dandelion. Gentle stirring keeps the honey soft and spreadable.',
      ),
      sku: 'LZ-HON-BLU',
      gtin: ean(116),
      regularPrice: 749,
      taxClass: 'reduced',
      weightKg: 0.72,
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'E',
        nutrientReference: 'g',
        nutrients: nutrients(1380, 325, 0, 0, 80, 80, 0.4, 0.01),
        ingredients: L('Blütenhonig', 'Blossom honey'),
        allergens: [],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Deutschland, Sachsen', 'Germany, Saxony'),
        netFillingQuantity: '500 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'jar',
        color: '#e0a526',
        accent: '#5f7b3a',
        subtitle: L('Cremig · 500 g', 'Creamy · 500 g'),
      }),
    });
  }
  {
    const name = L('Bio-Spaghetti aus Hartweizen 500 g', 'Organic Durum Wheat Spaghetti 500 g');
    const slug = 'bio-spaghetti';
    add({
      slug,
      name,
      shortDescription: L(
        'Bronzegezogene Spaghetti mit rauer Oberfläche.',
        'Bronze-cut spaghetti with a rough surface.',
      ),
      description: L(
        'Durch Bronzematrizen gezogen und langsam bei niedriger Temperatur getrocknet – so hält die Soße besonders gut. Kochzeit 9 bis 11 Minuten.',
        'Drawn through bronze dies and slowly dried at low temperature, so sauces cling especially well. Cooking time 9 to 11 minutes.',
      ),
      sku: 'LZ-PAS-SPA',
      gtin: ean(117),
      regularPrice: 229,
      taxClass: 'reduced',
      weightKg: 0.52,
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'A',
        nutrientReference: 'g',
        nutrients: nutrients(1505, 355, 1.5, 0.3, 70, 3.5, 13, 0.01, 3),
        ingredients: L(
          'Hartweizengrieß* (Weizen), Wasser. *aus kontrolliert ökologischem Anbau',
          'Durum wheat semolina* (wheat), water. *organically grown',
        ),
        allergens: ['gluten'],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Italien', 'Italy'),
        netFillingQuantity: '500 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'box',
        color: '#2c5d8a',
        accent: '#f1d27a',
        subtitle: L('Bio · 500 g', 'Organic · 500 g'),
      }),
    });
  }
  {
    const name = L('Tomatensugo mit Basilikum 400 g', 'Tomato Sugo with Basil 400 g');
    const slug = 'tomatensugo-basilikum';
    add({
      slug,
      name,
      shortDescription: L(
        'Langsam eingekochte Tomatensoße nach Familienrezept.',
        'Slow-cooked tomato sauce from a family recipe.',
      ),
      description: L(
        'Sonnengereifte Tomaten, Olivenöl, Zwiebeln, Sellerie und frisches Basilikum – drei Stunden sanft eingekocht. Einfach erwärmen und mit Pasta servieren.',
        'Sun-ripened tomatoes, olive oil, onions, celery and fresh basil, gently simmered for three hours. Just heat and serve with pasta.',
      ),
      sku: 'LZ-SUG-BAS',
      gtin: ean(118),
      regularPrice: 399,
      taxClass: 'reduced',
      weightKg: 0.62,
      unit: 'kg',
      productUnits: 0.4,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'B',
        nutrientReference: 'g',
        nutrients: nutrients(250, 60, 2.5, 0.3, 7, 6, 1.5, 0.9, 1.5),
        ingredients: L(
          'Tomaten (88 %), Zwiebeln, natives Olivenöl extra, Sellerie, Basilikum (1 %), Meersalz, Knoblauch',
          'Tomatoes (88 %), onions, extra virgin olive oil, celery, basil (1 %), sea salt, garlic',
        ),
        allergens: ['celery'],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Italien, Apulien', 'Italy, Apulia'),
        netFillingQuantity: '400 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'jar',
        color: '#c23a26',
        accent: '#4f8a3c',
        subtitle: L('Mit frischem Basilikum', 'With fresh basil'),
      }),
    });
  }
  {
    const name = L('Bitterschokolade 70 % 100 g', 'Dark Chocolate 70 % 100 g');
    const slug = 'bitterschokolade-70';
    add({
      slug,
      name,
      shortDescription: L(
        'Zartschmelzende Bitterschokolade aus Edelkakao.',
        'Smooth dark chocolate from fine-flavour cocoa.',
      ),
      description: L(
        'Kakaobohnen aus der Dominikanischen Republik, 72 Stunden conchiert. Fruchtige Noten von Kirsche und eine feine Herbe.',
        'Cocoa beans from the Dominican Republic, conched for 72 hours. Fruity notes of cherry and a fine bitterness.',
      ),
      sku: 'LZ-SCH-B70',
      gtin: ean(119),
      regularPrice: 289,
      salePrice: 229,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.11,
      unit: 'kg',
      productUnits: 0.1,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'E',
        nutrientReference: 'g',
        nutrients: nutrients(2397, 577, 42, 25, 33, 28, 9.5, 0.02, 11),
        ingredients: L(
          'Kakaomasse, Rohrzucker, Kakaobutter, Emulgator: Sojalecithine. Kakao: 70 % mindestens',
          'Cocoa mass, cane sugar, cocoa butter, emulsifier: soy lecithins. Cocoa solids: 70 % minimum',
        ),
        allergens: ['soy'],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Hergestellt in Deutschland', 'Made in Germany'),
        netFillingQuantity: '100 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'bar',
        color: '#2b4a3f',
        accent: '#d8b25a',
        subtitle: L('70 % Kakao', '70 % cocoa'),
        second: L('In Stücken', 'In pieces'),
      }),
    });
  }
  {
    const name = L('Knuspermüsli Nuss & Honig 750 g', 'Crunchy Nut & Honey Granola 750 g');
    const slug = 'knuspermuesli-nuss-honig';
    add({
      slug,
      name,
      shortDescription: L(
        'Im Ofen geröstete Haferflocken mit Haselnüssen und Honig.',
        'Oven-baked oats with hazelnuts and honey.',
      ),
      description: L(
        'Knusprige Cluster aus Vollkornhaferflocken, gerösteten Haselnüssen und einem Hauch Honig. Schmeckt mit Joghurt, Milch oder einfach pur aus der Hand.',
        'Crunchy clusters of wholegrain oats, roasted hazelnuts and a touch of honey. Great with yoghurt, milk or straight from the bag.',
      ),
      sku: 'LZ-MUE-NUS',
      gtin: ean(120),
      regularPrice: 499,
      taxClass: 'reduced',
      weightKg: 0.8,
      unit: 'kg',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'gewuerzkontor-hansen',
      food: {
        nutriScore: 'C',
        nutrientReference: 'g',
        nutrients: nutrients(1850, 442, 17, 3.1, 58, 16, 11, 0.05, 8),
        ingredients: L(
          'Vollkornhaferflocken (60 %), Haselnüsse (14 %), Rohrzucker, Sonnenblumenöl, Honig (4 %), Weizenmehl',
          'Wholegrain oat flakes (60 %), hazelnuts (14 %), cane sugar, sunflower oil, honey (4 %), wheat flour',
        ),
        allergens: ['gluten', 'nuts'],
        distributor: 'Gewürzkontor Hansen KG, Speicherweg 3, 20457 Hamburg',
        placeOfOrigin: L('Hergestellt in Deutschland', 'Made in Germany'),
        netFillingQuantity: '750 g',
      },
      categories: ['feinkost', 'lebensmittel'],
      imageSpecs: pictures(slug, name, {
        motif: 'box',
        color: '#d98c3a',
        accent: '#6b4226',
        subtitle: L('Nuss & Honig', 'Nut & honey'),
      }),
    });
  }

  // Getränke: Bier

  {
    const name = L('Leipziger Helles, Kasten 20 × 0,5 l', 'Leipzig Helles, crate of 20 × 0.5 l');
    const slug = 'leipziger-helles-kasten';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Süffiges Helles aus der Brauerei Connewitz im Mehrwegkasten.',
        'An easy-drinking lager from Brauerei Connewitz in a returnable crate.',
      ),
      description: L(
        'Goldgelb, mild gehopft und mit feiner Malzsüße – unser Helles ist der Klassiker für Biergarten und Grillabend. Gebraut nach dem Reinheitsgebot und sechs Wochen kalt gelagert.\n\nDie Mehrwegflaschen und den Kasten nehmen wir bei der nächsten Lieferung gern wieder mit.',
        'Golden, gently hopped and with a subtle malty sweetness – our Helles is the classic for beer gardens and barbecues. Brewed according to the Purity Law and lagered cold for six weeks.\n\nWe will happily take the returnable bottles and the crate back with your next delivery.',
      ),
      sku: 'LZ-BIE-HEL-K',
      gtin: ean(131),
      regularPrice: 1899,
      shippingClass: 'crate',
      weightKg: 17.5,
      lengthCm: 40,
      widthCm: 30,
      heightCm: 28,
      maxQuantity: 5,
      unit: 'l',
      productUnits: 10,
      unitBase: 1,
      deposit: 'mehrweg-glasflasche',
      depositQuantity: 20,
      deliveryTime: '3-5-werktage',
      manufacturer: 'brauerei-connewitz',
      food: beerFood('20 × 0,5 l', 176, 42, 3.2, 4.9),
      shippingCostsInfo: L(
        'Getränkekästen liefern wir nur innerhalb Deutschlands; je Sendung fällt ein Zuschlag von 4,90 € an.',
        'Drink crates are delivered within Germany only; a surcharge of €4.90 applies per shipment.',
      ),
      categories: ['bier', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'crate',
        color: '#c8a23a',
        accent: '#f1e2b3',
        subtitle: L('20 × 0,5 l Mehrweg', '20 × 0.5 l returnable'),
      }),
    });
  }
  {
    const name = L('Connewitzer Pils, 6 × 0,33 l', 'Connewitz Pilsner, 6 × 0.33 l');
    const slug = 'connewitzer-pils-sixpack';
    add({
      slug,
      name,
      shortDescription: L(
        'Herbes, spritziges Pils im praktischen Sixpack.',
        'A crisp, bitter pilsner in a handy six-pack.',
      ),
      description: L(
        'Mit Tettnanger und Hallertauer Hopfen kalt gehopft: blumig in der Nase, schlank im Körper und angenehm herb im Abgang.',
        'Dry-hopped with Tettnang and Hallertau hops: floral on the nose, light-bodied and pleasantly bitter in the finish.',
      ),
      sku: 'LZ-BIE-PIL-6',
      gtin: ean(132),
      regularPrice: 599,
      weightKg: 3.4,
      unit: 'l',
      productUnits: 1.98,
      unitBase: 1,
      deposit: 'mehrweg-glasflasche',
      depositQuantity: 6,
      deliveryTime: '3-5-werktage',
      manufacturer: 'brauerei-connewitz',
      food: beerFood('6 × 0,33 l', 172, 41, 3.0, 4.8),
      categories: ['bier', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'beer',
        color: '#3d6b3a',
        accent: '#e9d9a6',
        subtitle: L('6 × 0,33 l', '6 × 0.33 l'),
      }),
    });
  }
  {
    const name = L('Hopfenwerk IPA, 0,33 l Dose', 'Hopfenwerk IPA, 0.33 l can');
    const slug = 'hopfenwerk-ipa-dose';
    add({
      slug,
      name,
      shortDescription: L(
        'Fruchtiges India Pale Ale mit Noten von Maracuja und Grapefruit.',
        'A fruity India Pale Ale with notes of passion fruit and grapefruit.',
      ),
      description: L(
        'Vier Hopfensorten aus Deutschland und den USA sorgen für tropische Aromen und eine kräftige, aber ausgewogene Bittere. Die Dose schützt das Bier zuverlässig vor Licht.',
        'Four hop varieties from Germany and the US bring tropical aromas and a firm yet balanced bitterness. The can reliably protects the beer from light.',
      ),
      sku: 'LZ-BIE-IPA',
      gtin: ean(133),
      regularPrice: 249,
      weightKg: 0.36,
      unit: 'l',
      productUnits: 0.33,
      unitBase: 1,
      deposit: 'einweg-pfand',
      depositQuantity: 1,
      deliveryTime: '3-5-werktage',
      manufacturer: 'brauerei-connewitz',
      food: beerFood('0,33 l', 230, 55, 4.1, 6.5),
      categories: ['bier', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'can',
        color: '#e08a2e',
        accent: '#23405c',
        subtitle: L('6,5 % vol · 0,33 l', '6.5 % vol · 0.33 l'),
        second: L('Im Doppelpack', 'Two cans'),
      }),
    });
  }
  {
    const name = L('Weißbier alkoholfrei, 0,5 l', 'Alcohol-free Wheat Beer, 0.5 l');
    const slug = 'weissbier-alkoholfrei';
    add({
      slug,
      name,
      shortDescription: L(
        'Isotonisch, spritzig und mit nur 0,4 % vol.',
        'Isotonic, refreshing and only 0.4 % vol.',
      ),
      description: L(
        'Vollmundiges Hefeweizen mit Noten von Banane und Nelke – schonend entalkoholisiert. Der ideale Durstlöscher nach dem Sport.',
        'A full-bodied wheat beer with hints of banana and clove, gently de-alcoholised. The ideal thirst quencher after sport.',
      ),
      sku: 'LZ-BIE-WEI-0',
      gtin: ean(134),
      regularPrice: 129,
      stockStatus: 'outofstock',
      weightKg: 0.9,
      unit: 'l',
      productUnits: 0.5,
      unitBase: 1,
      deposit: 'mehrweg-glasflasche',
      depositQuantity: 1,
      deliveryTime: '3-5-werktage',
      manufacturer: 'brauerei-connewitz',
      food: beerFood('0,5 l', 105, 25, 5.3),
      categories: ['bier', 'alkoholfrei', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'beer',
        color: '#8a5a22',
        accent: '#5d9bd1',
        subtitle: L('0,4 % vol · 0,5 l', '0.4 % vol · 0.5 l'),
      }),
    });
  }

  // Getränke: Wein & Sekt

  {
    const name = L('Riesling trocken 2023, 0,75 l', 'Dry Riesling 2023, 0.75 l');
    const slug = 'riesling-trocken';
    add({
      slug,
      name,
      shortDescription: L(
        'Frischer Pfälzer Riesling mit Aromen von Pfirsich und Limette.',
        'A fresh Palatinate Riesling with aromas of peach and lime.',
      ),
      description: L(
        'Aus Steillagen mit Buntsandsteinböden, spontan vergoren und lange auf der Feinhefe gereift. Saftig, mineralisch und mit lebendiger Säure – zu Fisch, Spargel oder einfach so.',
        'From steep sandstone vineyards, spontaneously fermented and aged on the fine lees. Juicy, mineral and with lively acidity – with fish, asparagus or on its own.',
      ),
      sku: 'LZ-WEI-RIE-23',
      gtin: ean(141),
      regularPrice: 1190,
      weightKg: 1.3,
      unit: 'l',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '3-5-werktage',
      manufacturer: 'weingut-kessler',
      food: wineFood(293, 70, 0.6, 0.4, 12),
      categories: ['wein', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'wine',
        color: '#9bb36a',
        accent: '#e8d8a8',
        subtitle: L('Pfalz · 12 % vol', 'Palatinate · 12 % vol'),
      }),
    });
  }
  {
    const name = L('Spätburgunder trocken 2022, 0,75 l', 'Dry Pinot Noir 2022, 0.75 l');
    const slug = 'spaetburgunder-trocken';
    add({
      slug,
      name,
      shortDescription: L(
        'Samtiger Spätburgunder, zwölf Monate im Holzfass gereift.',
        'A velvety Pinot Noir, aged twelve months in oak.',
      ),
      description: L(
        'Duft von Kirsche und Waldbeeren, am Gaumen weich mit feinen Röstaromen. Passt zu Wild, Pilzgerichten und kräftigem Käse. Sonderpreis ab nächster Woche für kurze Zeit.',
        'Scents of cherry and forest berries, soft on the palate with subtle toasty notes. Pairs with game, mushroom dishes and mature cheese. Special price for a short time from next week.',
      ),
      sku: 'LZ-WEI-SPB-22',
      gtin: ean(142),
      regularPrice: 1490,
      // A sale that has not started yet.
      salePrice: 1190,
      saleFrom: inDays(14),
      saleTo: inDays(45),
      weightKg: 1.35,
      unit: 'l',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '3-5-werktage',
      manufacturer: 'weingut-kessler',
      food: wineFood(310, 74, 0.5, 0.3, 13.5),
      categories: ['wein', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'wine',
        color: '#4a1f2b',
        accent: '#c9a45a',
        subtitle: L('Barrique · 13,5 % vol', 'Barrique · 13.5 % vol'),
      }),
    });
  }
  {
    const name = L('Rosé feinherb 2024, 0,75 l', 'Off-dry Rosé 2024, 0.75 l');
    const slug = 'rose-feinherb';
    add({
      slug,
      name,
      shortDescription: L(
        'Fruchtiger Sommerwein mit Noten von Erdbeere und Rhabarber.',
        'A fruity summer wine with notes of strawberry and rhubarb.',
      ),
      description: L(
        'Aus Portugieser und Spätburgunder gekeltert, mit dezenter Restsüße. Gut gekühlt servieren. Der neue Jahrgang ist bestellt – wir benachrichtigen Sie, sobald er eintrifft.',
        'Made from Portugieser and Pinot Noir with a hint of residual sweetness. Serve well chilled. The new vintage is on order – we will let you know as soon as it arrives.',
      ),
      sku: 'LZ-WEI-ROS-24',
      gtin: ean(143),
      regularPrice: 890,
      manageStock: true,
      stockQuantity: 0,
      backorders: 'notify',
      weightKg: 1.3,
      unit: 'l',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '2-3-wochen',
      manufacturer: 'weingut-kessler',
      food: wineFood(306, 73, 2.2, 2.0, 11.5),
      categories: ['wein', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'wine',
        color: '#e59aa0',
        accent: '#7a8f5a',
        subtitle: L('Feinherb · 11,5 % vol', 'Off-dry · 11.5 % vol'),
      }),
    });
  }
  {
    const name = L('Winzersekt brut, 0,75 l', 'Brut Estate Sparkling Wine, 0.75 l');
    const slug = 'winzersekt-brut';
    add({
      slug,
      name,
      shortDescription: L(
        'Traditionelle Flaschengärung, 24 Monate auf der Hefe.',
        'Traditional bottle fermentation, 24 months on the lees.',
      ),
      description: L(
        'Aus Riesling und Weißburgunder, von Hand gerüttelt und degorgiert. Feine Perlage, Aromen von Brioche und grünem Apfel.',
        'Made from Riesling and Pinot Blanc, hand-riddled and disgorged. Fine bubbles with aromas of brioche and green apple.',
      ),
      sku: 'LZ-WEI-SEK',
      gtin: ean(144),
      regularPrice: 1590,
      weightKg: 1.6,
      unit: 'l',
      productUnits: 0.75,
      unitBase: 1,
      deliveryTime: '3-5-werktage',
      manufacturer: 'weingut-kessler',
      food: wineFood(300, 72, 1.2, 1.0, 12.5),
      taxInfo: L(
        'Inkl. 19 % MwSt. und Schaumweinsteuer.',
        'Incl. 19 % VAT and sparkling wine tax.',
      ),
      categories: ['wein', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'wine',
        color: '#2f4a34',
        accent: '#e2c36b',
        subtitle: L('Flaschengärung', 'Bottle-fermented'),
      }),
    });
  }

  // Getränke: alkoholfrei

  {
    const name = L(
      'Mineralwasser Medium, Kasten 12 × 0,7 l',
      'Mineral Water Medium, crate of 12 × 0.7 l',
    );
    const slug = 'mineralwasser-kasten';
    add({
      slug,
      name,
      shortDescription: L(
        'Natürliches Mineralwasser mit wenig Kohlensäure aus dem Vogtland.',
        'Natural mineral water with light carbonation from the Vogtland.',
      ),
      description: L(
        'Ausgewogen mineralisiert und natriumarm, abgefüllt in der klassischen Mehrweg-Glasflasche.',
        'Balanced in minerals and low in sodium, bottled in the classic returnable glass bottle.',
      ),
      sku: 'LZ-WAS-MED-K',
      gtin: ean(151),
      regularPrice: 699,
      shippingClass: 'crate',
      weightKg: 15.2,
      lengthCm: 40,
      widthCm: 27,
      heightCm: 30,
      unit: 'l',
      productUnits: 8.4,
      unitBase: 1,
      deposit: 'mehrweg-brunnenflasche',
      depositQuantity: 12,
      deliveryTime: '3-5-werktage',
      food: {
        nutriScore: 'A',
        nutrientReference: 'ml',
        nutrients: nutrients(0, 0, 0, 0, 0, 0, 0, 0.01),
        ingredients: L(
          'Natürliches Mineralwasser, Kohlensäure',
          'Natural mineral water, carbon dioxide',
        ),
        allergens: [],
        distributor: 'Ladenzeile Demo GmbH, Kirschblütenhof 12, 04109 Leipzig',
        placeOfOrigin: L('Deutschland, Vogtland', 'Germany, Vogtland'),
        netFillingQuantity: '12 × 0,7 l',
      },
      categories: ['alkoholfrei', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'crate',
        color: '#2f6f9a',
        accent: '#bfe3f2',
        subtitle: L('12 × 0,7 l Mehrweg', '12 × 0.7 l returnable'),
      }),
    });
  }
  {
    const name = L('Apfelschorle naturtrüb, 1 l', 'Cloudy Apple Spritzer, 1 l');
    const slug = 'apfelschorle-naturtrueb';
    add({
      slug,
      name,
      shortDescription: L(
        '55 % Apfelsaft, 45 % Mineralwasser – ohne Zuckerzusatz.',
        '55 % apple juice, 45 % mineral water – no added sugar.',
      ),
      description: L(
        'Aus Streuobstäpfeln der Region, spritzig und erfrischend. In der leichten Einwegflasche aus recyceltem PET.',
        'Made from regional meadow-orchard apples, fizzy and refreshing. In a light single-use bottle of recycled PET.',
      ),
      sku: 'LZ-SAF-APS',
      gtin: ean(152),
      regularPrice: 149,
      weightKg: 1.06,
      unit: 'l',
      productUnits: 1,
      unitBase: 1,
      deposit: 'einweg-pfand',
      depositQuantity: 1,
      deliveryTime: '1-3-werktage',
      food: {
        nutriScore: 'C',
        nutrientReference: 'ml',
        nutrients: nutrients(105, 25, 0, 0, 5.8, 5.6, 0.1, 0.01),
        ingredients: L(
          'Natürliches Mineralwasser, Apfelsaft aus Apfelsaftkonzentrat (55 %), Kohlensäure',
          'Natural mineral water, apple juice from concentrate (55 %), carbon dioxide',
        ),
        allergens: [],
        distributor: 'Ladenzeile Demo GmbH, Kirschblütenhof 12, 04109 Leipzig',
        placeOfOrigin: L('Deutschland', 'Germany'),
        netFillingQuantity: '1 l',
      },
      categories: ['alkoholfrei', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'bottle',
        color: '#e4c46a',
        accent: '#6aa04a',
        subtitle: L('Einweg · 1 l', 'Single-use · 1 l'),
      }),
    });
  }
  {
    const name = L('Orangensaft Direktsaft, 1 l', 'Not-from-concentrate Orange Juice, 1 l');
    const slug = 'orangensaft-direktsaft';
    add({
      slug,
      name,
      shortDescription: L(
        '100 % Direktsaft mit Fruchtfleisch.',
        '100 % not-from-concentrate juice with pulp.',
      ),
      description: L(
        'Gepresst aus spanischen Valencia-Orangen und nur schonend pasteurisiert. Nach dem Öffnen gekühlt aufbewahren und innerhalb von drei Tagen verbrauchen.',
        'Pressed from Spanish Valencia oranges and only gently pasteurised. Keep refrigerated after opening and use within three days.',
      ),
      sku: 'LZ-SAF-ORA',
      gtin: ean(153),
      regularPrice: 329,
      weightKg: 1.08,
      unit: 'l',
      productUnits: 1,
      unitBase: 1,
      deliveryTime: '1-3-werktage',
      food: {
        nutriScore: 'C',
        nutrientReference: 'ml',
        nutrients: nutrients(190, 45, 0.2, 0, 9.4, 9, 0.7, 0),
        ingredients: L('Orangensaft', 'Orange juice'),
        allergens: [],
        distributor: 'Ladenzeile Demo GmbH, Kirschblütenhof 12, 04109 Leipzig',
        placeOfOrigin: L('Spanien', 'Spain'),
        netFillingQuantity: '1 l',
      },
      categories: ['alkoholfrei', 'getraenke'],
      imageSpecs: pictures(slug, name, {
        motif: 'carton',
        color: '#ec8a1f',
        accent: '#f7d154',
        subtitle: L('Mit Fruchtfleisch', 'With pulp'),
      }),
    });
  }

  // Mode: T-Shirts & Pullover

  {
    const name = L('Basic T-Shirt aus Bio-Baumwolle', 'Organic Cotton Basic T-Shirt');
    const slug = 'basic-tshirt-bio';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Das Lieblingsshirt: weich, blickdicht und GOTS-zertifiziert.',
        'Your favourite tee: soft, opaque and GOTS-certified.',
      ),
      description: L(
        'Aus 180 g/m² schwerem Single Jersey aus 100 % Bio-Baumwolle, in Portugal genäht. Gerader Schnitt, verstärkter Rundhalsausschnitt und Doppelnähte an Saum und Ärmeln.\n\nModel ist 1,84 m groß und trägt Größe M.',
        'Made from 180 g/m² single jersey in 100 % organic cotton, sewn in Portugal. Straight fit, reinforced crew neck and double-stitched hem and sleeves.\n\nModel is 1.84 m tall and wears size M.',
      ),
      sku: 'LZ-TSH-BAS',
      gtin: ean(201),
      regularPrice: 2495,
      // Running sale: started last week, ends in three months.
      salePrice: 1995,
      saleFrom: inDays(-7),
      saleTo: inDays(90),
      weightKg: 0.18,
      lengthCm: 30,
      widthCm: 22,
      heightCm: 2,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['t-shirts', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-TSH-BAS',
        look: { motif: 'tshirt', accent: '#d9822b' },
        colours: ['weiss', 'rot', 'blau', 'gelb'],
        sizes: ['s', 'm', 'l', 'xl'],
        soldOut: ['rot/xl', 'gelb/s', 'blau/m'],
        extraAttributes: [{ attribute: 'material', terms: ['bio-baumwolle'], visible: true }],
        // Yellow is dyed to order and ships later.
        each: (colour) => (colour === 'gelb' ? { deliveryTime: '3-5-werktage' } : {}),
      }),
    });
  }
  {
    const name = L('T-Shirt „Leipziger Skyline“', 'T-Shirt "Leipzig Skyline"');
    const slug = 'tshirt-leipziger-skyline';
    add({
      slug,
      name,
      shortDescription: L(
        'Siebdruck mit Uniriese, Völki und City-Hochhaus.',
        "Screen print featuring Leipzig's famous skyline.",
      ),
      description: L(
        'Handbedruckt in einer kleinen Siebdruckerei im Leipziger Westen mit wasserbasierten Farben. Das Motiv bleibt auch nach vielen Wäschen weich und farbstark.',
        'Hand-printed in a small screen-printing studio in western Leipzig with water-based inks. The print stays soft and vivid wash after wash.',
      ),
      sku: 'LZ-TSH-SKY',
      gtin: ean(202),
      regularPrice: 2995,
      weightKg: 0.19,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['t-shirts', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-TSH-SKY',
        look: { motif: 'tshirt', accent: '#e7c15a' },
        colours: ['navy', 'grau', 'weiss'],
        sizes: ['s', 'm', 'l', 'xl', 'xxl'],
        soldOut: ['grau/s', 'weiss/xxl'],
        extraAttributes: [{ attribute: 'material', terms: ['bio-baumwolle'] }],
        each: (_colour, size) => (size === 'xxl' ? { regularPrice: 3295 } : {}),
      }),
    });
  }
  {
    const name = L('Ringel-Longsleeve', 'Striped Long-sleeve Shirt');
    const slug = 'ringel-longsleeve';
    add({
      slug,
      name,
      shortDescription: L(
        'Bretonisch gestreiftes Langarmshirt aus festem Jersey.',
        'A Breton-striped long-sleeve top in sturdy jersey.',
      ),
      description: L(
        'Der maritime Klassiker mit U-Boot-Ausschnitt und leicht verlängerten Ärmeln. Garngefärbte Streifen, die nicht ausbleichen.',
        'The maritime classic with a boat neck and slightly longer sleeves. Yarn-dyed stripes that will not fade.',
      ),
      sku: 'LZ-LSL-RIN',
      gtin: ean(203),
      regularPrice: 3495,
      weightKg: 0.26,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['t-shirts', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-LSL-RIN',
        look: { motif: 'longsleeve', accent: '#f3efe4', pattern: 'stripes' },
        colours: ['navy', 'rot'],
        sizes: ['s', 'm', 'l'],
        soldOut: ['rot/s'],
      }),
    });
  }
  {
    const name = L('Kapuzenpullover aus Bio-Fleece', 'Organic Fleece Hoodie');
    const slug = 'kapuzenpullover-bio';
    add({
      slug,
      name,
      shortDescription: L(
        'Kuscheliger Hoodie mit Kängurutasche und flachen Kordeln.',
        'A cosy hoodie with a kangaroo pocket and flat drawcords.',
      ),
      description: L(
        'Innen angeraute Sweatware aus Bio-Baumwolle mit 15 % recyceltem Polyester für Formstabilität. Doppellagige Kapuze, Rippbündchen an Ärmeln und Saum.',
        'Brushed-back organic cotton sweat fabric with 15 % recycled polyester for shape retention. Double-layer hood, ribbed cuffs and hem.',
      ),
      sku: 'LZ-HOO-BIO',
      gtin: ean(204),
      regularPrice: 5990,
      weightKg: 0.62,
      lengthCm: 35,
      widthCm: 28,
      heightCm: 6,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['t-shirts', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-HOO-BIO',
        look: { motif: 'hoodie', accent: '#f0c15a' },
        colours: ['grau', 'gruen', 'schwarz'],
        sizes: ['s', 'm', 'l', 'xl'],
        soldOut: ['gruen/xl', 'schwarz/s'],
        extraAttributes: [
          { attribute: 'material', terms: ['bio-baumwolle', 'recyceltes-polyester'] },
        ],
      }),
    });
  }

  // Mode: Schuhe

  {
    const name = L('Sneaker „Stadtläufer“', 'Sneaker "City Runner"');
    const slug = 'sneaker-stadtlaeufer';
    const sizes = ['38', '39', '40', '41', '42', '43', '44', '45'];
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Leichter Alltagssneaker mit Obermaterial aus Glattleder.',
        'A lightweight everyday sneaker with a smooth leather upper.',
      ),
      description: L(
        'Chromfrei gegerbtes Leder aus Süddeutschland, eine herausnehmbare Korkeinlegesohle und eine Sohle aus Naturkautschuk. Der Stadtläufer wird in Pirmasens von Hand zugeschnitten und genäht.\n\nFällt normal aus. Bei halben Größen empfehlen wir die nächstgrößere.',
        'Chrome-free tanned leather from southern Germany, a removable cork insole and a natural rubber sole. The City Runner is hand-cut and stitched in Pirmasens.\n\nTrue to size. For half sizes we recommend sizing up.',
      ),
      sku: 'LZ-SNE-STL',
      regularPrice: 8900,
      lengthCm: 33,
      widthCm: 21,
      heightCm: 12,
      weightKg: 0.8,
      deliveryTime: '1-3-werktage',
      manufacturer: 'laufwerk-schuhe',
      categories: ['schuhe', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-SNE-STL',
        look: { motif: 'sneaker', accent: '#d9822b' },
        // More variations than the page judges itself: chosen through get_variation.
        colours: ['weiss', 'schwarz', 'gruen', 'blau'],
        sizeAttribute: 'shoe-size',
        sizes,
        soldOut: ['gruen/38', 'gruen/45', 'schwarz/44'],
        notOffered: ['blau/38'],
        extraAttributes: [{ attribute: 'material', terms: ['leder'] }],
        // Every size has its own EAN and a weight that grows with the size.
        each: (colour, size, i) => ({
          gtin: ean(300 + i),
          weightKg: Math.round((0.7 + (Number(size) - 38) * 0.03) * 1000) / 1000,
          ...(colour === 'gruen' ? { deliveryTime: '5-7-werktage' } : {}),
        }),
      }),
    });
  }
  {
    const name = L('Trailschuh „Waldpfad“', 'Trail Shoe "Forest Path"');
    const slug = 'trailschuh-waldpfad';
    add({
      slug,
      name,
      shortDescription: L(
        'Griffiger Trailrunning-Schuh mit wasserabweisendem Mesh.',
        'A grippy trail running shoe with water-repellent mesh.',
      ),
      description: L(
        'Tiefes Stollenprofil für matschige Waldwege, Zehenkappe gegen Steine und eine gedämpfte Zwischensohle für lange Läufe. Das Obermaterial besteht zu 60 % aus recycelten Flaschen.',
        'Deep lugs for muddy forest trails, a toe cap against rocks and a cushioned midsole for long runs. The upper is made of 60 % recycled bottles.',
      ),
      sku: 'LZ-SNE-WAL',
      gtin: ean(205),
      regularPrice: 11900,
      weightKg: 0.86,
      lengthCm: 33,
      widthCm: 21,
      heightCm: 13,
      deliveryTime: '1-3-werktage',
      manufacturer: 'laufwerk-schuhe',
      categories: ['schuhe', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-SNE-WAL',
        look: { motif: 'sneaker', accent: '#f0c15a' },
        colours: ['blau', 'rot'],
        sizeAttribute: 'shoe-size',
        sizes: ['40', '41', '42', '43', '44', '45'],
        soldOut: ['blau/40'],
        extraAttributes: [{ attribute: 'material', terms: ['recyceltes-polyester'] }],
        // Last season's red is reduced.
        each: (colour) => (colour === 'rot' ? { salePrice: 8900 } : {}),
      }),
    });
  }
  {
    const name = L('Filz-Hausschuhe', 'Felt Slippers');
    const slug = 'filz-hausschuhe';
    const sizes = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
    add({
      slug,
      name,
      shortDescription: L(
        'Warme Hausschuhe aus Schurwollfilz mit rutschfester Sohle.',
        'Warm slippers of wool felt with a non-slip sole.',
      ),
      description: L(
        'Aus einem Stück gewalkter Schurwolle, temperaturausgleichend und atmungsaktiv. Die Latexsohle sorgt für Halt auf glatten Böden.',
        'Made from a single piece of fulled new wool, temperature-regulating and breathable. The latex sole gives grip on smooth floors.',
      ),
      sku: 'LZ-HAU-FIL',
      gtin: ean(206),
      regularPrice: 3990,
      weightKg: 0.38,
      deliveryTime: '3-5-werktage',
      manufacturer: 'wohnwerk-lausitz',
      categories: ['schuhe', 'mode'],
      imageSpecs: pictures(slug, name, {
        motif: 'slipper',
        color: '#8c9096',
        accent: '#c7972c',
        subtitle: L('Schurwollfilz', 'Wool felt'),
      }),
      attributes: [
        { attribute: 'shoe-size', terms: sizes, variations: true },
        { attribute: 'material', terms: ['schurwolle'] },
      ],
      variations: sizes.map((size, i) => ({
        attributes: { 'shoe-size': size },
        sku: `LZ-HAU-FIL-${size}`,
        manageStock: true,
        stockQuantity: i === 0 || i === sizes.length - 1 ? 0 : stockAt(i),
      })),
    });
  }

  // Mode: Accessoires

  {
    const name = L('Merino-Beanie', 'Merino Beanie');
    const slug = 'merino-beanie';
    add({
      slug,
      name,
      shortDescription: L(
        'Feinstrickmütze aus Merinowolle mit breitem Umschlag.',
        'A fine-knit merino wool hat with a wide cuff.',
      ),
      description: L(
        'Kratzt nicht, wärmt auch bei Nässe und nimmt kaum Gerüche an. Gestrickt in einer Familienstrickerei im Erzgebirge.',
        'Non-itchy, warm even when damp and hardly picks up odours. Knitted by a family knitwear business in the Ore Mountains.',
      ),
      sku: 'LZ-MUE-MER',
      gtin: ean(207),
      regularPrice: 2990,
      shippingClass: 'small',
      weightKg: 0.09,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['accessoires', 'mode'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-MUE-MER',
        look: { motif: 'beanie', accent: '#f3efe4', second: L('Mit Label', 'With label') },
        colours: ['senf', 'navy', 'grau', 'rot'],
        soldOut: ['rot'],
        extraAttributes: [{ attribute: 'material', terms: ['merinowolle'] }],
      }),
    });
  }
  {
    const name = L('Bio-Socken im 3er-Pack', 'Organic Socks, pack of 3');
    const slug = 'bio-socken-3er';
    const sizes = ['35-38', '39-42', '43-46'];
    add({
      slug,
      name,
      shortDescription: L(
        'Bunt geringelte Socken mit verstärkter Ferse und Spitze.',
        'Colourful striped socks with reinforced heel and toe.',
      ),
      description: L(
        '80 % Bio-Baumwolle, 18 % Polyamid, 2 % Elasthan. Komfortbund ohne einschneidendes Gummi, handgekettelte Spitze ohne drückende Naht.',
        '80 % organic cotton, 18 % polyamide, 2 % elastane. Comfort cuff without tight elastic, hand-linked toe without a chafing seam.',
      ),
      sku: 'LZ-SOC-BIO3',
      gtin: ean(208),
      regularPrice: 1495,
      shippingClass: 'small',
      weightKg: 0.15,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['accessoires', 'mode'],
      imageSpecs: pictures(slug, name, {
        motif: 'socks',
        color: '#2f5e8e',
        accent: '#e4b43a',
        subtitle: L('3 Paar', '3 pairs'),
        second: L('Gerollt', 'Rolled up'),
      }),
      attributes: [
        { attribute: 'sock-size', terms: sizes, variations: true },
        { attribute: 'material', terms: ['bio-baumwolle'] },
      ],
      variations: sizes.map((size, i) => ({
        attributes: { 'sock-size': size },
        sku: `LZ-SOC-BIO3-${size}`,
        gtin: ean(209 + i),
        manageStock: true,
        stockQuantity: 20 + i * 5,
      })),
    });
  }
  {
    const name = L('Canvas-Tragetasche', 'Canvas Tote Bag');
    const slug = 'canvas-tragetasche';
    add({
      slug,
      name,
      shortDescription: L(
        'Robuste Einkaufstasche mit langen Henkeln und Innentasche.',
        'A sturdy shopping bag with long handles and an inside pocket.',
      ),
      description: L(
        'Aus 340 g/m² schwerem Baumwoll-Canvas, trägt bis zu 15 kg. Die Henkel sind lang genug für die Schulter, auch über dem Wintermantel.',
        'Made from heavy 340 g/m² cotton canvas and carries up to 15 kg. The handles are long enough to go over your shoulder, even with a winter coat.',
      ),
      sku: 'LZ-TAS-CAN',
      gtin: ean(212),
      regularPrice: 1490,
      salePrice: 990,
      shippingClass: 'small',
      weightKg: 0.25,
      lengthCm: 42,
      widthCm: 38,
      heightCm: 2,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['accessoires', 'mode'],
      imageSpecs: pictures(slug, name, {
        motif: 'tote',
        color: '#e6dcc4',
        accent: '#b8372f',
        subtitle: L('Trägt bis 15 kg', 'Carries up to 15 kg'),
        second: L('Innentasche', 'Inside pocket'),
      }),
    });
  }

  // Elektronik

  {
    const name = L('USB-C-Ladegerät 65 W GaN', '65 W USB-C GaN Charger');
    const slug = 'usb-c-ladegeraet-65w';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Kompaktes Netzteil mit USB Power Delivery für Laptop, Tablet und Smartphone.',
        'A compact USB Power Delivery charger for laptop, tablet and phone.',
      ),
      description: L(
        'Dank Galliumnitrid-Technik kaum größer als ein klassisches Handy-Netzteil, liefert aber bis zu 65 W. Erkennt das angeschlossene Gerät und stellt automatisch die passende Leistung zwischen 5 und 65 W bereit.\n\nLieferumfang: Ladegerät, Kurzanleitung. Kabel nicht enthalten.',
        'Thanks to gallium nitride technology it is barely larger than a classic phone charger, yet delivers up to 65 W. It detects the connected device and automatically supplies between 5 and 65 W.\n\nIn the box: charger, quick start guide. Cable not included.',
      ),
      sku: 'LZ-ELE-LAD65',
      gtin: ean(401),
      regularPrice: 3990,
      shippingClass: 'small',
      weightKg: 0.12,
      lengthCm: 5,
      widthCm: 5,
      heightCm: 3,
      manageStock: true,
      stockQuantity: 46,
      lowStockAmount: 5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'brightvolt',
      // Made in China: the EU contact person under the GPSR.
      responsiblePerson: 'eu-produktverantwortung-ost',
      safetyInstructions: electronicsSafety,
      powerSupply: { minWatts: 5, maxWatts: 65, usbPowerDelivery: true, chargerIncluded: true },
      categories: ['laden-zubehoer', 'elektronik'],
      imageSpecs: pictures(slug, name, {
        motif: 'charger',
        color: '#f1f0ec',
        accent: '#2f8f6a',
        subtitle: L('USB Power Delivery', 'USB Power Delivery'),
        second: L('Mit Kabel (nicht enthalten)', 'With cable (not included)'),
      }),
    });
  }
  {
    const name = L('USB-C-Kabel 2 m, 100 W', 'USB-C Cable 2 m, 100 W');
    const slug = 'usb-c-kabel-2m';
    add({
      slug,
      name,
      shortDescription: L(
        'Textilummanteltes Lade- und Datenkabel bis 100 W.',
        'A braided charging and data cable rated up to 100 W.',
      ),
      description: L(
        'Mit E-Marker-Chip für Ladeleistungen bis 100 W und Datenraten bis 480 Mbit/s. Die Nylonummantelung übersteht laut Hersteller mehr als 20.000 Biegezyklen.',
        'With an e-marker chip for up to 100 W of charging power and data rates up to 480 Mbit/s. According to the manufacturer the nylon braid survives over 20,000 bend cycles.',
      ),
      sku: 'LZ-ELE-KAB2',
      gtin: ean(402),
      regularPrice: 1299,
      shippingClass: 'small',
      weightKg: 0.06,
      deliveryTime: '1-3-werktage',
      manufacturer: 'brightvolt',
      responsiblePerson: 'eu-produktverantwortung-ost',
      categories: ['laden-zubehoer', 'elektronik'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-ELE-KAB2',
        look: { motif: 'cable', accent: '#9aa0a8', second: L('Stecker', 'Connectors') },
        colours: ['schwarz', 'weiss'],
        each: (_colour, _size, i) => ({ gtin: ean(403 + i) }),
      }),
    });
  }
  {
    const name = L('Powerbank 10.000 mAh', 'Power Bank 10,000 mAh');
    const slug = 'powerbank-10000';
    add({
      slug,
      name,
      shortDescription: L(
        'Flache Powerbank mit USB-C, lädt ein Smartphone etwa zweimal.',
        'A slim USB-C power bank that charges a phone about twice.',
      ),
      description: L(
        'Gibt bis zu 20 W über USB-C aus und wird selbst ebenfalls über USB-C geladen. Vier LEDs zeigen den Ladestand. Zum Aufladen wird ein USB-C-Netzteil mit 15 bis 20 W benötigt, das nicht im Lieferumfang enthalten ist.',
        'Outputs up to 20 W over USB-C and is recharged via USB-C as well. Four LEDs show the charge level. Recharging requires a 15 to 20 W USB-C power adapter, which is not included.',
      ),
      sku: 'LZ-ELE-PB10',
      gtin: ean(405),
      regularPrice: 2999,
      shippingClass: 'small',
      weightKg: 0.21,
      lengthCm: 14,
      widthCm: 7,
      heightCm: 1.5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'brightvolt',
      responsiblePerson: 'eu-produktverantwortung-ost',
      safetyInstructions: batterySafety,
      powerSupply: { minWatts: 15, maxWatts: 20, usbPowerDelivery: true, chargerIncluded: false },
      categories: ['laden-zubehoer', 'elektronik'],
      imageSpecs: pictures(slug, name, {
        motif: 'powerbank',
        color: '#3e7a4e',
        accent: '#f0c15a',
        subtitle: L('USB-C · 20 W', 'USB-C · 20 W'),
        second: L('Anschlüsse', 'Ports'),
      }),
    });
  }
  {
    const name = L('LED-Schreibtischleuchte, dimmbar', 'Dimmable LED Desk Lamp');
    const slug = 'led-schreibtischleuchte';
    add({
      slug,
      name,
      shortDescription: L(
        'Gelenkleuchte mit stufenlos einstellbarer Helligkeit und Lichtfarbe.',
        'An articulated lamp with stepless brightness and colour temperature.',
      ),
      description: L(
        'Zwei Gelenke und ein drehbarer Kopf bringen das Licht genau dorthin, wo Sie es brauchen. Lichtfarbe von 2.700 bis 6.500 Kelvin, flimmerfrei, mit fest verbauter LED.',
        'Two joints and a rotating head put the light exactly where you need it. Colour temperature from 2,700 to 6,500 kelvin, flicker-free, with built-in LED.',
      ),
      sku: 'LZ-ELE-LED',
      gtin: ean(406),
      regularPrice: 4490,
      weightKg: 1.4,
      lengthCm: 45,
      widthCm: 18,
      heightCm: 12,
      deliveryTime: '3-5-werktage',
      manufacturer: 'brightvolt',
      responsiblePerson: 'eu-produktverantwortung-ost',
      safetyInstructions: electronicsSafety,
      categories: ['elektronik'],
      imageSpecs: pictures(slug, name, {
        motif: 'lamp',
        color: '#2f5e8e',
        accent: '#e4b43a',
        subtitle: L('Dimmbar', 'Dimmable'),
        second: L('Eingeschaltet', 'Switched on'),
      }),
    });
  }
  {
    const name = L('Bluetooth-Kopfhörer „Klangruhe“', 'Bluetooth Headphones "Quiet Sound"');
    const slug = 'bluetooth-kopfhoerer';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Over-Ear-Kopfhörer mit aktiver Geräuschunterdrückung und 40 h Laufzeit.',
        'Over-ear headphones with active noise cancelling and 40 h battery life.',
      ),
      description: L(
        'Weiche Ohrpolster aus Proteinleder, faltbarer Bügel und Bluetooth 5.3 mit Multipoint. Über das mitgelieferte Kabel auch kabelgebunden nutzbar.\n\nGeladen wird über USB-C mit einem Netzteil von 5 bis 10 W (nicht enthalten).',
        'Soft protein-leather ear cushions, a foldable headband and Bluetooth 5.3 with multipoint. Can also be used wired with the included cable.\n\nCharges over USB-C with a 5 to 10 W adapter (not included).',
      ),
      sku: 'LZ-AUD-KOP',
      regularPrice: 7990,
      weightKg: 0.45,
      lengthCm: 22,
      widthCm: 18,
      heightCm: 8,
      deliveryTime: '1-3-werktage',
      manufacturer: 'klangfabrik-audio',
      safetyInstructions: L(
        'Längeres Hören bei hoher Lautstärke kann das Gehör schädigen. Im Straßenverkehr nicht mit aktiver Geräuschunterdrückung verwenden.',
        'Listening at high volume for long periods can damage your hearing. Do not use noise cancelling while in traffic.',
      ),
      powerSupply: { minWatts: 5, maxWatts: 10, usbPowerDelivery: false, chargerIncluded: false },
      categories: ['audio', 'elektronik'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-AUD-KOP',
        look: { motif: 'headphones', accent: '#c7972c', second: L('Zusammengeklappt', 'Folded') },
        colours: ['schwarz', 'beige'],
        each: (_colour, _size, i) => ({ gtin: ean(407 + i) }),
      }),
    });
  }
  {
    const name = L('Bluetooth-Lautsprecher Outdoor', 'Outdoor Bluetooth Speaker');
    const slug = 'bluetooth-lautsprecher-outdoor';
    add({
      slug,
      name,
      shortDescription: L(
        'Wasserdichter Lautsprecher (IP67) mit 360°-Klang.',
        'A waterproof (IP67) speaker with 360° sound.',
      ),
      description: L(
        'Übersteht Regen, Staub und ein kurzes Bad im See. Bis zu 16 Stunden Musik mit einer Akkuladung, zwei Lautsprecher lassen sich zu einem Stereopaar koppeln.',
        'Survives rain, dust and a quick dip in the lake. Up to 16 hours of music per charge; two speakers can be paired for stereo.',
      ),
      sku: 'LZ-AUD-LAU',
      gtin: ean(409),
      regularPrice: 5990,
      weightKg: 0.6,
      deliveryTime: '1-3-werktage',
      manufacturer: 'klangfabrik-audio',
      safetyInstructions: batterySafety,
      powerSupply: { minWatts: 5, maxWatts: 15, usbPowerDelivery: true, chargerIncluded: false },
      categories: ['audio', 'elektronik'],
      imageSpecs: pictures(slug, name, {
        motif: 'speaker',
        color: '#c7972c',
        accent: '#26272b',
        subtitle: L('IP67 · 16 h', 'IP67 · 16 h'),
        second: L('Rückseite', 'Back'),
      }),
    });
  }

  // Spielzeug

  const blockLines = [
    'Produkt: Holzbausteine, 50 Teile (Art.-Nr. LZ-SPI-BAU50)',
    'Hersteller: Holzwerk Erzgebirge e. K., Spielzeugweg 2, 09548 Seiffen, Deutschland',
    'Kontakt: info@holzwerk-erzgebirge.example',
    '',
    'Altersempfehlung: ab 3 Jahren',
    'Achtung! Nicht für Kinder unter 3 Jahren geeignet. Erstickungsgefahr wegen verschluckbarer Kleinteile.',
    'Material: Buchenholz aus nachhaltiger Forstwirtschaft, Farben auf Wasserbasis (speichelfest nach DIN 53160).',
    'Geprüft nach EN 71-1, EN 71-2 und EN 71-3. CE-gekennzeichnet.',
    'Pflege: nur feucht abwischen, nicht in Wasser legen.',
    '',
    'Product: Wooden building blocks, 50 pieces',
    'Warning! Not suitable for children under 3 years. Choking hazard – small parts.',
    'Material: beech wood from sustainable forestry, water-based paints (saliva-resistant).',
    'Tested to EN 71-1, EN 71-2 and EN 71-3. CE marked. Wipe clean with a damp cloth only.',
  ];
  {
    const name = L('Holzbausteine, 50 Teile', 'Wooden Building Blocks, 50 pieces');
    const slug = 'holzbausteine-50';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Bunte Bausteine aus Buchenholz in der Stoffsack-Aufbewahrung.',
        'Colourful beech wood blocks in a fabric storage bag.',
      ),
      description: L(
        '50 Steine in zwölf Formen und sechs Farben – für Türme, Brücken und ganze Städte. Die Kanten sind sorgfältig gerundet, die Farben speichelfest.\n\nIm Erzgebirge gefertigt und nach EN 71 geprüft. Das Sicherheitsdatenblatt finden Sie unten zum Herunterladen.',
        '50 blocks in twelve shapes and six colours – for towers, bridges and whole cities. The edges are carefully rounded and the paints saliva-resistant.\n\nMade in the Ore Mountains and tested to EN 71. You can download the safety data sheet below.',
      ),
      sku: 'LZ-SPI-BAU50',
      gtin: ean(501),
      regularPrice: 2990,
      weightKg: 1.9,
      lengthCm: 30,
      widthCm: 22,
      heightCm: 15,
      manageStock: true,
      stockQuantity: 17,
      lowStockAmount: 5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'holzwerk-erzgebirge',
      safetyInstructions: toySafety,
      categories: ['spielzeug'],
      attributes: [{ attribute: 'material', terms: ['buchenholz'] }],
      imageSpecs: pictures(slug, name, {
        motif: 'blocks',
        color: '#b8372f',
        accent: '#2f5e8e',
        subtitle: L('Ab 3 Jahren', 'Ages 3+'),
        second: L('Beim Spielen', 'At play'),
      }),
      attachments: [
        {
          kind: 'safety',
          title: L('Sicherheitsdatenblatt (PDF)', 'Safety data sheet (PDF)'),
          fileName: 'sicherheitsdatenblatt-holzbausteine-50.pdf',
          sheetTitle: 'Sicherheitsinformationen – Holzbausteine, 50 Teile',
          lines: blockLines,
        },
      ],
    });
  }
  {
    const name = L('Teddybär Bruno, 30 cm', 'Bruno the Teddy Bear, 30 cm');
    const slug = 'teddybaer-bruno';
    add({
      slug,
      name,
      shortDescription: L(
        'Kuschelweicher Teddy mit gestickten Augen – schon für die Kleinsten.',
        'A cuddly teddy with embroidered eyes – safe for the very youngest.',
      ),
      description: L(
        'Bruno ist aus Bio-Baumwoll-Plüsch genäht und mit recyceltem Füllmaterial gestopft. Augen und Nase sind gestickt, damit sich nichts lösen kann. Handwäsche oder Wäschenetz bei 30 °C.',
        'Bruno is sewn from organic cotton plush and stuffed with recycled filling. Eyes and nose are embroidered so nothing can come loose. Hand wash or 30 °C in a laundry bag.',
      ),
      sku: 'LZ-SPI-TED',
      gtin: ean(502),
      regularPrice: 3490,
      weightKg: 0.35,
      lengthCm: 20,
      widthCm: 18,
      heightCm: 30,
      deliveryTime: '1-3-werktage',
      manufacturer: 'pluschwerk-sonneberg',
      safetyInstructions: L(
        'Geeignet ab 0 Monaten. Vor Gebrauch alle Etiketten und Verpackungsteile entfernen. Regelmäßig auf Beschädigungen prüfen und beschädigtes Spielzeug nicht weiter verwenden.',
        'Suitable from birth. Remove all tags and packaging before use. Check regularly for damage and stop using a damaged toy.',
      ),
      categories: ['spielzeug'],
      imageSpecs: pictures(slug, name, {
        motif: 'teddy',
        color: '#a8743e',
        accent: '#b8372f',
        subtitle: L('30 cm · ab 0 Monaten', '30 cm · from birth'),
        second: L('Winkend', 'Waving'),
      }),
      attachments: [
        {
          kind: 'safety',
          title: L('Sicherheitshinweise (PDF)', 'Safety information (PDF)'),
          fileName: 'sicherheitshinweise-teddybaer-bruno.pdf',
          sheetTitle: 'Sicherheitsinformationen – Teddybär Bruno, 30 cm',
          lines: [
            'Produkt: Teddybär Bruno, 30 cm (Art.-Nr. LZ-SPI-TED)',
            'Hersteller: Plüschwerk Sonneberg GmbH, Bärenstraße 6, 96515 Sonneberg, Deutschland',
            'Kontakt: hallo@pluschwerk.example',
            '',
            'Geeignet ab 0 Monaten. Vor Gebrauch alle Etiketten und Verpackungsteile entfernen.',
            'Regelmäßig auf Beschädigungen prüfen; beschädigtes Spielzeug nicht weiter verwenden.',
            'Material: Bio-Baumwolle, Füllung aus recyceltem Polyester.',
            'Geprüft nach EN 71-1, EN 71-2 und EN 71-3. CE-gekennzeichnet.',
            'Pflege: Handwäsche oder Maschinenwäsche bei 30 °C im Wäschenetz.',
            '',
            'Suitable from birth. Remove all tags and packaging before use.',
            'Check regularly for damage and stop using a damaged toy.',
          ],
        },
      ],
    });
  }
  {
    const name = L(
      'Puzzle „Leipziger Ansichten“, 500 Teile',
      'Jigsaw "Views of Leipzig", 500 pieces',
    );
    const slug = 'puzzle-leipziger-ansichten';
    add({
      slug,
      name,
      shortDescription: L(
        'Puzzle mit Motiven vom Augustusplatz bis zur Südvorstadt.',
        'A jigsaw with scenes from Augustusplatz to the Südvorstadt.',
      ),
      description: L(
        'Fertiges Format 49 × 36 cm, gedruckt auf dicker Graupappe aus Recyclingmaterial. Mit Posterbeilage als Vorlage.',
        'Finished size 49 × 36 cm, printed on thick recycled greyboard. Comes with a poster as a guide.',
      ),
      sku: 'LZ-SPI-PUZ500',
      gtin: ean(503),
      regularPrice: 1799,
      weightKg: 0.5,
      lengthCm: 30,
      widthCm: 20,
      heightCm: 5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'holzwerk-erzgebirge',
      safetyInstructions: toySafety,
      categories: ['spielzeug'],
      imageSpecs: pictures(slug, name, {
        motif: 'puzzle',
        color: '#2f5e8e',
        accent: '#e4b43a',
        subtitle: L('500 Teile', '500 pieces'),
        second: L('Einzelne Teile', 'Single pieces'),
      }),
    });
  }
  {
    const name = L('Memo-Spiel „Waldtiere“, 48 Karten', 'Memory Game "Forest Animals", 48 cards');
    const slug = 'memo-spiel-waldtiere';
    add({
      slug,
      name,
      shortDescription: L(
        '24 Bildpaare mit Fuchs, Dachs, Eule und Co.',
        '24 picture pairs with fox, badger, owl and friends.',
      ),
      description: L(
        'Liebevoll illustrierte Karten aus extra starkem Karton. Trainiert Gedächtnis und Konzentration – für 1 bis 6 Spielende ab 4 Jahren.',
        'Lovingly illustrated cards made from extra-thick card. Trains memory and concentration – for 1 to 6 players aged 4 and up.',
      ),
      sku: 'LZ-SPI-MEM',
      gtin: ean(504),
      regularPrice: 1499,
      shippingClass: 'small',
      weightKg: 0.3,
      deliveryTime: '1-3-werktage',
      manufacturer: 'holzwerk-erzgebirge',
      safetyInstructions: toySafety,
      categories: ['spielzeug'],
      imageSpecs: pictures(slug, name, {
        motif: 'box',
        color: '#3e7a4e',
        accent: '#e8a33a',
        subtitle: L('Ab 4 Jahren', 'Ages 4+'),
        second: L('Schachtel, Rückseite', 'Box, back'),
      }),
    });
  }

  // Wohnen & Stoffe: Stoffe – sold by the metre in half-metre steps

  const byTheMetre = {
    unit: 'm',
    productUnits: 1,
    unitBase: 1,
    minQuantity: 0.5,
    quantityStep: 0.5,
    maxQuantity: 20,
  } as const;
  {
    const name = L('Baumwollstoff Meterware', 'Cotton Fabric by the Metre');
    const slug = 'baumwollstoff-meterware';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Bedruckter Baumwoll-Popeline, 145 cm breit – ab 0,5 m.',
        'Printed cotton poplin, 145 cm wide – from 0.5 m.',
      ),
      description: L(
        'Fester, glatter Popeline aus 100 % Baumwolle (Oeko-Tex Standard 100), ideal für Kleider, Blusen, Kissen und Taschen. Der Preis gilt pro Meter; bestellbar in Schritten von 0,5 m, am Stück zugeschnitten.',
        'A firm, smooth poplin in 100 % cotton (Oeko-Tex Standard 100), ideal for dresses, blouses, cushions and bags. The price is per metre; order in 0.5 m steps, cut in one piece.',
      ),
      sku: 'LZ-STO-BAU',
      gtin: ean(601),
      regularPrice: 1290,
      ...byTheMetre,
      weightKg: 0.16,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['stoffe', 'wohnen-stoffe'],
      ...patternMatrix({
        slug,
        name,
        sku: 'LZ-STO-BAU',
        motif: 'fabric',
        stock: { streifen: 32.5, punkte: 12, karo: 0 },
      }),
    });
  }
  {
    const name = L('Leinenstoff Natur, Meterware', 'Natural Linen Fabric by the Metre');
    const slug = 'leinenstoff-natur';
    add({
      slug,
      name,
      shortDescription: L(
        'Vorgewaschenes Halbleinen, 150 cm breit.',
        'Pre-washed half-linen, 150 cm wide.',
      ),
      description: L(
        // A video link on a line of its own plays in the video lightbox.
        '55 % Leinen, 45 % Baumwolle, vorgewaschen und daher kaum noch einlaufend. Mit lebendiger Struktur – schön für Tischwäsche, Vorhänge und Sommerhosen.\n\nhttps://vimeo.com/76979871',
        '55 % linen, 45 % cotton, pre-washed so it hardly shrinks. With a lively texture – lovely for table linen, curtains and summer trousers.\n\nhttps://vimeo.com/76979871',
      ),
      sku: 'LZ-STO-LEI',
      gtin: ean(602),
      regularPrice: 1890,
      ...byTheMetre,
      manageStock: true,
      stockQuantity: 64.5,
      lowStockAmount: 10,
      weightKg: 0.24,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['stoffe', 'wohnen-stoffe'],
      attributes: [{ attribute: 'material', terms: ['leinen'] }],
      imageSpecs: pictures(slug, name, {
        motif: 'fabric',
        color: '#d9c8a6',
        accent: '#8c7a5a',
        subtitle: L('150 cm breit', '150 cm wide'),
      }),
    });
  }
  {
    const name = L('Jersey uni, Meterware', 'Plain Jersey by the Metre');
    const slug = 'jersey-uni-meterware';
    add({
      slug,
      name,
      shortDescription: L(
        'Elastischer Baumwolljersey für Shirts und Kinderkleidung.',
        "Stretchy cotton jersey for tops and children's clothes.",
      ),
      description: L(
        '95 % Bio-Baumwolle, 5 % Elasthan, 160 cm breit, rund 220 g/m². Formstabil und angenehm weich auf der Haut.',
        '95 % organic cotton, 5 % elastane, 160 cm wide, about 220 g/m². Holds its shape and feels soft on the skin.',
      ),
      sku: 'LZ-STO-JER',
      regularPrice: 1490,
      ...byTheMetre,
      weightKg: 0.22,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['stoffe', 'wohnen-stoffe'],
      ...colourMatrix({
        slug,
        name,
        sku: 'LZ-STO-JER',
        look: { motif: 'fabric', accent: '#f3efe4' },
        colours: ['rosa', 'navy', 'senf', 'gruen'],
        soldOut: ['senf'],
        each: (_colour, _size, i) => ({ gtin: ean(603 + i), stockQuantity: 8 + i * 6.5 }),
      }),
    });
  }

  // Wohnen & Stoffe: Wohnaccessoires

  {
    const name = L('Kissenhülle 40 × 40 cm', 'Cushion Cover 40 × 40 cm');
    const slug = 'kissenhuelle-40';
    add({
      slug,
      name,
      shortDescription: L(
        'Kissenhülle aus Baumwolle mit verdecktem Reißverschluss.',
        'A cotton cushion cover with a concealed zip.',
      ),
      description: L(
        'Passend zu unseren Meterwaren in Streifen, Punkten und Karo. Ohne Füllkissen. Waschbar bei 40 °C.',
        'Matches our fabrics by the metre in stripes, dots and check. Inner cushion not included. Washable at 40 °C.',
      ),
      sku: 'LZ-WOH-KIS',
      gtin: ean(611),
      regularPrice: 1990,
      weightKg: 0.15,
      lengthCm: 40,
      widthCm: 40,
      heightCm: 1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'nordstoff-textil',
      categories: ['wohnaccessoires', 'wohnen-stoffe'],
      ...patternMatrix({
        slug,
        name,
        sku: 'LZ-WOH-KIS',
        motif: 'cushion',
        stock: { streifen: 14, punkte: 0, karo: 6 },
      }),
    });
  }
  {
    const name = L('Wolldecke Karo, 130 × 170 cm', 'Check Wool Blanket, 130 × 170 cm');
    const slug = 'wolldecke-karo';
    add({
      slug,
      name,
      shortDescription: L(
        'Schwere Decke aus Lammwolle mit Fransen.',
        'A heavy lambswool blanket with fringes.',
      ),
      description: L(
        'Gewebt in einer traditionsreichen Tuchfabrik in der Lausitz. Die Wolle stammt von Schafen aus der Region. Derzeit ausverkauft – bestellen Sie vor, wir liefern aus der nächsten Webpartie.',
        'Woven in a long-established cloth mill in Lusatia from the wool of local sheep. Currently sold out – order now and we will ship from the next weaving batch.',
      ),
      sku: 'LZ-WOH-DEC',
      gtin: ean(612),
      regularPrice: 6900,
      manageStock: true,
      stockQuantity: 0,
      backorders: 'notify',
      weightKg: 1.6,
      lengthCm: 45,
      widthCm: 35,
      heightCm: 12,
      deliveryTime: '2-3-wochen',
      manufacturer: 'wohnwerk-lausitz',
      categories: ['wohnaccessoires', 'wohnen-stoffe'],
      attributes: [{ attribute: 'material', terms: ['schurwolle'] }],
      imageSpecs: pictures(slug, name, {
        motif: 'blanket',
        color: '#b8372f',
        accent: '#26272b',
        pattern: 'check',
        subtitle: L('Lammwolle', 'Lambswool'),
        second: L('Gerollt', 'Rolled'),
      }),
    });
  }
  {
    const name = L('Keramikbecher, handgemacht, 350 ml', 'Handmade Ceramic Mug, 350 ml');
    const slug = 'keramikbecher-handgemacht';
    add({
      slug,
      name,
      shortDescription: L(
        'Gedrehter Becher aus Steinzeug mit Laufglasur – jedes Stück ein Unikat.',
        'A wheel-thrown stoneware mug with a flowing glaze – each one unique.',
      ),
      description: L(
        'In einer kleinen Töpferei in der Lausitz von Hand gedreht und bei 1.240 °C gebrannt. Spülmaschinen- und mikrowellengeeignet. Form und Glasur variieren leicht.',
        'Thrown by hand in a small pottery in Lusatia and fired at 1,240 °C. Dishwasher and microwave safe. Shape and glaze vary slightly.',
      ),
      sku: 'LZ-WOH-BEC',
      gtin: ean(613),
      regularPrice: 1690,
      weightKg: 0.42,
      lengthCm: 12,
      widthCm: 9,
      heightCm: 10,
      deliveryTime: '1-3-werktage',
      manufacturer: 'wohnwerk-lausitz',
      categories: ['wohnaccessoires', 'wohnen-stoffe'],
      attributes: [{ attribute: 'material', terms: ['steinzeug'] }],
      imageSpecs: pictures(slug, name, {
        motif: 'mug',
        color: '#4c7a8c',
        accent: '#d8b25a',
        subtitle: L('Steinzeug · 350 ml', 'Stoneware · 350 ml'),
        second: L('Im Paar', 'As a pair'),
      }),
    });
  }
  {
    const name = L('Stumpenkerzen im 3er-Set', 'Pillar Candles, set of 3');
    const slug = 'stumpenkerzen-3er';
    add({
      slug,
      name,
      shortDescription: L(
        'Kerzen aus Rapswachs in drei Höhen, rußarm abbrennend.',
        'Rapeseed wax candles in three heights with low-soot burning.',
      ),
      description: L(
        'Durchmesser 7 cm, Höhen 10, 15 und 20 cm. Rapswachs aus europäischem Anbau, Docht aus ungebleichter Baumwolle. Brenndauer insgesamt rund 110 Stunden.',
        'Diameter 7 cm, heights 10, 15 and 20 cm. Rapeseed wax from European crops, wick of unbleached cotton. Total burning time around 110 hours.',
      ),
      sku: 'LZ-WOH-KER3',
      gtin: ean(614),
      regularPrice: 1290,
      weightKg: 1.1,
      deliveryTime: '1-3-werktage',
      manufacturer: 'wohnwerk-lausitz',
      safetyInstructions: L(
        'Brennende Kerzen nie unbeaufsichtigt lassen. Außerhalb der Reichweite von Kindern und Haustieren und nicht in der Nähe brennbarer Gegenstände aufstellen.',
        'Never leave burning candles unattended. Keep out of reach of children and pets and away from flammable objects.',
      ),
      categories: ['wohnaccessoires', 'wohnen-stoffe'],
      imageSpecs: pictures(slug, name, {
        motif: 'candle',
        color: '#ece4d2',
        accent: '#c7972c',
        subtitle: L('Rapswachs', 'Rapeseed wax'),
      }),
    });
  }
  {
    const name = L('Stehleuchte mit Leinenschirm', 'Floor Lamp with Linen Shade');
    const slug = 'stehleuchte-leinenschirm';
    add({
      slug,
      name,
      shortDescription: L(
        'Schlanke Stehleuchte aus geöltem Eichenholz, 160 cm hoch.',
        'A slender floor lamp of oiled oak, 160 cm tall.',
      ),
      description: L(
        'Fuß und Stab aus massiver Eiche, Schirm aus naturfarbenem Leinen für warmes, blendfreies Licht. Für Leuchtmittel mit E27-Sockel bis 60 W (nicht enthalten). Wird auf Bestellung gefertigt.',
        'Base and stem in solid oak, natural linen shade for warm, glare-free light. Takes E27 bulbs up to 60 W (not included). Made to order.',
      ),
      sku: 'LZ-WOH-STE',
      gtin: ean(615),
      regularPrice: 14900,
      manageStock: true,
      stockQuantity: 2,
      backorders: 'yes',
      shippingClass: 'bulky',
      weightKg: 6.8,
      lengthCm: 50,
      widthCm: 50,
      heightCm: 165,
      deliveryTime: '2-3-wochen',
      manufacturer: 'wohnwerk-lausitz',
      safetyInstructions: L(
        'Nur in trockenen Innenräumen verwenden. Vor dem Wechsel des Leuchtmittels Netzstecker ziehen und abkühlen lassen.',
        'For dry indoor rooms only. Unplug and let the bulb cool down before changing it.',
      ),
      shippingCostsInfo: L(
        'Lieferung per Spedition bis zur Bordsteinkante; Versandkosten 19,90 € je Bestellung, nur innerhalb Deutschlands.',
        'Delivered by freight carrier to the kerbside; shipping €19.90 per order, within Germany only.',
      ),
      categories: ['wohnaccessoires', 'wohnen-stoffe'],
      attributes: [{ attribute: 'material', terms: ['leinen'] }],
      imageSpecs: pictures(slug, name, {
        motif: 'floorlamp',
        color: '#d9c8a6',
        accent: '#8a5a2b',
        subtitle: L('Eiche & Leinen', 'Oak & linen'),
        second: L('Eingeschaltet', 'Switched on'),
      }),
    });
  }

  // Bücher & Papeterie – books at the reduced rate, stationery at the standard rate

  {
    const name = L('Sächsische Küche neu entdeckt', 'Saxon Cooking Rediscovered');
    const slug = 'kochbuch-saechsische-kueche';
    add({
      slug,
      name,
      shortDescription: L(
        '80 Rezepte von Leipziger Allerlei bis Eierschecke – modern interpretiert.',
        '80 recipes from Leipziger Allerlei to Eierschecke, given a modern twist.',
      ),
      description: L(
        'Gebundene Ausgabe, 224 Seiten, durchgehend farbig bebildert. Mit Geschichten aus Küchen, Gärten und Märkten zwischen Erzgebirge und Elbe. Sprache: Deutsch.',
        'Hardcover, 224 pages, illustrated in full colour throughout. With stories from kitchens, gardens and markets between the Ore Mountains and the Elbe. Language: German.',
      ),
      sku: 'LZ-BUC-KOC',
      gtin: isbn(101),
      regularPrice: 2800,
      taxClass: 'reduced',
      weightKg: 0.98,
      lengthCm: 26,
      widthCm: 20,
      heightCm: 2.5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#3e7a4e',
        accent: '#e4b43a',
        subtitle: L('Kochbuch · 224 Seiten', 'Cookbook · 224 pages'),
      }),
    });
  }
  {
    const name = L('Nebel über dem Auwald – Roman', 'Mist over the Floodplain Forest – a Novel');
    const slug = 'roman-nebel-ueber-dem-auwald';
    add({
      slug,
      name,
      shortDescription: L(
        'Ein Leipziger Kriminalroman zwischen Kanälen, Kleingärten und Kaffeehäusern.',
        'A Leipzig crime novel set among canals, allotments and coffee houses.',
      ),
      description: L(
        'Als im Herbstnebel ein Boot ohne Ruderer den Karl-Heine-Kanal hinuntertreibt, beginnt für Kommissarin Lea Voigt eine Suche, die sie tief in die Vergangenheit ihrer Stadt führt. Taschenbuch, 368 Seiten.',
        "When a boat drifts down the Karl Heine Canal without a rower in the autumn mist, Inspector Lea Voigt begins a search that leads deep into her city's past. Paperback, 368 pages (German edition).",
      ),
      sku: 'LZ-BUC-ROM',
      gtin: isbn(102),
      regularPrice: 1400,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.36,
      deliveryTime: '1-3-werktage',
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#26303f',
        accent: '#b8372f',
        subtitle: L('Kriminalroman', 'Crime novel'),
      }),
    });
  }
  {
    // Digital content: nothing ships, and the checkout asks the separate consent of § 356 (5) BGB.
    const name = L('E-Book: Kaffee rösten zu Hause', 'E-book: Roasting Coffee at Home');
    const slug = 'e-book-kaffee-roesten-zu-hause';
    add({
      slug,
      name,
      shortDescription: L(
        'Das E-Book zur Hausröstung: Röstgrade, Geräte und 12 Röstprotokolle, als PDF und EPUB.',
        'The home-roasting e-book: roast levels, equipment and 12 roast logs, as PDF and EPUB.',
      ),
      description: L(
        'Von der Bohne bis zur Tasse: Röstgrade, Pfanne und Trommel, Abkühlen, Lagern und Mahlen, mit 12 Röstprotokollen zum Nachmachen. 96 Seiten, PDF und EPUB ohne Kopierschutz.',
        'From bean to cup: roast levels, pan and drum, cooling, storing and grinding, with 12 roast logs to follow. 96 pages, PDF and EPUB without copy protection (German edition).',
      ),
      sku: 'LZ-BUC-EBK',
      regularPrice: 999,
      // E-books carry the reduced rate like printed books (§ 12 (2) no. 14 UStG).
      taxClass: 'reduced',
      digital: true,
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#6b4a2f',
        accent: '#f4c95d',
        subtitle: L('E-Book · PDF und EPUB', 'E-book · PDF and EPUB'),
      }),
    });
  }
  {
    const name = L('Igel Ida sucht den Winter', 'Ida the Hedgehog Looks for Winter');
    const slug = 'kinderbuch-igel-ida';
    add({
      slug,
      name,
      shortDescription: L(
        'Ein Bilderbuch über Neugier, Freundschaft und den ersten Schnee.',
        'A picture book about curiosity, friendship and the first snow.',
      ),
      description: L(
        'Ida will unbedingt wissen, wie der Winter aussieht – und bleibt deshalb einfach wach. Ein warmherziges Vorlesebuch ab 3 Jahren, 32 Seiten, Pappband.',
        'Ida really wants to know what winter looks like – so she simply stays awake. A heart-warming read-aloud book for ages 3 and up, 32 pages, board cover (German edition).',
      ),
      sku: 'LZ-BUC-KIN',
      gtin: isbn(103),
      regularPrice: 1495,
      taxClass: 'reduced',
      shippingClass: 'small',
      weightKg: 0.42,
      deliveryTime: '1-3-werktage',
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher', 'spielzeug'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#e08a2e',
        accent: '#2f5e8e',
        subtitle: L('Bilderbuch ab 3 Jahren', 'Picture book, ages 3+'),
      }),
    });
  }
  {
    const name = L(
      'Signierte Erstausgabe „Nebel über dem Auwald“',
      'Signed First Edition "Mist over the Floodplain Forest"',
    );
    const slug = 'signierte-erstausgabe-auwald';
    add({
      slug,
      name,
      shortDescription: L(
        'Nummerierte, handsignierte Vorzugsausgabe im Leinenschuber.',
        'A numbered, hand-signed special edition in a linen slipcase.',
      ),
      description: L(
        'Eines von 99 Exemplaren, von der Autorin signiert und nummeriert. Fadengeheftet, mit Lesebändchen. Pro Bestellung kann nur ein Exemplar erworben werden.',
        'One of 99 copies, signed and numbered by the author. Sewn binding with a ribbon bookmark. Limited to one copy per order (German edition).',
      ),
      sku: 'LZ-BUC-SIG',
      gtin: isbn(104),
      regularPrice: 4900,
      taxClass: 'reduced',
      soldIndividually: true,
      manageStock: true,
      stockQuantity: 3,
      weightKg: 0.8,
      deliveryTime: '1-3-werktage',
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher'],
      imageSpecs: pictures(slug, name, {
        motif: 'book',
        color: '#6b1f2b',
        accent: '#d8b25a',
        subtitle: L('Nr. 1–99, signiert', 'No. 1–99, signed'),
      }),
    });
  }
  {
    const name = L('Notizbuch A5, punktkariert', 'A5 Dotted Notebook');
    const slug = 'notizbuch-a5-punktkariert';
    add({
      slug,
      name,
      shortDescription: L(
        'Fadengebundenes Notizbuch mit 192 Seiten, liegt flach auf.',
        'A thread-bound notebook with 192 pages that lies flat.',
      ),
      description: L(
        '100 g/m² starkes, tintenfestes Papier, nummerierte Seiten, Inhaltsverzeichnis, Gummiband und zwei Lesebändchen. Hardcover aus Leinen.',
        '100 g/m² fountain-pen-friendly paper, numbered pages, an index, elastic band and two ribbon bookmarks. Linen hardcover.',
      ),
      sku: 'LZ-PAP-NOT',
      gtin: ean(701),
      regularPrice: 1290,
      shippingClass: 'small',
      weightKg: 0.34,
      deliveryTime: '1-3-werktage',
      manufacturer: 'verlag-am-auwald',
      categories: ['buecher'],
      imageSpecs: pictures(slug, name, {
        motif: 'notebook',
        color: '#2f5e8e',
        accent: '#e08a2e',
        subtitle: L('192 Seiten', '192 pages'),
      }),
    });
  }

  // Refurbished – single tested devices

  const refurbished = (condition: string) => [{ attribute: 'condition', terms: [condition] }];
  {
    const name = L(
      'Smartphone Pixelstar 12, 128 GB – generalüberholt',
      'Pixelstar 12 Smartphone, 128 GB – refurbished',
    );
    const slug = 'smartphone-refurbished';
    add({
      slug,
      name,
      featured: true,
      shortDescription: L(
        'Geprüftes Smartphone mit neuem Akku und 12 Monaten Gewährleistung.',
        'A tested smartphone with a new battery and a 12-month warranty.',
      ),
      description: L(
        'In unserer Leipziger Werkstatt in 40 Prüfschritten getestet, auf Werkseinstellungen zurückgesetzt und mit neuem Akku ausgestattet. Lieferung mit USB-C-Kabel, ohne Netzteil.',
        'Tested in 40 steps in our Leipzig workshop, reset to factory settings and fitted with a new battery. Supplied with a USB-C cable, without a power adapter.',
      ),
      sku: 'LZ-REF-PHO-0417',
      regularPrice: 28900,
      soldIndividually: true,
      manageStock: true,
      stockQuantity: 1,
      weightKg: 0.19,
      lengthCm: 17,
      widthCm: 9,
      heightCm: 5,
      deliveryTime: '1-3-werktage',
      manufacturer: 'renew-technik',
      defectDescription: L(
        'Leichte Kratzer am Rahmen links unten; Display und Rückseite ohne Spuren. Akkukapazität 100 % (neu).',
        'Light scratches on the lower left of the frame; display and back without marks. Battery capacity 100 % (new).',
      ),
      taxInfo: refurbishedTax,
      safetyInstructions: batterySafety,
      powerSupply: { minWatts: 15, maxWatts: 25, usbPowerDelivery: true, chargerIncluded: false },
      categories: ['refurbished', 'elektronik'],
      attributes: refurbished('sehr-gut'),
      imageSpecs: pictures(slug, name, {
        motif: 'phone',
        color: '#3e7a4e',
        accent: '#e4b43a',
        subtitle: L('128 GB · Sehr gut', '128 GB · Very good'),
      }),
    });
  }
  {
    const name = L('Notebook ProBook 14 – generalüberholt', 'ProBook 14 Laptop – refurbished');
    const slug = 'notebook-refurbished';
    add({
      slug,
      name,
      shortDescription: L(
        '14-Zoll-Business-Notebook mit 16 GB RAM und 512 GB SSD.',
        'A 14-inch business laptop with 16 GB RAM and a 512 GB SSD.',
      ),
      description: L(
        'Vollständig gereinigt, mit neuer Tastatur und frisch installiertem Betriebssystem. Das Original-Netzteil (65 W, USB-C) liegt bei.',
        'Fully cleaned, with a new keyboard and a freshly installed operating system. The original power adapter (65 W, USB-C) is included.',
      ),
      sku: 'LZ-REF-NB-0288',
      gtin: ean(801),
      regularPrice: 44900,
      soldIndividually: true,
      manageStock: true,
      stockQuantity: 1,
      weightKg: 2.1,
      lengthCm: 40,
      widthCm: 30,
      heightCm: 8,
      deliveryTime: '1-3-werktage',
      manufacturer: 'renew-technik',
      defectDescription: L(
        'Akku mit 86 % Restkapazität; kleine Delle am Displaydeckel (ca. 3 mm), funktional ohne Einfluss.',
        'Battery at 86 % of original capacity; small dent on the lid (about 3 mm) with no effect on function.',
      ),
      safetyInstructions: batterySafety,
      powerSupply: { minWatts: 45, maxWatts: 65, usbPowerDelivery: true, chargerIncluded: true },
      categories: ['refurbished', 'elektronik'],
      attributes: refurbished('gut'),
      imageSpecs: pictures(slug, name, {
        motif: 'laptop',
        color: '#8c9096',
        accent: '#2f5e8e',
        subtitle: L('16 GB · 512 GB SSD', '16 GB · 512 GB SSD'),
        second: L('Halb geöffnet', 'Half open'),
      }),
    });
  }
  {
    const name = L(
      'Kaffeevollautomat Barista One – generalüberholt',
      'Barista One Bean-to-cup Machine – refurbished',
    );
    const slug = 'kaffeevollautomat-refurbished';
    add({
      slug,
      name,
      shortDescription: L(
        'Entkalkt, neu abgedichtet und mit frischer Brühgruppe.',
        'Descaled, resealed and fitted with a fresh brewing unit.',
      ),
      description: L(
        'Vom Fachbetrieb überholt: alle Dichtungen und die Brühgruppe wurden getauscht, das Mahlwerk justiert. Milchaufschäumer und Wassertank sind neu.',
        'Overhauled by specialists: all seals and the brewing unit were replaced and the grinder adjusted. The milk frother and water tank are new.',
      ),
      sku: 'LZ-REF-KVA-0102',
      gtin: ean(802),
      regularPrice: 32900,
      soldIndividually: true,
      manageStock: true,
      stockQuantity: 0,
      shippingClass: 'bulky',
      weightKg: 9.5,
      lengthCm: 45,
      widthCm: 30,
      heightCm: 40,
      deliveryTime: '3-5-werktage',
      manufacturer: 'renew-technik',
      defectDescription: L(
        'Gebrauchsspuren an der Seitenverkleidung (feine Kratzer), Abtropfgitter leicht verfärbt.',
        'Signs of use on the side panel (fine scratches), drip grid slightly discoloured.',
      ),
      safetyInstructions: L(
        'Vor dem Reinigen den Netzstecker ziehen. Gerät niemals in Wasser tauchen. Vorsicht: Dampf und heißes Wasser am Auslauf.',
        'Unplug before cleaning. Never immerse the appliance in water. Caution: steam and hot water at the spout.',
      ),
      taxInfo: refurbishedTax,
      categories: ['refurbished'],
      attributes: refurbished('gut'),
      imageSpecs: pictures(slug, name, {
        motif: 'coffeemachine',
        color: '#26272b',
        accent: '#c7972c',
        subtitle: L('Zustand: gut', 'Condition: good'),
      }),
    });
  }
  {
    const name = L('Tablet Tabula 10 – generalüberholt', 'Tabula 10 Tablet – refurbished');
    const slug = 'tablet-refurbished';
    add({
      slug,
      name,
      shortDescription: L(
        '10,5-Zoll-Tablet mit 64 GB, ideal zum Lesen und Streamen.',
        'A 10.5-inch tablet with 64 GB, ideal for reading and streaming.',
      ),
      description: L(
        'Geprüft, gereinigt und auf die neueste Softwareversion aktualisiert. Lieferung mit USB-C-Kabel, Netzteil separat erhältlich.',
        'Tested, cleaned and updated to the latest software. Supplied with a USB-C cable; power adapter sold separately.',
      ),
      sku: 'LZ-REF-TAB-0733',
      gtin: ean(803),
      regularPrice: 17900,
      salePrice: 15900,
      soldIndividually: true,
      manageStock: true,
      stockQuantity: 2,
      weightKg: 0.52,
      deliveryTime: '1-3-werktage',
      manufacturer: 'renew-technik',
      defectDescription: L(
        'Ein feiner Haarkratzer auf dem Display, bei eingeschaltetem Bildschirm nicht sichtbar.',
        'One fine hairline scratch on the display, not visible when the screen is on.',
      ),
      safetyInstructions: batterySafety,
      powerSupply: { minWatts: 10, maxWatts: 18, usbPowerDelivery: true, chargerIncluded: false },
      categories: ['refurbished', 'elektronik'],
      attributes: refurbished('wie-neu'),
      imageSpecs: pictures(slug, name, {
        motif: 'tablet',
        color: '#26272b',
        accent: '#5d9bd1',
        subtitle: L('64 GB · Wie neu', '64 GB · Like new'),
      }),
    });
  }

  // Textile care notes complete the apparel descriptions.
  for (const p of products) {
    if (p.categories.includes('mode') && p.description && !p.categories.includes('schuhe')) {
      p.description = L(
        `${p.description.de}\n\n${textileCare.de}`,
        `${p.description.en}\n\n${textileCare.en}`,
      );
    }
  }

  return {
    owner,
    deliveryTimes,
    depositTypes,
    manufacturers,
    categories,
    attributes,
    products,
    reviews: demoReviews(),
  };
}

function demoReviews(): DemoReview[] {
  const r = (
    product: string,
    author: string,
    rating: number,
    locale: 'de' | 'en',
    daysAgo: number,
    content: string,
    verifiedOwner = true,
  ): DemoReview => ({ product, author, rating, locale, daysAgo, content, verifiedOwner });
  return [
    r(
      'cafe-crema-bohnen',
      'Sabine K.',
      5,
      'de',
      12,
      'Endlich ein Kaffee, der im Vollautomaten nicht bitter wird. Schön mild, trotzdem aromatisch.',
    ),
    r(
      'cafe-crema-bohnen',
      'Thomas W.',
      4,
      'de',
      48,
      'Gute Bohnen, frisch geröstet. Für meinen Geschmack dürfte er etwas kräftiger sein.',
    ),
    r(
      'cafe-crema-bohnen',
      'Emily R.',
      5,
      'en',
      95,
      'Lovely smooth coffee, arrived two days after roasting. My new everyday beans.',
    ),
    r(
      'cafe-crema-bohnen',
      'Jörg P.',
      3,
      'de',
      210,
      'Geschmacklich in Ordnung, aber die Tüte ließ sich nach dem Öffnen schlecht wieder verschließen.',
      false,
    ),
    r(
      'espresso-hausroestung',
      'Marco L.',
      5,
      'de',
      7,
      'Tolle Crema aus dem Siebträger, schokoladig und kaum Säure. Das 1-kg-Paket lohnt sich.',
    ),
    r(
      'espresso-hausroestung',
      'Anja F.',
      4,
      'de',
      66,
      'Sehr lecker, gemahlen passt der Mahlgrad gut zu meiner Maschine.',
    ),
    r(
      'espresso-hausroestung',
      'David S.',
      5,
      'en',
      150,
      'Rich, chocolatey and forgiving to dial in. Great value for a small-batch roast.',
    ),
    r(
      'olivenoel-nativ-extra',
      'Katharina B.',
      5,
      'de',
      20,
      'Grün, fruchtig, schön pfeffrig im Abgang – genau so muss gutes Olivenöl schmecken.',
    ),
    r(
      'olivenoel-nativ-extra',
      'Peter M.',
      4,
      'de',
      133,
      'Sehr gutes Öl, die Flasche war sicher verpackt. Preis ist angemessen.',
    ),
    r(
      'olivenoel-nativ-extra',
      'Sophie T.',
      2,
      'en',
      240,
      'The oil itself is fine, but my bottle arrived with a leaking cap. Customer service replaced it quickly, though.',
      false,
    ),
    r(
      'leipziger-helles-kasten',
      'Uwe H.',
      5,
      'de',
      31,
      'Süffig, nicht zu herb, perfekt zum Grillen. Lieferung bis in den 3. Stock – danke!',
    ),
    r(
      'leipziger-helles-kasten',
      'Lena G.',
      4,
      'de',
      180,
      'Leckeres Helles. Dass das Leergut bei der nächsten Lieferung mitgenommen wird, ist super praktisch.',
    ),
    r(
      'riesling-trocken',
      'Christine N.',
      5,
      'de',
      44,
      'Frisch, mineralisch, herrlich zum Spargel. Wird nachbestellt.',
    ),
    r(
      'riesling-trocken',
      'James O.',
      4,
      'en',
      101,
      'Crisp and zesty with a nice peachy note. A very good Riesling for the price.',
    ),
    r(
      'basic-tshirt-bio',
      'Mia S.',
      5,
      'de',
      5,
      'Der Stoff ist schön dick und nicht durchsichtig, auch in Weiß. Größe passt wie angegeben.',
    ),
    r(
      'basic-tshirt-bio',
      'Felix R.',
      4,
      'de',
      39,
      'Gute Qualität, nach drei Wäschen noch in Form. Läuft minimal ein, daher eher eine Nummer größer.',
    ),
    r(
      'basic-tshirt-bio',
      'Hannah W.',
      5,
      'en',
      77,
      'Soft, heavy cotton and a great fit. The yellow is a really warm shade.',
    ),
    r(
      'basic-tshirt-bio',
      'Stefan J.',
      1,
      'de',
      300,
      'Nach der ersten Wäsche hatte sich eine Naht am Ärmel gelöst. Leider enttäuschend.',
      false,
    ),
    r(
      'sneaker-stadtlaeufer',
      'Julia K.',
      5,
      'de',
      14,
      'Super bequem, schon am ersten Tag ohne Blasen eingelaufen. Das Leder ist wunderbar weich.',
    ),
    r(
      'sneaker-stadtlaeufer',
      'Niklas B.',
      4,
      'de',
      58,
      'Schöner, schlichter Schuh. Fällt etwas schmal aus.',
    ),
    r(
      'sneaker-stadtlaeufer',
      'Olivia P.',
      5,
      'en',
      120,
      'Beautifully made and very comfortable. Worth every cent.',
    ),
    r(
      'sneaker-stadtlaeufer',
      'Rainer D.',
      3,
      'de',
      260,
      'Optisch top, die Sohle ist mir aber nach einem halben Jahr schon recht abgelaufen.',
    ),
    r(
      'bluetooth-kopfhoerer',
      'Tobias E.',
      5,
      'de',
      9,
      'Die Geräuschunterdrückung ist im Zug beeindruckend und der Akku hält ewig.',
    ),
    r(
      'bluetooth-kopfhoerer',
      'Laura M.',
      4,
      'de',
      88,
      'Klingt ausgewogen und sitzt angenehm. Der Bügel drückt nach drei Stunden etwas.',
    ),
    r(
      'bluetooth-kopfhoerer',
      'Daniel C.',
      2,
      'en',
      199,
      'Sound is good, but the multipoint connection drops regularly between my laptop and phone.',
    ),
    r(
      'usb-c-ladegeraet-65w',
      'Martin V.',
      5,
      'de',
      26,
      'Lädt mein Notebook genauso schnell wie das Originalnetzteil und ist nur halb so groß.',
    ),
    r(
      'usb-c-ladegeraet-65w',
      'Grace L.',
      4,
      'en',
      140,
      'Compact and reliable. Gets a little warm under full load, but nothing worrying.',
    ),
    r(
      'holzbausteine-50',
      'Claudia S.',
      5,
      'de',
      18,
      'Wunderschöne, sauber verarbeitete Steine. Unsere Tochter baut jeden Tag damit.',
    ),
    r(
      'holzbausteine-50',
      'Markus A.',
      5,
      'de',
      73,
      'Tolle Farben, angenehmes Gewicht, und der Stoffbeutel ist praktisch zum Aufräumen.',
    ),
    r(
      'holzbausteine-50',
      'Rachel H.',
      4,
      'en',
      160,
      'Lovely quality blocks. I only wish there were a few more of the long ones.',
    ),
    r(
      'teddybaer-bruno',
      'Birgit L.',
      5,
      'de',
      35,
      'Ganz weich und liebevoll genäht. Das perfekte Geschenk zur Geburt.',
    ),
    r(
      'teddybaer-bruno',
      'Ben T.',
      5,
      'en',
      210,
      'Our son has not let go of Bruno since he got him. Survived the washing machine, too.',
    ),
    r(
      'baumwollstoff-meterware',
      'Heike Z.',
      5,
      'de',
      22,
      'Schöner fester Popeline, die Streifen sind exakt gedruckt. Sauber zugeschnitten.',
    ),
    r(
      'baumwollstoff-meterware',
      'Petra O.',
      4,
      'de',
      110,
      'Ich habe 1,5 m bestellt und ein Kleid genäht. Farbe etwas dunkler als auf dem Bild.',
    ),
    r(
      'baumwollstoff-meterware',
      'Anna F.',
      3,
      'en',
      230,
      'Nice fabric, but the dotted pattern was sold out for weeks.',
      false,
    ),
    r(
      'wolldecke-karo',
      'Gisela R.',
      5,
      'de',
      60,
      'Warm, schwer und wunderschön. Das Warten hat sich gelohnt.',
    ),
    r(
      'wolldecke-karo',
      'Frank K.',
      4,
      'de',
      190,
      'Sehr schöne Decke, kratzt anfangs ein wenig, wird aber weicher.',
    ),
    r(
      'kochbuch-saechsische-kueche',
      'Ingrid M.',
      5,
      'de',
      28,
      'Herrliche Rezepte und tolle Fotos. Die Quarkkeulchen gibt es jetzt jeden Sonntag.',
    ),
    r(
      'kochbuch-saechsische-kueche',
      'Lukas W.',
      4,
      'de',
      145,
      'Gut erklärt und alltagstauglich. Ein paar Mengenangaben für vier Personen wären hilfreich.',
    ),
    r(
      'smartphone-refurbished',
      'Kevin N.',
      5,
      'de',
      16,
      'Wie neu, nur mit der Lupe sieht man die Kratzer am Rahmen. Akku hält den ganzen Tag.',
    ),
    r(
      'smartphone-refurbished',
      'Sarah B.',
      4,
      'en',
      82,
      'Great condition and fast delivery. A good way to avoid buying new.',
    ),
    r(
      'smartphone-refurbished',
      'Dieter G.',
      1,
      'de',
      275,
      'Das Gerät hatte einen Wackelkontakt an der Ladebuchse. Die Rücksendung lief aber problemlos.',
      false,
    ),
    r(
      'keramikbecher-handgemacht',
      'Nina C.',
      5,
      'de',
      41,
      'Jeder Becher ein kleines Kunstwerk. Liegt toll in der Hand.',
    ),
    r(
      'keramikbecher-handgemacht',
      'Tom A.',
      4,
      'en',
      170,
      'Beautiful glaze and a nice weight. Slightly smaller than I expected.',
    ),
  ];
}
