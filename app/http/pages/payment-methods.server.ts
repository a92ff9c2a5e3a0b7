import { type AppLoadContext, data, redirect } from 'react-router';
import {
  deleteSavedMethod,
  listSavedMethods,
  ownSetupIntent,
  savableType,
  setDefaultMethod,
} from '#app/domain/payments/stripe/saved-methods.server.ts';
import { enabledMethods } from '#app/domain/payments/payments.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { storedAppearance } from '#app/domain/payments/stripe/appearance.server.ts';
import { verifyNonce } from '#app/lib/session.server.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { readForm, shop } from '../request.server.ts';
import { requireCustomer } from './account-form.server.ts';
import { METHODS_MESSAGE_AREAS, METHODS_PATH } from '#app/domain/payments/payment-methods.view.ts';
import { pageNotFound } from './not-found.ts';
import { applyMethodToSubscriptions, updatesAll } from '../subscriptions/change-payment.server.ts';
import { type SavedMethodView, savedMethodView } from '../stripe/saved-view.server.ts';

type Args = { request: Request; context: AppLoadContext };

/** Notices carried over the redirect after a post or Stripe's return, by name. */
const NOTICES = {
  added: { kind: 'success', text: 'methods.added' },
  add_failed: { kind: 'error', text: 'methods.add_failed' },
  deleted: { kind: 'success', text: 'methods.deleted' },
  default_set: { kind: 'success', text: 'methods.default_set' },
} as const satisfies Record<string, { kind: 'success' | 'error'; text: TextKey }>;
type NoticeName = keyof typeof NOTICES;

const noticePath = (name: NoticeName) => `${METHODS_PATH}?notice=${name}`;

export type PaymentMethodsData = Awaited<ReturnType<typeof loadPaymentMethods>>;

/**
 * `/my-account/payment-methods`: the customer's saved methods. Stripe's return after setting
 * one up (`setup_intent=seti_…`) is read from Stripe and turned into a notice; `?delete=pm_…`
 * asks to confirm a deletion (a page of its own, so it works without JavaScript).
 */
export async function loadPaymentMethods(args: Args) {
  const base = shop(args);
  const { customer, security } = await requireCustomer(args);
  const url = new URL(args.request.url);
  const { stripe } = stripeSetup(base.env);
  const returned = url.searchParams.get('setup_intent');
  if (returned !== null) {
    let intent = null;
    try {
      intent = await ownSetupIntent(base.db, stripe, customer.id, returned.slice(0, 300));
    } catch (error) {
      console.error('stripe: setup return lookup failed', (error as Error).message);
    }
    const done = intent?.status === 'succeeded' || intent?.status === 'processing';
    const kept = typeof intent?.payment_method === 'string' ? intent.payment_method : null;
    if (intent?.status === 'succeeded' && kept && updatesAll(intent)) {
      try {
        await applyMethodToSubscriptions(base, customer.id, kept, {
          subscriptionId: null,
          all: true,
        });
      } catch (error) {
        console.error('subscriptions: update all failed', (error as Error).message);
      }
    }
    throw redirect(noticePath(done ? 'added' : 'add_failed'), 303);
  }
  let methods: SavedMethodView[] = [];
  let loadFailed = false;
  try {
    const saved = await listSavedMethods(base.db, stripe, customer.id);
    methods = saved.map((m) => savedMethodView(m, base.t, base.locale));
  } catch (error) {
    console.error('stripe: saved methods lookup failed', (error as Error).message);
    loadFailed = true;
  }
  const toDelete = url.searchParams.get('delete');
  const confirmDelete = toDelete === null ? null : (methods.find((m) => m.id === toDelete) ?? null);
  if (toDelete !== null && !confirmDelete && !loadFailed) pageNotFound();
  const name = url.searchParams.get('notice') ?? '';
  const notice = Object.hasOwn(NOTICES, name) ? NOTICES[name as NoticeName] : null;
  return {
    title: `${base.t('methods.title')} | ${base.t('shop.name')}`,
    messages: messagesFor(base.locale, METHODS_MESSAGE_AREAS),
    security,
    methods,
    loadFailed,
    confirmDelete,
    notice: notice ? { kind: notice.kind, text: base.t(notice.text) } : null,
  };
}

/**
 * The list's posts: `set_default` and `delete` of one method. Another customer's (or an
 * unknown) method is the 404 page, whatever the post; a stale token changes nothing.
 */
export async function handlePaymentMethods(args: Args) {
  const base = shop(args);
  const { session, customer } = await requireCustomer(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 300) : '';
  };
  const intent = field('intent');
  const refuse = (message: string, status: number) => data({ ok: false, message }, { status });
  if (!read.ok) return refuse(base.t(read.error.code as TextKey), STATUS_OF_KIND[read.error.kind]);
  if (!verifyNonce(session, form.get('security'), base.env)) {
    return refuse(base.t('account.error.session_expired'), 403);
  }
  if (intent !== 'set_default' && intent !== 'delete') {
    return refuse(base.t('error.invalid_param', { param: 'intent' }), 400);
  }
  const { stripe } = stripeSetup(base.env);
  const change = intent === 'delete' ? deleteSavedMethod : setDefaultMethod;
  let result;
  try {
    result = await change(base.db, stripe, customer.id, field('payment_method'));
  } catch (error) {
    console.error('stripe: saved method change failed', (error as Error).message);
    return refuse(base.t('methods.change_failed'), 502);
  }
  if (!result.ok) pageNotFound();
  return redirect(noticePath(intent === 'delete' ? 'deleted' : 'default_set'), 303);
}

/**
 * `/my-account/add-payment-method`: the Payment Element in setup mode for the reusable
 * Stripe types the shop offers.
 */
export async function loadAddPaymentMethod(args: Args) {
  const base = shop(args);
  const { security } = await requireCustomer(args);
  const setup = stripeSetup(base.env);
  const types = (await enabledMethods(base.db)).flatMap((m) =>
    m.client?.provider === 'stripe' && savableType(m.client.type) ? [m.client.type] : [],
  );
  const appearance = await storedAppearance(base.db);
  return {
    title: `${base.t('methods.add_title')} | ${base.t('shop.name')}`,
    messages: messagesFor(base.locale, [...METHODS_MESSAGE_AREAS, 'stripe']),
    security,
    stripe: {
      key: setup.publishableKey,
      sandboxScriptUrl: setup.sandboxScriptUrl,
      locale: base.locale,
      currency: base.currency.toLowerCase(),
      types,
      appearance: appearance.appearance,
      appearanceKey: appearance.key,
      testMode: setup.mode !== 'live',
    },
  };
}
