/**
 * The Stripe sandbox's Stripe.js: installs `window.Stripe` with the subset of Stripe.js the
 * shop calls, talking to the sandbox's `/v1` API with the publishable key. Card and bank
 * data are typed into the sandbox's own iframe and go from there to the API; this page only
 * ever receives payment method ids, as with Stripe's own iframe.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe.js takes and returns loosely shaped JSON objects */
import type { FrameReply, FrameRequest, FrameEvent } from './protocol.ts';
import { ExpressCheckoutElement, type WalletPayment } from './express.ts';

type Json = Record<string, any>;
type Handler = (event: any) => void;
type StripeError = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: Json;
  setup_intent?: Json;
};
type Result = Json & { error?: StripeError };

const BASE = '/__sandbox/stripe';
/** The test card a sandbox wallet holds. */
const WALLET_CARD = '4242424242424242';
const ORIGIN = window.location.origin;
let elementCount = 0;

function encode(params: Json, prefix = '', out: string[] = []): string[] {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value)) {
      value.forEach((v, i) =>
        typeof v === 'object'
          ? encode(v, `${name}[${i}]`, out)
          : out.push(`${name}[${i}]=${encodeURIComponent(String(v))}`),
      );
    } else if (typeof value === 'object') encode(value, name, out);
    else
      out.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`
          .replace(/%5B/g, '[')
          .replace(/%5D/g, ']'),
      );
  }
  return out;
}

function localeOf(asked: string | undefined): string {
  const value =
    asked && asked !== 'auto' ? asked : document.documentElement.lang || navigator.language;
  return value.slice(0, 2).toLowerCase() === 'de' ? 'de' : 'en';
}

function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

function isSetup(clientSecret: string) {
  return clientSecret.startsWith('seti_');
}

const invalid = (message: string): { error: StripeError } => ({
  error: { type: 'invalid_request_error', message },
});

/** One Payment Element: the sandbox's form in an iframe, spoken to by messages. */
class PaymentElement {
  readonly id = `sandbox-element-${++elementCount}`;
  private iframe: HTMLIFrameElement | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private pending = new Map<number, (reply: FrameReply) => void>();
  private requestCount = 0;
  private ready: Promise<void> | null = null;
  private resolveReady: (() => void) | null = null;
  private listener = (event: MessageEvent) => this.receive(event);
  private answered = false;
  private failTimer: ReturnType<typeof setTimeout> | undefined;
  complete = false;
  type = 'card';

  constructor(
    private readonly group: ElementsGroup,
    public options: Json,
  ) {}

  mount(target: string | HTMLElement) {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error(`Stripe sandbox: no element matches ${String(target)}`);
    this.unmount();
    const iframe = document.createElement('iframe');
    iframe.title =
      this.group.locale === 'de' ? 'Sichere Eingabe der Zahlungsdaten' : 'Secure payment input';
    iframe.style.cssText = 'border:0;width:100%;display:block;min-height:120px;color-scheme:normal';
    iframe.setAttribute('allow', 'payment');
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    this.answered = false;
    window.addEventListener('message', this.listener);
    iframe.addEventListener('load', () => this.loaded(iframe));
    iframe.src = this.frameUrl();
    host.appendChild(iframe);
    this.iframe = iframe;
    this.emit('loaderstart', { elementType: 'payment' });
  }

  private frameUrl() {
    const types = this.group.paymentMethodTypes();
    const query = new URLSearchParams({
      id: this.id,
      types: types.join(','),
      locale: this.group.locale,
    });
    return `${BASE}/frame?${query.toString()}`;
  }

  /**
   * As Stripe's element: a form that did not arrive (the frame's page or script blocked, the
   * connection gone) is a `loaderror`. The form says it is ready while its page loads, so a
   * frame that finished loading without it failed; an error page is not the sandbox's own.
   */
  private loaded(iframe: HTMLIFrameElement) {
    if (this.answered || iframe !== this.iframe) return;
    let own = false;
    try {
      own = iframe.contentDocument?.querySelector('#sandbox-payment') != null;
    } catch {
      own = false;
    }
    clearTimeout(this.failTimer);
    // The ready message may still be on its way from a page that loaded well.
    this.failTimer = setTimeout(
      () => {
        if (this.answered || iframe !== this.iframe) return;
        this.emit('loaderror', {
          error: {
            type: 'api_connection_error',
            message: 'The payment form could not be loaded.',
          },
        });
      },
      own ? 1000 : 0,
    );
  }

  unmount() {
    clearTimeout(this.failTimer);
    window.removeEventListener('message', this.listener);
    this.iframe?.remove();
    this.iframe = null;
  }

  destroy() {
    this.unmount();
    this.group.forget(this);
    this.handlers.clear();
  }

  update(options: Json) {
    this.options = { ...this.options, ...options };
  }

  /** Reloads the form when the method types changed (elements.update). */
  refresh() {
    if (!this.iframe) return;
    this.answered = false;
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    this.iframe.src = this.frameUrl();
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  once(event: string, handler: Handler) {
    const wrapped = (e: unknown) => {
      this.off(event, wrapped);
      handler(e);
    };
    return this.on(event, wrapped);
  }

  focus() {
    this.iframe?.focus();
    void this.request({ type: 'focus' });
  }

  blur() {
    this.iframe?.blur();
  }

  clear() {
    void this.request({ type: 'clear' });
  }

  collapse() {
    return this;
  }

  private emit(event: string, payload: Json) {
    for (const handler of this.handlers.get(event) ?? [])
      handler({ elementType: 'payment', ...payload });
  }

  private receive(event: MessageEvent) {
    if (event.origin !== ORIGIN || !this.iframe || event.source !== this.iframe.contentWindow)
      return;
    const data = event.data as FrameEvent | FrameReply;
    if (!data || data.source !== 'stripe-sandbox-frame') return;
    if ('requestId' in data) {
      this.pending.get(data.requestId)?.(data);
      this.pending.delete(data.requestId);
      return;
    }
    if (data.type === 'ready') {
      this.answered = true;
      clearTimeout(this.failTimer);
      this.resolveReady?.();
      this.emit('ready', {});
    } else if (data.type === 'resize') {
      this.iframe.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'change') {
      this.complete = data.complete;
      this.type = data.value.type;
      this.emit('change', {
        complete: data.complete,
        empty: data.empty,
        collapsed: false,
        value: data.value,
      });
    } else if (data.type === 'focus' || data.type === 'blur') {
      this.emit(data.type, {});
    } else if (data.type === 'escape') {
      this.emit('escape', {});
    }
  }

  async request(message: FrameRequest): Promise<FrameReply> {
    if (!this.iframe || !this.ready) {
      return {
        source: 'stripe-sandbox-frame',
        requestId: -1,
        error: invalid('The Payment Element is not mounted.').error,
      };
    }
    await this.ready;
    const requestId = ++this.requestCount;
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.iframe!.contentWindow!.postMessage(
        { ...message, requestId, source: 'stripe-sandbox-parent' },
        ORIGIN,
      );
    });
  }
}

class ElementsGroup {
  private payment: PaymentElement | null = null;
  private express: ExpressCheckoutElement | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private intentTypes: string[] | null = null;
  locale: string;
  walletPayment: WalletPayment | null = null;

  constructor(
    private readonly client: SandboxClient,
    public options: Json,
  ) {
    this.locale = localeOf(options.locale ?? client.options.locale);
    if (options.clientSecret) void this.loadIntentTypes(options.clientSecret);
  }

  private async loadIntentTypes(clientSecret: string) {
    const result = await this.client.retrieveIntent(clientSecret);
    const intent = result.paymentIntent ?? result.setupIntent;
    if (!intent) return;
    this.intentTypes = intent.automatic_payment_methods
      ? defaultTypes(intent.currency)
      : intent.payment_method_types;
    this.payment?.refresh();
  }

  paymentMethodTypes(): string[] {
    // As Stripe: explicit types win; with automatic payment methods the allowed list narrows them.
    return (
      this.options.paymentMethodTypes ??
      this.options.allowedPaymentMethodTypes ??
      this.intentTypes ??
      defaultTypes(this.options.currency)
    );
  }

  create(type: string, options: Json = {}) {
    if (type === 'payment') {
      this.payment = new PaymentElement(this, options);
      return this.payment;
    }
    if (type === 'expressCheckout') {
      this.express = new ExpressCheckoutElement(this, options);
      return this.express;
    }
    throw new Error(
      `Stripe sandbox: the ${type} element is not available; use the Payment Element.`,
    );
  }

  getElement(type: string) {
    if (type === 'payment') return this.payment;
    if (type === 'expressCheckout') return this.express;
    return null;
  }

  forget(element: PaymentElement) {
    if (this.payment === element) this.payment = null;
  }

  update(options: Json) {
    const before = this.paymentMethodTypes().join(',');
    this.options = { ...this.options, ...options };
    if (options.locale) this.locale = localeOf(options.locale);
    if (this.paymentMethodTypes().join(',') !== before || options.locale) this.payment?.refresh();
    if ('amount' in options || 'currency' in options) this.express?.amountChanged();
    for (const handler of this.handlers.get('update-end') ?? []) handler({});
  }

  async submit(): Promise<Result> {
    // A wallet's sheet collected everything already.
    if (this.walletPayment) return {};
    if (!this.payment)
      return invalid(
        'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
      );
    const reply = await this.payment.request({ type: 'validate' });
    if (reply.error) return { error: { ...reply.error, type: 'validation_error' } };
    return { selectedPaymentMethod: reply.methodType };
  }

  fetchUpdates() {
    return Promise.resolve({});
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }

  /**
   * The wallet's stored card (a test card the wallet holds, never typed on the page) as a
   * card method marked with the wallet's type; Link and Amazon Pay as their own types.
   */
  private async createWalletMethod(wallet: WalletPayment): Promise<Result> {
    const card = wallet.walletType === 'apple_pay' || wallet.walletType === 'google_pay';
    const { status, body } = await this.client.api('POST', 'payment_methods', {
      type: card ? 'card' : wallet.walletType,
      billing_details: wallet.billingDetails,
      ...(card
        ? {
            card: {
              number: wallet.cardNumber || WALLET_CARD,
              exp_month: 12,
              exp_year: new Date().getFullYear() + 3,
              cvc: '123',
              wallet: { type: wallet.walletType },
            },
          }
        : {}),
    });
    return status === 200 ? { paymentMethod: body } : { error: body.error };
  }

  /** Creates the payment method inside the iframe; only its id and the BLIK code come back. */
  async createMethod(billingDetails: Json | undefined): Promise<Result> {
    if (this.walletPayment) return this.createWalletMethod(this.walletPayment);
    if (!this.payment)
      return invalid(
        'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
      );
    const reply = await this.payment.request({
      type: 'create',
      key: this.client.key,
      billingDetails: billingDetails ?? {},
    });
    if (reply.error) return { error: reply.error };
    return { paymentMethod: reply.paymentMethod };
  }
}

function defaultTypes(currency: string | undefined): string[] {
  return (currency ?? 'eur').toLowerCase() === 'eur' ? ['card', 'sepa_debit'] : ['card'];
}

class SandboxClient {
  constructor(
    readonly key: string,
    readonly options: Json,
  ) {}

  async api(
    method: 'GET' | 'POST',
    path: string,
    params: Json = {},
  ): Promise<{ status: number; body: Json }> {
    const query = encode(params).join('&');
    const response = await fetch(`/v1/${path}${method === 'GET' && query ? `?${query}` : ''}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.key}`,
        ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? query : undefined,
      credentials: 'omit',
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  async retrieveIntent(clientSecret: string): Promise<Result> {
    if (typeof clientSecret !== 'string' || !clientSecret.includes('_secret_')) {
      return invalid('Invalid value for clientSecret.');
    }
    const setup = isSetup(clientSecret);
    const { status, body } = await this.api(
      'GET',
      `${setup ? 'setup_intents' : 'payment_intents'}/${intentIdOf(clientSecret)}`,
      {
        client_secret: clientSecret,
      },
    );
    if (status !== 200) return { error: body.error };
    return setup ? { setupIntent: body } : { paymentIntent: body };
  }

  /** Confirms an intent, then runs its next action as Stripe.js does. */
  async confirm(
    clientSecret: string,
    params: Json,
    options: { redirect?: string; returnUrl?: string; handleActions?: boolean },
  ): Promise<Result> {
    if (typeof clientSecret !== 'string' || !clientSecret.includes('_secret_')) {
      return invalid('Invalid value for clientSecret.');
    }
    const setup = isSetup(clientSecret);
    const { status, body } = await this.api(
      'POST',
      `${setup ? 'setup_intents' : 'payment_intents'}/${intentIdOf(clientSecret)}/confirm`,
      {
        ...params,
        client_secret: clientSecret,
        return_url: options.returnUrl,
      },
    );
    if (status !== 200) return { error: body.error };
    if (options.handleActions === false)
      return setup ? { setupIntent: body } : { paymentIntent: body };
    return this.afterConfirm(body, options);
  }

  async afterConfirm(
    intent: Json,
    options: { redirect?: string; returnUrl?: string },
  ): Promise<Result> {
    const setup = intent.object === 'setup_intent';
    let current = intent;
    if (current.status === 'requires_action' && current.next_action) {
      const next = current.next_action;
      const url: string | undefined = next.redirect_to_url?.url;
      if (next.type === 'redirect_to_url' && url && !url.includes('/three_d_secure/')) {
        // Bank authorisation: a full-page redirect; the bank page returns to return_url.
        window.location.assign(url);
        return new Promise(() => {});
      }
      const page = url ?? hostedPage(current);
      if (page) {
        await showActionDialog(page, localeOf(this.options.locale));
        const again = await this.retrieveIntent(current.client_secret);
        if (again.error) return again;
        current = again.paymentIntent ?? again.setupIntent;
      }
    }
    const failed =
      current.status === 'requires_payment_method' &&
      (current.last_payment_error || current.last_setup_error);
    if (failed) {
      const error = current.last_payment_error ?? current.last_setup_error;
      return { error: { ...error, [setup ? 'setup_intent' : 'payment_intent']: current } };
    }
    const finished = ['succeeded', 'processing', 'requires_capture'].includes(current.status);
    if (finished && options.redirect !== 'if_required' && options.returnUrl) {
      const target = new URL(options.returnUrl, window.location.href);
      const prefix = setup ? 'setup_intent' : 'payment_intent';
      target.searchParams.set(prefix, current.id);
      target.searchParams.set(`${prefix}_client_secret`, current.client_secret);
      target.searchParams.set(
        'redirect_status',
        current.status === 'processing' ? 'pending' : 'succeeded',
      );
      window.location.assign(target.toString());
      return new Promise(() => {});
    }
    return setup ? { setupIntent: current } : { paymentIntent: current };
  }

  async methodParams(
    elements: ElementsGroup | undefined,
    params: Json,
  ): Promise<Result & { method?: Json }> {
    const given = params.payment_method;
    if (typeof given === 'string') return { method: { payment_method: given } };
    if (!elements) {
      if (params.payment_method_data)
        return { method: { payment_method_data: params.payment_method_data } };
      return invalid(
        'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
      );
    }
    const created = await elements.createMethod(params.payment_method_data?.billing_details);
    if (created.error) return created;
    const pm = created.paymentMethod as Json;
    const method: Json = { payment_method: pm.id };
    // BLIK's code is the merchant's field: it comes with confirmParams.payment_method_options.
    if (pm.type === 'sepa_debit') {
      method.mandate_data = {
        customer_acceptance: { type: 'online', online: { infer_from_client: true } },
      };
    }
    return { method };
  }
}

function hostedPage(intent: Json): string | undefined {
  const next = intent.next_action ?? {};
  const details =
    next.boleto_display_details ?? next.oxxo_display_details ?? next.multibanco_display_details;
  if (details?.hosted_voucher_url) return details.hosted_voucher_url;
  if (next.wechat_pay_display_qr_code)
    return next.wechat_pay_display_qr_code.hosted_instructions_url;
  if (next.cashapp_handle_redirect_or_display_qr_code) {
    return next.cashapp_handle_redirect_or_display_qr_code.hosted_instructions_url;
  }
  if (next.type === 'blik_authorize') {
    return `${BASE}/blik/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  }
  return undefined;
}

