/**
 * The Stripe sandbox's Stripe.js: installs `window.Stripe` with the subset of Stripe.js the
 * shop calls, talking to the sandbox's `/v1` API with the publishable key. Card and bank
 * data are typed into the sandbox's own iframe and go from there to the API; this page only
 * ever receives payment method ids, as with Stripe's own iframe.
 */
import { SandboxClient } from './api-client.ts';
import { ElementsGroup } from './elements.ts';
import { type Json, type Result, invalid, isSetup, missingDetails } from './shared.ts';

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
      return missingDetails();
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
