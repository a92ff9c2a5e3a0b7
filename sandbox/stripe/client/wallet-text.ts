/** The simulated wallets' names, texts in both languages, and what their owner keeps in them. */

export type WalletId = 'applePay' | 'googlePay' | 'link' | 'amazonPay';
export const WALLET_TYPES: Record<WalletId, string> = {
  applePay: 'apple_pay',
  googlePay: 'google_pay',
  link: 'link',
  amazonPay: 'amazon_pay',
};
export const WALLET_NAMES: Record<WalletId, string> = {
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
  link: 'Link',
  amazonPay: 'Amazon Pay',
};
export const WALLET_ORDER: WalletId[] = ['applePay', 'googlePay', 'link', 'amazonPay'];

const TEXT = {
  de: {
    buy: 'Kaufen mit {wallet}',
    sheet: '{wallet} (Testmodus)',
    sandbox: 'Simulierte Wallet der Stripe-Sandbox: Es wird kein Geld bewegt.',
    contact: 'Kontakt',
    email: 'E-Mail-Adresse',
    phone: 'Telefon',
    shipping_address: 'Lieferadresse',
    billing_address: 'Rechnungsadresse',
    name: 'Name',
    line1: 'Straße und Hausnummer',
    postal_code: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
    use_address: 'Adresse übernehmen',
    rates: 'Versandart',
    no_rates: 'An diese Adresse kann nicht geliefert werden.',
    rate_failed: 'Diese Versandart ist nicht verfügbar.',
    total: 'Gesamt',
    pay: '{amount} bezahlen',
    cancel: 'Abbrechen',
    processing: 'Zahlung wird verarbeitet …',
    failed: 'Die Zahlung ist fehlgeschlagen.',
    required: 'Bitte füllen Sie {field} aus.',
    updating: 'Wird aktualisiert …',
    card: 'Karte',
    card_plain: 'Visa •••• 4242',
    card_3ds: 'Visa •••• 3155 (mit 3-D Secure)',
  },
  en: {
    buy: 'Buy with {wallet}',
    sheet: '{wallet} (test mode)',
    sandbox: 'Simulated wallet of the Stripe sandbox: no money moves.',
    contact: 'Contact',
    email: 'Email address',
    phone: 'Phone',
    shipping_address: 'Shipping address',
    billing_address: 'Billing address',
    name: 'Name',
    line1: 'Street address',
    postal_code: 'Postcode',
    city: 'Town / City',
    country: 'Country',
    use_address: 'Use this address',
    rates: 'Shipping method',
    no_rates: 'This address cannot be shipped to.',
    rate_failed: 'This shipping method is not available.',
    total: 'Total',
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    processing: 'Processing the payment…',
    failed: 'The payment failed.',
    required: 'Please fill in {field}.',
    updating: 'Updating…',
    card: 'Card',
    card_plain: 'Visa •••• 4242',
    card_3ds: 'Visa •••• 3155 (with 3-D Secure)',
  },
} as const;
export type Texts = Record<keyof (typeof TEXT)['en'], string>;

export function textsFor(locale: string): Texts {
  return TEXT[locale === 'de' ? 'de' : 'en'];
}

/** The address the simulated wallet keeps for its owner. */
export const WALLET_OWNER = {
  name: 'Erika Mustermann',
  email: 'erika.wallet@example.org',
  phone: '+49 30 1234567',
  line1: 'Hauptstraße 5',
  line2: '',
  postal_code: '04109',
  city: 'Leipzig',
  state: '',
  country: 'DE',
};

export function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

/** The test cards a simulated Apple Pay or Google Pay wallet holds. */
export const WALLET_CARDS = [
  { number: '4242424242424242', text: 'card_plain' },
  { number: '4000002500003155', text: 'card_3ds' },
] as const;
