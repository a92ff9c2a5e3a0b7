/** The sandbox Stripe.js's calls to the sandbox's `/v1` API with the publishable key. */
import type { ElementsGroup } from './elements.ts';
import { hostedPage, showActionDialog } from './next-action.ts';
import {
  type Json,
  type Result,
  encode,
  intentIdOf,
  invalid,
  isSetup,
  localeOf,
  missingDetails,
} from './shared.ts';

export class SandboxClient {
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
      return missingDetails();
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
