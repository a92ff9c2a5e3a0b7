/**
 * The sandbox's Express Checkout Element: a button per available wallet and, on click, a
 * simulated wallet sheet (a modal dialog in the page) that fires Stripe's events in Stripe's
 * order: ready, click (resolve with options), shippingaddresschange, shippingratechange,
 * confirm, cancel. The sheet stands for the wallet's own interface (the browser's or the
 * wallet provider's), so its few texts live here in both languages, as Stripe's do.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe.js takes and returns loosely shaped JSON objects */

type Json = Record<string, any>;
type Handler = (event: any) => void;

export type WalletId = 'applePay' | 'googlePay' | 'link' | 'amazonPay';
export const WALLET_TYPES: Record<WalletId, string> = {
  applePay: 'apple_pay',
  googlePay: 'google_pay',
  link: 'link',
  amazonPay: 'amazon_pay',
};
const WALLET_NAMES: Record<WalletId, string> = {
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
  link: 'Link',
  amazonPay: 'Amazon Pay',
};
const ORDER: WalletId[] = ['applePay', 'googlePay', 'link', 'amazonPay'];

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
type Texts = Record<keyof (typeof TEXT)['en'], string>;

/** The address the simulated wallet keeps for its owner. */
const WALLET_OWNER = {
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

function fill(text: string, values: Record<string, string>) {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

/** What the element needs from its Elements group. */
export type ExpressGroup = {
  locale: string;
  options: Json;
  /** The wallet payment the sheet confirmed, for createConfirmationToken. */
  walletPayment: WalletPayment | null;
};

export type WalletPayment = {
  walletType: string;
  billingDetails: Json;
  /** The test card chosen in an Apple Pay or Google Pay sheet. */
  cardNumber?: string;
};

/** The test cards a simulated Apple Pay or Google Pay wallet holds. */
const WALLET_CARDS = [
  { number: '4242424242424242', text: 'card_plain' },
  { number: '4000002500003155', text: 'card_3ds' },
] as const;

function clampHeight(value: unknown) {
  const n = Number(value);
  if (!Number.isFinite(n)) return 44;
  return Math.min(55, Math.max(40, Math.round(n)));
}

let sheetCount = 0;

export class ExpressCheckoutElement {
  private handlers = new Map<string, Set<Handler>>();
  private container: HTMLElement | null = null;
  private root: HTMLElement | null = null;
  private readyEvent: Json | null = null;
  private sheet: WalletSheet | null = null;

  constructor(
    private readonly group: ExpressGroup,
    public options: Json,
  ) {}

  available(): WalletId[] {
    const chosen = this.options.paymentMethods ?? {};
    const types: string[] = this.group.options.allowedPaymentMethodTypes ??
      this.group.options.paymentMethodTypes ?? ['card', 'link'];
    return ORDER.filter((id) => {
      const setting = chosen[id] ?? (id === 'applePay' || id === 'googlePay' ? 'auto' : 'auto');
      if (setting === 'never') return false;
      if (id === 'link') return types.includes('link');
      if (id === 'amazonPay') return types.includes('amazon_pay');
      return types.includes('card');
    });
  }

  mount(target: string | HTMLElement) {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error(`Stripe sandbox: no element matches ${String(target)}`);
    this.unmount();
    this.container = host;
    this.render();
    // Stripe reports ready once its frames loaded: always after mount returned.
    setTimeout(() => {
      const available = this.available();
      this.readyEvent = {
        elementType: 'expressCheckout',
        availablePaymentMethods: available.length
          ? {
              applePay: available.includes('applePay'),
              googlePay: available.includes('googlePay'),
              link: available.includes('link'),
              amazonPay: available.includes('amazonPay'),
              paypal: false,
            }
          : undefined,
      };
      this.emit('ready', this.readyEvent);
    }, 0);
  }

  private text(): Texts {
    return TEXT[this.group.locale === 'de' ? 'de' : 'en'];
  }

  private render() {
    if (!this.container) return;
    this.root?.remove();
    const root = document.createElement('div');
    root.className = 'sandbox-express';
    const height = clampHeight(this.options.buttonHeight ?? 44);
    const radius = this.group.options.appearance?.variables?.borderRadius ?? '4px';
    root.style.cssText = `display:flex;flex-wrap:wrap;gap:8px;width:100%`;
    const t = this.text();
    for (const id of this.available()) {
      const button = document.createElement('button');
      button.type = 'button';
      const walletType = WALLET_TYPES[id];
      const theme =
        id === 'applePay'
          ? (this.options.buttonTheme?.applePay ?? 'black')
          : id === 'googlePay'
            ? (this.options.buttonTheme?.googlePay ?? 'black')
            : 'default';
      const kind =
        id === 'applePay'
          ? (this.options.buttonType?.applePay ?? 'plain')
          : id === 'googlePay'
            ? (this.options.buttonType?.googlePay ?? 'plain')
            : 'plain';
      const label = kind === 'plain' ? WALLET_NAMES[id] : fill(t.buy, { wallet: WALLET_NAMES[id] });
      button.textContent = label;
      button.dataset.wallet = walletType;
      button.dataset.theme = theme;
      button.dataset.buttonType = kind;
      const colours =
        id === 'link'
          ? 'background:#00d66f;color:#011e0f;border:1px solid #00d66f'
          : id === 'amazonPay'
            ? 'background:#ffd814;color:#0f1111;border:1px solid #fcd200'
            : theme === 'white'
              ? 'background:#fff;color:#000;border:1px solid #fff'
              : theme === 'white-outline'
                ? 'background:#fff;color:#000;border:1px solid #000'
                : 'background:#000;color:#fff;border:1px solid #000';
      button.style.cssText = `${colours};flex:1 1 15rem;height:${height}px;border-radius:${radius};font:600 16px/1 system-ui,sans-serif;white-space:nowrap;cursor:pointer;padding:0 12px`;
      button.addEventListener('click', () => this.clicked(id));
      root.append(button);
    }
    this.container.append(root);
    this.root = root;
  }

  private clicked(id: WalletId) {
    if (this.sheet) return;
    const walletType = WALLET_TYPES[id];
    const listeners = this.handlers.get('click');
    const open = (options: Json) => {
      if (this.sheet) return;
      this.sheet = new WalletSheet(this, this.group, id, { ...this.options, ...options }, () => {
        this.sheet = null;
      });
      this.sheet.open();
    };
    if (!listeners?.size) {
      open({});
      return;
    }
    let resolved = false;
    // Stripe wants resolve() within a second of the click; later the sheet stays shut.
    const started = Date.now();
    this.emit('click', {
      elementType: 'expressCheckout',
      expressPaymentType: walletType,
      resolve: (options: Json = {}) => {
        if (resolved) return;
        resolved = true;
        if (Date.now() - started > 1000) {
          console.warn('Stripe sandbox: resolve() came later than 1 second after the click.');
          return;
        }
        open(options);
      },
    });
  }

  listens(event: string) {
    return (this.handlers.get(event)?.size ?? 0) > 0;
  }

  emit(event: string, payload: Json) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  unmount() {
    this.root?.remove();
    this.root = null;
    this.container = null;
  }

  destroy() {
    this.sheet?.close();
    this.unmount();
    this.handlers.clear();
  }

  update(options: Json) {
    this.options = { ...this.options, ...options };
    this.render();
  }

  /** The amount changed (elements.update): the open sheet shows it. */
  amountChanged() {
    this.sheet?.renderTotal();
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    // Stripe's frames load long after a listener is attached; the sandbox is ready at once,
    // so a listener attached just after mount (as React wrappers do) still hears it.
    if (event === 'ready' && this.readyEvent) {
      const ready = this.readyEvent;
      setTimeout(() => {
        if (this.handlers.get('ready')?.has(handler)) handler(ready);
      }, 0);
    }
    return this;
  }

  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  focus() {
    this.root?.querySelector('button')?.focus();
  }

  blur() {}

  collapse() {
    return this;
  }
}

/** The simulated payment sheet. */
class WalletSheet {
  private dialog = document.createElement('dialog');
  private id = `sandbox-wallet-${++sheetCount}`;
  private rates: Json[] = [];
  private rate: Json | null = null;
  private lineItems: Json[];
  private busy = false;
  private done = false;
  private status!: HTMLElement;
  private error!: HTMLElement;
  private totalRow!: HTMLElement;
  private itemsList!: HTMLElement;
  private ratesBox!: HTMLElement;
  private payButton!: HTMLButtonElement;

  constructor(
    private readonly element: ExpressCheckoutElement,
    private readonly group: ExpressGroup,
    private readonly wallet: WalletId,
    private readonly options: Json,
    private readonly onClose: () => void,
  ) {
    this.lineItems = Array.isArray(options.lineItems) ? options.lineItems : [];
    if (Array.isArray(options.shippingRates)) this.rates = options.shippingRates;
  }

  private t(): Texts {
    return TEXT[this.group.locale === 'de' ? 'de' : 'en'];
  }

  private money(amount: number) {
    const currency = String(this.group.options.currency ?? 'eur').toUpperCase();
    const format = new Intl.NumberFormat(this.group.locale === 'de' ? 'de-DE' : 'en-GB', {
      style: 'currency',
      currency,
    });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** decimals);
  }

  /** Apple Pay and Google Pay pay with a card the wallet keeps; Link and Amazon Pay do not. */
  private get holdsCards() {
    return this.wallet === 'applePay' || this.wallet === 'googlePay';
  }

  private cardSelect(t: Texts) {
    const wrap = document.createElement('label');
    wrap.style.cssText = 'display:grid;gap:.15rem;font-size:.9rem;min-width:0';
    const span = document.createElement('span');
    span.textContent = t.card;
    const select = document.createElement('select');
    select.name = 'card';
    select.style.cssText =
      'font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;color:#1f2328;background:#fff;width:100%;min-width:0;box-sizing:border-box';
    for (const card of WALLET_CARDS) {
      const option = document.createElement('option');
      option.value = card.number;
      option.textContent = t[card.text];
      select.append(option);
    }
    wrap.append(span, select);
    return wrap;
  }

  private get needsShipping() {
    return this.options.shippingAddressRequired === true;
  }

  open() {
    const t = this.t();
    const d = this.dialog;
    d.className = 'sandbox-wallet-sheet';
    d.setAttribute('aria-labelledby', `${this.id}-title`);
    d.style.cssText =
      'padding:0;border:0;border-radius:12px;width:min(30rem,96vw);max-height:92vh;overflow:auto;box-shadow:0 12px 48px rgba(0,0,0,.4);font:15px/1.45 system-ui,sans-serif;color:#1f2328;background:#fff';
    const body = document.createElement('form');
    body.method = 'dialog';
    body.noValidate = true;
    body.style.cssText = 'padding:1.25rem 1.25rem 1rem;display:grid;gap:.9rem';
    const heading = document.createElement('h2');
    heading.id = `${this.id}-title`;
    heading.textContent = fill(t.sheet, { wallet: WALLET_NAMES[this.wallet] });
    heading.style.cssText = 'margin:0;font-size:1.2rem';
    const note = document.createElement('p');
    note.textContent = t.sandbox;
    note.style.cssText =
      'margin:0;padding:.4rem .6rem;border-radius:6px;background:#fff4ce;color:#5c4400;font-size:.85rem';
    this.itemsList = document.createElement('dl');
    this.itemsList.style.cssText =
      'margin:0;display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem';
    this.totalRow = document.createElement('p');
    this.totalRow.style.cssText =
      'margin:0;display:flex;justify-content:space-between;font-weight:700;font-size:1.1rem;border-top:1px solid #d0d7de;padding-top:.5rem';
    body.append(heading, note, this.itemsList, this.totalRow);
    if (this.holdsCards) body.append(this.cardSelect(t));

    if (this.options.emailRequired || this.options.phoneNumberRequired) {
      const contact = this.fieldset(t.contact);
      if (this.options.emailRequired)
        contact.append(this.input('email', t.email, WALLET_OWNER.email, 'email'));
      if (this.options.phoneNumberRequired)
        contact.append(this.input('phone', t.phone, WALLET_OWNER.phone, 'tel'));
      body.append(contact);
    }

    const address = this.fieldset(this.needsShipping ? t.shipping_address : t.billing_address);
    address.append(
      this.input('name', t.name, WALLET_OWNER.name, 'text'),
      this.input('line1', t.line1, WALLET_OWNER.line1, 'text'),
      this.row(
        this.input('postal_code', t.postal_code, WALLET_OWNER.postal_code, 'text'),
        this.input('city', t.city, WALLET_OWNER.city, 'text'),
      ),
      this.countrySelect(t.country),
    );
    if (this.needsShipping) {
      const apply = this.button(t.use_address, 'secondary');
      apply.addEventListener('click', () => void this.addressChanged());
      address.append(apply);
    }
    body.append(address);

    if (this.needsShipping) {
      this.ratesBox = this.fieldset(t.rates);
      body.append(this.ratesBox);
    }

    this.error = document.createElement('p');
    this.error.setAttribute('role', 'alert');
    this.error.style.cssText = 'margin:0;color:#b3261e;font-weight:600';
    this.status = document.createElement('p');
    this.status.setAttribute('role', 'status');
    this.status.style.cssText = 'margin:0;color:#57606a;min-height:1.45em';
    const actions = document.createElement('div');
    // The sheet's buttons stay in view while its fields scroll.
    actions.style.cssText =
      'display:flex;gap:.75rem;flex-wrap:wrap;position:sticky;bottom:0;background:#fff;padding:.75rem 0 .25rem;border-top:1px solid #d0d7de';
    this.payButton = this.button('', 'primary');
    this.payButton.addEventListener('click', () => void this.pay());
    const cancel = this.button(t.cancel, 'secondary');
    cancel.addEventListener('click', () => this.cancel());
    actions.append(this.payButton, cancel);
    body.append(this.error, this.status, actions);
    d.append(body);
    d.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!this.busy) this.cancel();
    });
    body.addEventListener('submit', (event) => event.preventDefault());
    document.body.append(d);
    this.renderItems();
    this.renderTotal();
    this.renderRates();
    d.showModal();
    // The wallet sends its stored address first, as the real sheets do.
    if (this.needsShipping) void this.addressChanged();
  }

  private fieldset(legend: string) {
    const set = document.createElement('fieldset');
    set.style.cssText =
      'margin:0;border:1px solid #d0d7de;border-radius:8px;padding:.6rem .8rem .8rem;display:grid;gap:.5rem';
    const l = document.createElement('legend');
    l.textContent = legend;
    l.style.cssText = 'font-weight:600;padding:0 .3rem';
    set.append(l);
    return set;
  }

  private input(name: string, label: string, value: string, type: string) {
    const wrap = document.createElement('label');
    wrap.style.cssText = 'display:grid;gap:.15rem;font-size:.9rem;min-width:0';
    const span = document.createElement('span');
    span.textContent = label;
    const input = document.createElement('input');
    input.name = name;
    input.type = type;
    input.value = value;
    input.required = name !== 'phone';
    input.autocomplete = 'off';
    input.style.cssText =
      'font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;color:#1f2328;background:#fff;width:100%;min-width:0;box-sizing:border-box';
    wrap.append(span, input);
    return wrap;
  }

  private row(...cells: HTMLElement[]) {
    const row = document.createElement('div');
    row.style.cssText = 'display:grid;grid-template-columns:minmax(6rem,1fr) 2fr;gap:.5rem';
    row.append(...cells);
    return row;
  }

  private countrySelect(label: string) {
    const wrap = document.createElement('label');
    wrap.style.cssText = 'display:grid;gap:.15rem;font-size:.9rem;min-width:0';
    const span = document.createElement('span');
    span.textContent = label;
    const select = document.createElement('select');
    select.name = 'country';
    select.style.cssText =
      'font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;color:#1f2328;background:#fff;width:100%;min-width:0;box-sizing:border-box';
    const allowed: string[] =
      Array.isArray(this.options.allowedShippingCountries) &&
      this.options.allowedShippingCountries.length
        ? this.options.allowedShippingCountries
        : ['DE', 'AT', 'CH', 'FR', 'NL', 'US'];
    const names = new Intl.DisplayNames([this.group.locale === 'de' ? 'de' : 'en'], {
      type: 'region',
    });
    for (const code of allowed) {
      const option = document.createElement('option');
      option.value = code;
      option.textContent = names.of(code) ?? code;
      select.append(option);
    }
    select.value = allowed.includes(WALLET_OWNER.country) ? WALLET_OWNER.country : allowed[0]!;
    if (this.needsShipping) select.addEventListener('change', () => void this.addressChanged());
    wrap.append(span, select);
    return wrap;
  }

  private button(text: string, kind: 'primary' | 'secondary') {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.style.cssText =
      kind === 'primary'
        ? 'font:600 1rem system-ui,sans-serif;padding:.65rem 1.2rem;border-radius:8px;border:1px solid #000;background:#000;color:#fff;cursor:pointer;flex:1 1 auto'
        : 'font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer;justify-self:start';
    return b;
  }

  private value(name: string) {
    return (
      this.dialog.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value ??
      ''
    ).trim();
  }

  private address() {
    return {
      line1: this.value('line1'),
      line2: '',
      city: this.value('city'),
      state: '',
      postal_code: this.value('postal_code'),
      country: this.value('country'),
    };
  }

  renderItems() {
    this.itemsList.replaceChildren();
    for (const item of this.lineItems) {
      const dt = document.createElement('dt');
      dt.textContent = String(item.name ?? item.label ?? '');
      const dd = document.createElement('dd');
      dd.style.cssText = 'margin:0;text-align:right';
      dd.textContent = this.money(Number(item.amount ?? 0));
      this.itemsList.append(dt, dd);
    }
    this.itemsList.hidden = this.lineItems.length === 0;
  }

  renderTotal() {
    if (!this.totalRow) return;
    const t = this.t();
    const amount = Number(this.group.options.amount ?? 0);
    const label = document.createElement('span');
    label.textContent = t.total;
    const value = document.createElement('span');
    value.dataset.sheetTotal = String(amount);
    value.textContent = this.money(amount);
    this.totalRow.replaceChildren(label, value);
    this.payButton.textContent = fill(t.pay, { amount: this.money(amount) });
    this.payButton.disabled = this.busy || this.done || (this.needsShipping && !this.rate);
  }

  private renderRates() {
    if (!this.needsShipping) return;
    const t = this.t();
    const legend = this.ratesBox.querySelector('legend')!;
    this.ratesBox.replaceChildren(legend);
    if (this.rates.length === 0) {
      const p = document.createElement('p');
      p.style.margin = '0';
      p.textContent = t.no_rates;
      this.ratesBox.append(p);
      return;
    }
    for (const rate of this.rates) {
      const label = document.createElement('label');
      label.style.cssText = 'display:flex;gap:.5rem;align-items:center';
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = `${this.id}-rate`;
      radio.value = String(rate.id);
      radio.checked = this.rate?.id === rate.id;
      radio.addEventListener('change', () => void this.rateChanged(rate));
      const text = document.createElement('span');
      text.textContent = `${String(rate.displayName ?? rate.id)}: ${this.money(Number(rate.amount ?? 0))}`;
      label.append(radio, text);
      this.ratesBox.append(label);
    }
  }

  private setBusy(busy: boolean, text = '') {
    this.busy = busy;
    this.status.textContent = text;
    this.renderTotal();
  }

  private async addressChanged() {
    if (this.busy || this.done) return;
    this.error.textContent = '';
    if (!this.element.listens('shippingaddresschange')) {
      this.rate = this.rates[0] ?? null;
      this.renderRates();
      this.renderTotal();
      return;
    }
    this.setBusy(true, this.t().updating);
    const outcome = await new Promise<Json | null>((resolve) => {
      this.element.emit('shippingaddresschange', {
        elementType: 'expressCheckout',
        name: this.value('name'),
        address: {
          city: this.value('city'),
          state: '',
          postal_code: this.value('postal_code'),
          country: this.value('country'),
        },
        resolve: (payload: Json = {}) => resolve(payload),
        reject: () => resolve(null),
      });
    });
    if (outcome === null) {
      this.rates = [];
      this.rate = null;
      this.error.textContent = this.t().no_rates;
    } else {
      if (Array.isArray(outcome.shippingRates)) this.rates = outcome.shippingRates;
      if (Array.isArray(outcome.lineItems)) this.lineItems = outcome.lineItems;
      // The first rate is the wallet's choice until the shopper picks another.
      this.rate = this.rates.find((r) => r.id === this.rate?.id) ?? this.rates[0] ?? null;
    }
    this.renderItems();
    this.renderRates();
    this.setBusy(false);
  }

  private async rateChanged(rate: Json) {
    if (this.done) return;
    this.error.textContent = '';
    const previous = this.rate;
    this.rate = rate;
    this.setBusy(true, this.t().updating);
    const outcome = await new Promise<Json | null>((resolve) => {
      this.element.emit('shippingratechange', {
        elementType: 'expressCheckout',
        shippingRate: { id: rate.id, amount: rate.amount, displayName: rate.displayName },
        resolve: (payload: Json = {}) => resolve(payload),
        reject: () => resolve(null),
      });
    });
    if (outcome === null) {
      this.rate = previous;
      this.error.textContent = this.t().rate_failed;
    } else if (Array.isArray(outcome.lineItems)) {
      this.lineItems = outcome.lineItems;
    }
    this.renderItems();
    this.renderRates();
    this.setBusy(false);
  }

  private missing(): string | null {
    const t = this.t();
    const required: [string, string][] = [
      ['name', t.name],
      ['line1', t.line1],
      ['postal_code', t.postal_code],
      ['city', t.city],
    ];
    if (this.options.emailRequired) required.unshift(['email', t.email]);
    if (this.options.phoneNumberRequired) required.push(['phone', t.phone]);
    for (const [name, label] of required) {
      if (!this.value(name)) {
        this.dialog.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
        return fill(t.required, { field: label });
      }
    }
    return null;
  }

  private async pay() {
    if (this.busy || this.done) return;
    const problem = this.missing();
    if (problem) {
      this.error.textContent = problem;
      return;
    }
    this.error.textContent = '';
    this.setBusy(true, this.t().processing);
    const address = this.address();
    const billingDetails = {
      name: this.value('name'),
      email: this.options.emailRequired ? this.value('email') : null,
      phone: this.options.phoneNumberRequired ? this.value('phone') : null,
      address,
    };
    const walletType = WALLET_TYPES[this.wallet];
    this.group.walletPayment = {
      walletType,
      billingDetails,
      ...(this.holdsCards ? { cardNumber: this.value('card') } : {}),
    };
    this.element.emit('confirm', {
      elementType: 'expressCheckout',
      expressPaymentType: walletType,
      billingDetails,
      ...(this.needsShipping
        ? {
            shippingAddress: { name: this.value('name'), address },
            shippingRate: this.rate
              ? { id: this.rate.id, amount: this.rate.amount, displayName: this.rate.displayName }
              : undefined,
          }
        : {}),
      // As Google Pay does, a failed payment closes the sheet; the shop says why.
      paymentFailed: () => this.close(),
    });
  }

  private cancel() {
    this.close();
    this.element.emit('cancel', { elementType: 'expressCheckout' });
  }

  close() {
    if (this.done) return;
    this.done = true;
    this.group.walletPayment = null;
    this.dialog.close();
    this.dialog.remove();
    this.onClose();
  }
}
