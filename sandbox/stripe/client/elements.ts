/** The sandbox's Elements group: the Payment and Express Checkout Elements of one checkout. */
import type { SandboxClient } from './api-client.ts';
import { ExpressCheckoutElement, type WalletPayment } from './express.ts';
import { PaymentElement } from './payment-element.ts';
import {
  type Handler,
  type Json,
  type Result,
  defaultTypes,
  localeOf,
  missingDetails,
} from './shared.ts';

/** The test card a sandbox wallet holds. */
const WALLET_CARD = '4242424242424242';

export class ElementsGroup {
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
    if (!this.payment) return missingDetails();
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
    if (!this.payment) return missingDetails();
    const reply = await this.payment.request({
      type: 'create',
      key: this.client.key,
      billingDetails: billingDetails ?? {},
    });
    if (reply.error) return { error: reply.error };
    return { paymentMethod: reply.paymentMethod };
  }
}