/** The next-action page in a modal dialog; resolves when it is done or closed. */
function showActionDialog(url: string, locale: string): Promise<void> {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.dataset.stripeSandboxDialog = '';
    dialog.setAttribute('aria-label', locale === 'de' ? 'Zahlung bestätigen' : 'Confirm payment');
    if (!document.getElementById('stripe-sandbox-dialog-style')) {
      // The page behind is dimmed, so the payment step is clearly in front.
      const style = document.createElement('style');
      style.id = 'stripe-sandbox-dialog-style';
      style.textContent =
        'dialog[data-stripe-sandbox-dialog]::backdrop{background:rgba(15,23,42,.55)}';
      document.head.append(style);
    }
    dialog.style.cssText =
      'padding:0;border:0;border-radius:8px;width:min(32rem,95vw);max-height:90vh;box-shadow:0 10px 40px rgba(0,0,0,.35)';
    const frame = document.createElement('iframe');
    const target = new URL(url, window.location.href);
    target.searchParams.set('frame', '1');
    target.searchParams.set('locale', locale);
    frame.src = target.pathname + target.search;
    frame.title = locale === 'de' ? 'Zahlung bestätigen' : 'Confirm payment';
    frame.style.cssText = 'border:0;width:100%;height:20rem;max-height:75vh;display:block';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = locale === 'de' ? 'Schließen' : 'Close';
    close.style.cssText =
      'margin:0 2.5rem 1.5rem;font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer';
    const finish = () => {
      window.removeEventListener('message', onMessage);
      dialog.close();
      dialog.remove();
      resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      if (event.data?.source !== 'stripe-sandbox-frame') return;
      if (event.data.type === 'action-done') finish();
      // The step's page is as tall as its content (no empty space under the buttons).
      if (event.data.type === 'resize' && typeof event.data.height === 'number') {
        frame.style.height = `${Math.min(Math.max(event.data.height, 160), 2000)}px`;
      }
    };
    window.addEventListener('message', onMessage);
    close.addEventListener('click', finish);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish();
    });
    dialog.append(frame, close);
    document.body.appendChild(dialog);
    dialog.showModal();
  });
}

