/**
 * The address data per country, in the spirit of WooCommerce's country locale: the default
 * field set, each country's overrides (labels, required, hidden, priority), its states and its
 * postcode format. The rules that read it are in address-locale.ts.
 */

export type Text = { de: string; en: string };

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export type FieldBase = {
  label: Text;
  placeholder?: Text;
  required: boolean;
  priority: number;
  class: string[];
  autocomplete: string;
  labelHidden?: boolean;
};

export type FieldOverride = Partial<Omit<FieldBase, 'class' | 'autocomplete'>> & {
  hidden?: boolean;
};

export const t = (de: string, en: string): Text => ({ de, en });

export const DEFAULT_FIELDS: Record<AddressField, FieldBase> = {
  first_name: {
    label: t('Vorname', 'First name'),
    required: true,
    priority: 10,
    class: ['form-row-first'],
    autocomplete: 'given-name',
  },
  last_name: {
    label: t('Nachname', 'Last name'),
    required: true,
    priority: 20,
    class: ['form-row-last'],
    autocomplete: 'family-name',
  },
  company: {
    label: t('Firmenname', 'Company name'),
    required: false,
    priority: 30,
    class: ['form-row-wide'],
    autocomplete: 'organization',
  },
  country: {
    label: t('Land / Region', 'Country / Region'),
    required: true,
    priority: 40,
    class: ['form-row-wide', 'address-field', 'update_totals_on_change'],
    autocomplete: 'country',
  },
  address_1: {
    label: t('Straße und Hausnummer', 'Street address'),
    placeholder: t('Straßenname und Hausnummer', 'House number and street name'),
    required: true,
    priority: 50,
    class: ['form-row-wide', 'address-field'],
    autocomplete: 'address-line1',
  },
  address_2: {
    label: t('Wohnung, Suite, Zimmer usw.', 'Apartment, suite, unit, etc.'),
    placeholder: t('Wohnung, Suite, Zimmer usw.', 'Apartment, suite, unit, etc.'),
    required: false,
    priority: 60,
    class: ['form-row-wide', 'address-field'],
    autocomplete: 'address-line2',
    labelHidden: true,
  },
  city: {
    label: t('Ort / Stadt', 'Town / City'),
    required: true,
    priority: 70,
    class: ['form-row-wide', 'address-field'],
    autocomplete: 'address-level2',
  },
  state: {
    label: t('Bundesland / Landkreis', 'State / County'),
    required: true,
    priority: 80,
    class: ['form-row-wide', 'address-field'],
    autocomplete: 'address-level1',
  },
  postcode: {
    label: t('Postleitzahl', 'Postcode / ZIP'),
    required: true,
    priority: 90,
    class: ['form-row-wide', 'address-field'],
    autocomplete: 'postal-code',
  },
  phone: {
    label: t('Telefon', 'Phone'),
    required: false,
    priority: 100,
    class: ['form-row-wide'],
    autocomplete: 'tel',
  },
};

export type State = { code: string; name: Text | string };

export type CountryRule = {
  name: Text;
  /** Postcode pattern on the normalised value; absent: any non-empty text up to 20 characters. */
  postcode?: RegExp;
  /** An example in the country's format, shown as placeholder. */
  postcodeExample?: string;
  /** Turns what was typed into the country's spelling ("1234ab" -> "1234 AB"). */
  normalize?: (compact: string) => string;
  states?: readonly State[];
  fields?: Partial<Record<AddressField, FieldOverride>>;
};

const NO_STATE: FieldOverride = { required: false, hidden: true };
/** Most of Europe writes the postcode before the city: the field moves up ahead of it. */
const POSTCODE_FIRST: FieldOverride = { priority: 65 };
const europe = (extra: Partial<Record<AddressField, FieldOverride>> = {}) => ({
  postcode: POSTCODE_FIRST,
  state: NO_STATE,
  ...extra,
});

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);
/** "12345" -> "123 45" (Czechia, Slovakia, Sweden, Greece). */
const splitThreeTwo = (compact: string) =>
  /^\d{5}$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;

