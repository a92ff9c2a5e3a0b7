/**
 * The simulated wallet sheet of the Express Checkout Element: a modal dialog in the page that
 * stands for the wallet's own interface and fires the element's shipping, confirm and cancel
 * events.
 */
import type { ExpressCheckoutElement, ExpressGroup } from './express.ts';
import type { Json } from './shared.ts';
import { button, fieldset, input, row, select } from './wallet-form.ts';
import {
  type Texts,
  WALLET_CARDS,
  WALLET_NAMES,
  WALLET_OWNER,
  WALLET_TYPES,
  type WalletId,
  fill,
  textsFor,
} from './wallet-text.ts';

let sheetCount = 0;

/** The simulated payment sheet. */
export class WalletSheet {
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
    return textsFor(this.group.locale);
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
    const cards = WALLET_CARDS.map((card): [string, string] => [card.number, t[card.text]]);
    return select('card', t.card, cards).wrap;
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
      const contact = fieldset(t.contact);
      if (this.options.emailRequired)
        contact.append(input('email', t.email, WALLET_OWNER.email, 'email'));
      if (this.options.phoneNumberRequired)
        contact.append(input('phone', t.phone, WALLET_OWNER.phone, 'tel'));
      body.append(contact);
    }

    const address = fieldset(this.needsShipping ? t.shipping_address : t.billing_address);
    address.append(
      input('name', t.name, WALLET_OWNER.name, 'text'),
      input('line1', t.line1, WALLET_OWNER.line1, 'text'),
      row(
        input('postal_code', t.postal_code, WALLET_OWNER.postal_code, 'text'),
        input('city', t.city, WALLET_OWNER.city, 'text'),
      ),
      this.countrySelect(t.country),
    );
    if (this.needsShipping) {
      const apply = button(t.use_address, 'secondary');
      apply.addEventListener('click', () => void this.addressChanged());
      address.append(apply);
    }
    body.append(address);

    if (this.needsShipping) {
      this.ratesBox = fieldset(t.rates);
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
    this.payButton = button('', 'primary');
    this.payButton.addEventListener('click', () => void this.pay());
    const cancel = button(t.cancel, 'secondary');
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

  private countrySelect(label: string) {
    const allowed: string[] =
      Array.isArray(this.options.allowedShippingCountries) &&
      this.options.allowedShippingCountries.length
        ? this.options.allowedShippingCountries
        : ['DE', 'AT', 'CH', 'FR', 'NL', 'US'];
    const names = new Intl.DisplayNames([this.group.locale === 'de' ? 'de' : 'en'], {
      type: 'region',
    });
    const field = select(
      'country',
      label,
      allowed.map((code): [string, string] => [code, names.of(code) ?? code]),
    );
    field.select.value = allowed.includes(WALLET_OWNER.country)
      ? WALLET_OWNER.country
      : allowed[0]!;
    if (this.needsShipping)
      field.select.addEventListener('change', () => void this.addressChanged());
    return field.wrap;
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