function createStripe(publishableKey: string, options: Json = {}) {
  if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_test_sandbox')) {
    throw new Error('Stripe sandbox: expected the sandbox publishable key.');
  }
  const client = new SandboxClient(publishableKey, options);
  const groups = new WeakSet<ElementsGroup>();
  const groupOf = (elements: unknown): ElementsGroup | undefined =>
    elements instanceof ElementsGroup && groups.has(elements) ? elements : undefined;
  const confirmWith = async (kind: 'payment' | 'setup', args: Json): Promise<Result> => {
    const elements = groupOf(args.elements);
    const clientSecret: string | undefined = args.clientSecret ?? elements?.options.clientSecret;
    if (!clientSecret) return invalid('Invalid value for clientSecret.');
    if ((kind === 'setup') !== isSetup(clientSecret))
      return invalid('Invalid value for clientSecret.');
    const confirmParams: Json = { ...(args.confirmParams ?? {}) };
    const returnUrl = confirmParams.return_url;
    delete confirmParams.return_url;
    const method = await client.methodParams(elements, confirmParams);
    if (method.error) return method;
    delete confirmParams.payment_method_data;
    const params = { ...confirmParams, ...method.method };
    if (typeof args.confirmationToken === 'string') {
      delete params.payment_method;
      params.confirmation_token = args.confirmationToken;
    }
    return client.confirm(clientSecret, params, { redirect: args.redirect ?? 'always', returnUrl });
  };
  const confirmTyped =
    (type: string) =>
    async (clientSecret: string, data: Json = {}, opts: Json = {}) => {
      const pm = data.payment_method;
      const params =
        typeof pm === 'string'
          ? { payment_method: pm }
          : { payment_method_data: { type, ...(pm ?? {}), billing_details: pm?.billing_details } };
      return client.confirm(
        clientSecret,
        {
          ...params,
          ...(data.payment_method_options
            ? { payment_method_options: data.payment_method_options }
            : {}),
        },
        {
          redirect: 'if_required',
          returnUrl: data.return_url,
          handleActions: opts.handleActions !== false,
        },
      );
    };

  return {
    elements(elementsOptions: Json = {}) {
      const group = new ElementsGroup(client, elementsOptions);
      groups.add(group);
      return group;
    },
    async createPaymentMethod(args: Json): Promise<Result> {
      const elements = groupOf(args?.elements);
      if (elements) {
        const created = await elements.createMethod(args.params?.billing_details);
        return created.error ? created : { paymentMethod: created.paymentMethod };
      }
      if (args?.type && args.type !== 'card') {
        const { status, body } = await client.api('POST', 'payment_methods', {
          type: args.type,
          billing_details: args.billing_details,
          [args.type]: args[args.type],
        });
        return status === 200 ? { paymentMethod: body } : { error: body.error };
      }
      return invalid(
        'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
      );
    },
    async createConfirmationToken(args: Json): Promise<Result> {
      const elements = groupOf(args?.elements);
      const method = await client.methodParams(elements, args?.params ?? {});
      if (method.error) return method;
      const { status, body } = await client.api('POST', 'confirmation_tokens', {
        payment_method: method.method!.payment_method,
        return_url: args?.params?.return_url,
        setup_future_usage: elements?.options.setupFutureUsage,
      });
      return status === 200 ? { confirmationToken: body } : { error: body.error };
    },
    confirmPayment: (args: Json) => confirmWith('payment', args ?? {}),
    confirmSetup: (args: Json) => confirmWith('setup', args ?? {}),
    async handleNextAction(args: Json): Promise<Result> {
      const found = await client.retrieveIntent(args?.clientSecret);
      if (found.error) return found;
      const intent = found.paymentIntent ?? found.setupIntent;
      if (intent.status !== 'requires_action') return found;
      return client.afterConfirm(intent, { redirect: 'if_required' });
    },
    retrievePaymentIntent: (clientSecret: string) => client.retrieveIntent(clientSecret),
    retrieveSetupIntent: (clientSecret: string) => client.retrieveIntent(clientSecret),
    confirmCardPayment: async (clientSecret: string, data: Json = {}, opts: Json = {}) => {
      const params =
        typeof data.payment_method === 'string' ? { payment_method: data.payment_method } : {};
      return client.confirm(clientSecret, params, {
        redirect: 'if_required',
        returnUrl: data.return_url,
        handleActions: opts.handleActions !== false,
      });
    },
    confirmBoletoPayment: confirmTyped('boleto'),
    confirmOxxoPayment: confirmTyped('oxxo'),
    confirmMultibancoPayment: confirmTyped('multibanco'),
    confirmWechatPayPayment: confirmTyped('wechat_pay'),
    confirmCashappPayment: confirmTyped('cashapp'),
    confirmCashappSetup: confirmTyped('cashapp'),
    async createToken(): Promise<Result> {
      return invalid('Tokens are not supported by the Stripe sandbox; use payment methods.');
    },
    registerAppInfo() {},
    _registerWrapper() {},
  };
}

/** Stripe.js's release train, so @stripe/stripe-js finds the version it expects. */
(createStripe as unknown as { version: string }).version = 'endive';
(window as unknown as { Stripe: typeof createStripe }).Stripe = createStripe;