const US_STATES: readonly State[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

const CH_CANTONS: readonly State[] = [
  ['AG', 'Aargau'],
  ['AR', 'Appenzell Ausserrhoden'],
  ['AI', 'Appenzell Innerrhoden'],
  ['BL', 'Basel-Landschaft'],
  ['BS', t('Basel-Stadt', 'Basel-City')],
  ['BE', t('Bern', 'Bern')],
  ['FR', t('Freiburg', 'Fribourg')],
  ['GE', t('Genf', 'Geneva')],
  ['GL', 'Glarus'],
  ['GR', t('Graubünden', 'Grisons')],
  ['JU', 'Jura'],
  ['LU', 'Luzern'],
  ['NE', t('Neuenburg', 'Neuchâtel')],
  ['NW', 'Nidwalden'],
  ['OW', 'Obwalden'],
  ['SH', 'Schaffhausen'],
  ['SZ', 'Schwyz'],
  ['SO', 'Solothurn'],
  ['SG', 'St. Gallen'],
  ['TG', 'Thurgau'],
  ['TI', t('Tessin', 'Ticino')],
  ['UR', 'Uri'],
  ['VS', t('Wallis', 'Valais')],
  ['VD', t('Waadt', 'Vaud')],
  ['ZG', 'Zug'],
  ['ZH', t('Zürich', 'Zurich')],
].map(([code, name]) => ({ code: code as string, name: name as Text | string }));

export const COUNTRIES: Record<string, CountryRule> = {
  AT: {
    name: t('Österreich', 'Austria'),
    postcode: digits(4),
    postcodeExample: '1010',
    fields: europe(),
  },
  BE: {
    name: t('Belgien', 'Belgium'),
    postcode: digits(4),
    postcodeExample: '1000',
    fields: europe(),
  },
  BG: {
    name: t('Bulgarien', 'Bulgaria'),
    postcode: digits(4),
    postcodeExample: '1000',
    fields: { state: { label: t('Oblast', 'Province'), required: false } },
  },
  HR: {
    name: t('Kroatien', 'Croatia'),
    postcode: digits(5),
    postcodeExample: '10000',
    fields: europe(),
  },
  CY: {
    name: t('Zypern', 'Cyprus'),
    postcode: digits(4),
    postcodeExample: '1010',
    fields: { state: NO_STATE },
  },
  CZ: {
    name: t('Tschechien', 'Czechia'),
    postcode: /^\d{3} \d{2}$/,
    postcodeExample: '110 00',
    normalize: splitThreeTwo,
    fields: europe(),
  },
  DK: {
    name: t('Dänemark', 'Denmark'),
    postcode: digits(4),
    postcodeExample: '1050',
    fields: europe(),
  },
  EE: {
    name: t('Estland', 'Estonia'),
    postcode: digits(5),
    postcodeExample: '10111',
    fields: europe(),
  },
  FI: {
    name: t('Finnland', 'Finland'),
    postcode: digits(5),
    postcodeExample: '00100',
    fields: europe(),
  },
  FR: {
    name: t('Frankreich', 'France'),
    postcode: digits(5),
    postcodeExample: '75001',
    fields: europe(),
  },
  DE: {
    name: t('Deutschland', 'Germany'),
    postcode: digits(5),
    postcodeExample: '10115',
    fields: europe(),
  },
  GR: {
    name: t('Griechenland', 'Greece'),
    postcode: /^\d{3} \d{2}$/,
    postcodeExample: '105 57',
    normalize: splitThreeTwo,
    fields: { state: { label: t('Region', 'Region'), required: false } },
  },
  HU: {
    name: t('Ungarn', 'Hungary'),
    postcode: digits(4),
    postcodeExample: '1051',
    // Hungarian order: family name first.
    fields: {
      last_name: { priority: 10 },
      first_name: { priority: 20 },
      postcode: POSTCODE_FIRST,
      state: { label: t('Komitat', 'County'), required: false },
    },
  },
  IE: {
    name: t('Irland', 'Ireland'),
    postcode: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/,
    postcodeExample: 'D02 X285',
    normalize: (c) => (c.length === 7 ? `${c.slice(0, 3)} ${c.slice(3)}` : c),
    fields: {
      postcode: { label: t('Eircode', 'Eircode'), required: false },
      state: { label: t('County', 'County'), required: false },
    },
  },
  IT: {
    name: t('Italien', 'Italy'),
    postcode: digits(5),
    postcodeExample: '00184',
    fields: { state: { label: t('Provinz', 'Province'), required: true } },
  },
  LV: {
    name: t('Lettland', 'Latvia'),
    postcode: /^LV-\d{4}$/,
    postcodeExample: 'LV-1050',
    normalize: (c) => (/^\d{4}$/.test(c) ? `LV-${c}` : c),
    fields: europe(),
  },
  LT: {
    name: t('Litauen', 'Lithuania'),
    postcode: /^LT-\d{5}$/,
    postcodeExample: 'LT-01100',
    normalize: (c) => (/^\d{5}$/.test(c) ? `LT-${c}` : c),
    fields: europe(),
  },
  LU: {
    name: t('Luxemburg', 'Luxembourg'),
    postcode: /^(L-)?\d{4}$/,
    postcodeExample: '1111',
    fields: europe(),
  },
  MT: {
    name: t('Malta', 'Malta'),
    postcode: /^[A-Z]{3} \d{4}$/,
    postcodeExample: 'VLT 1117',
    normalize: (c) => (/^[A-Z]{3}\d{4}$/.test(c) ? `${c.slice(0, 3)} ${c.slice(3)}` : c),
    fields: { state: NO_STATE },
  },
  NL: {
    name: t('Niederlande', 'Netherlands'),
    postcode: /^[1-9]\d{3} [A-Z]{2}$/,
    postcodeExample: '1012 AB',
    normalize: (c) => (/^\d{4}[A-Z]{2}$/.test(c) ? `${c.slice(0, 4)} ${c.slice(4)}` : c),
    fields: europe(),
  },
  PL: {
    name: t('Polen', 'Poland'),
    postcode: /^\d{2}-\d{3}$/,
    postcodeExample: '00-950',
    normalize: (c) => (/^\d{5}$/.test(c) ? `${c.slice(0, 2)}-${c.slice(2)}` : c),
    fields: europe(),
  },
  PT: {
    name: t('Portugal', 'Portugal'),
    postcode: /^\d{4}-\d{3}$/,
    postcodeExample: '1000-001',
    normalize: (c) => (/^\d{7}$/.test(c) ? `${c.slice(0, 4)}-${c.slice(4)}` : c),
    fields: { state: NO_STATE },
  },
  RO: {
    name: t('Rumänien', 'Romania'),
    postcode: digits(6),
    postcodeExample: '010011',
    fields: { state: { label: t('Kreis', 'County'), required: true } },
  },
  SK: {
    name: t('Slowakei', 'Slovakia'),
    postcode: /^\d{3} \d{2}$/,
    postcodeExample: '811 01',
    normalize: splitThreeTwo,
    fields: europe(),
  },
  SI: {
    name: t('Slowenien', 'Slovenia'),
    postcode: digits(4),
    postcodeExample: '1000',
    fields: europe(),
  },
  ES: {
    name: t('Spanien', 'Spain'),
    postcode: digits(5),
    postcodeExample: '28001',
    fields: { state: { label: t('Provinz', 'Province') } },
  },
  SE: {
    name: t('Schweden', 'Sweden'),
    postcode: /^\d{3} \d{2}$/,
    postcodeExample: '111 22',
    normalize: splitThreeTwo,
    fields: europe(),
  },
  CH: {
    name: t('Schweiz', 'Switzerland'),
    postcode: digits(4),
    postcodeExample: '8001',
    states: CH_CANTONS,
    fields: { postcode: POSTCODE_FIRST, state: { label: t('Kanton', 'Canton'), required: false } },
  },
  GB: {
    name: t('Vereinigtes Königreich', 'United Kingdom'),
    postcode: /^([A-Z]{1,2}\d[A-Z\d]?|GIR) \d[A-Z]{2}$/,
    postcodeExample: 'SW1A 1AA',
    normalize: (c) => (c.length >= 5 && c.length <= 7 ? `${c.slice(0, -3)} ${c.slice(-3)}` : c),
    fields: {
      postcode: { label: t('Postleitzahl', 'Postcode') },
      state: { label: t('Grafschaft', 'County'), required: false },
    },
  },
  NO: {
    name: t('Norwegen', 'Norway'),
    postcode: digits(4),
    postcodeExample: '0150',
    fields: europe(),
  },
  US: {
    name: t('Vereinigte Staaten (USA)', 'United States (US)'),
    postcode: /^\d{5}(-\d{4})?$/,
    postcodeExample: '10001',
    normalize: (c) => (/^\d{9}$/.test(c) ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
    states: US_STATES,
    fields: {
      postcode: { label: t('Postleitzahl (ZIP)', 'ZIP Code') },
      state: { label: t('Bundesstaat', 'State') },
    },
  },
};
