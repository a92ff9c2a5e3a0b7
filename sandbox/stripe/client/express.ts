/**
 * The sandbox's Express Checkout Element: a button per available wallet and, on click, a
 * simulated wallet sheet (a modal dialog in the page) that fires Stripe's events in Stripe's
 * order: ready, click (resolve with options), shippingaddresschange, shippingratechange,
 * confirm, cancel. The sheet stands for the wallet's own interface (the browser's or the
 * wallet provider's), so its few texts live here in both languages, as Stripe's do.
 */
import type { Handler, Json } from './shared.ts';
import { WalletSheet } from './wallet-sheet.ts';
import {
  type Texts,
  WALLET_NAMES,
  WALLET_ORDER,
  WALLET_TYPES,
  type WalletId,
  fill,
  textsFor,
} from './wallet-text.ts';

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

function clampHeight(value: unknown) {
  const n = Number(value);
  if (!Number.isFinite(n)) return 44;
  return Math.min(55, Math.max(40, Math.round(n)));
}

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
    return WALLET_ORDER.filter((id) => {
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
    return textsFor(this.group.locale);
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
