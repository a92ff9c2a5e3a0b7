// The payment settings page (/admin/settings/payments): shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { offlineMethods } from '#app/domain/payments/offline.ts';
import {
  ALL_METHOD_IDS,
  type PaymentSettingsFields,
  SCALAR_FIELDS,
  type ScalarField,
  eurosOfCents,
  judgePaymentForm,
} from '#app/domain/payments/payment-settings.rules.ts';
import {
  paymentSettingChanges,
  paymentSettingsFields,
  paymentSettingsVersion,
  savePaymentSettings,
} from '#app/domain/payments/payment-settings.server.ts';
import type {
  PaymentMethodRow,
  PaymentSettingsAnswer,
  StripeStatus,
} from '#app/domain/payments/payment-settings.view.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '#app/domain/payments/payments.ts';
import { sandboxActive, stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { stripeMethodByGateway } from '#app/domain/payments/stripe/methods.ts';
import { shippingCountries } from '#app/domain/shipping/shipping.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import type { ErrorParams } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { readForm } from '../request.server.ts';
import { auditValueText } from './audit-values.ts';
import { staffShop } from './staff.server.ts';
import { STRIPE_KEYS_INTENTS, handleStripeKeysForm, stripeKeysPage } from './stripe-keys.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const PAYMENT_SETTINGS_PATH = '/admin/settings/payments';

const SAVED = ['yes', 'unchanged', 'keys', 'keys_removed'] as const;
type Saved = (typeof SAVED)[number];

function methodRows(locale: Locale): Map<string, PaymentMethodRow> {
  const offline = offlineMethods(DEFAULT_PAYMENT_SETTINGS);
  return new Map(
    ALL_METHOD_IDS.map((id) => {
      const own = offline.find((m) => m.id === id);
      const stripe = stripeMethodByGateway(id);
      const row: PaymentMethodRow = {
        id,
        title: localize(own?.title ?? stripe?.title, locale),
        kind: own ? 'offline' : 'stripe',
        countries: [...(stripe?.countries ?? [])],
        discontinued: stripe?.discontinued ?? false,
      };
      return [id, row];
    }),
  );
}

function stripeStatus(env: Env): StripeStatus {
  if (sandboxActive(env)) return 'sandbox';
  return stripeSetup(env).mode;
}

/** The countries cash on delivery may be limited to: those shipped to, and any saved before. */
async function codChoices(db: Tx, current: PaymentSettingsFields): Promise<string[]> {
  return [...new Set([...(await shippingCountries(db)), ...current.codCountries])].sort();
}

/** One audited field's value as short text in the reader's language. */
function shown(
  t: Translate,
  locale: Locale,
  rows: Map<string, PaymentMethodRow>,
  field: string,
  value: unknown,
): string {
  if ((field === 'invoiceLimit' || field === 'codFee') && typeof value === 'number') {
    return `${eurosOfCents(value, locale)} €`;
  }
  if ((field === 'enabled' || field === 'order') && Array.isArray(value)) {
    if (value.length === 0) return t('admin.payments.none');
    return auditValueText(
      value.map((id) => rows.get(String(id))?.title ?? String(id)).join(', '),
      200,
    );
  }
  if ((field === 'secretKey' || field === 'webhookSecret') && typeof value === 'string') {
    return t(`admin.stripeKeys.audit.${value}` as TextKey);
  }
  if (field === 'publishableKey' && value === 'none') return t('admin.stripeKeys.audit.none');
  if (field === 'codCountries' && Array.isArray(value)) {
    return value.length === 0 ? t('admin.payments.cod_everywhere') : value.join(', ');
  }
  return auditValueText(value, 60);
}

export async function loadPaymentSettings(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const fields = await paymentSettingsFields(db);
  const rows = methodRows(locale);
  const entries = await paymentSettingChanges(db);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return {
    settings: fields,
    invoiceLimit: eurosOfCents(fields.invoiceLimit, locale),
    codFee: eurosOfCents(fields.codFee, locale),
    defaults: {
      invoiceLimit: eurosOfCents(DEFAULT_PAYMENT_SETTINGS.invoiceLimit, locale),
      codFee: eurosOfCents(DEFAULT_PAYMENT_SETTINGS.codFee ?? 0, locale),
      codCountries: DEFAULT_PAYMENT_SETTINGS.codCountries,
      enabled: DEFAULT_PAYMENT_SETTINGS.enabled.map((id) => rows.get(id)?.title ?? id),
    },
    methods: fields.order.map((id) => rows.get(id)!),
    codCountries: await codChoices(db, fields),
    stripe: stripeStatus(env),
    stripeKeys: await stripeKeysPage(db, env),
    version: paymentSettingsVersion(fields),
    changes: entries.flatMap((entry) =>
      Object.keys({ ...entry.before, ...entry.after }).map((field) => ({
        id: `${entry.id}-${field}`,
        at: entry.at.toISOString(),
        who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
        setting: field,
        before: shown(t, locale, rows, field, entry.before?.[field]),
        after: shown(t, locale, rows, field, entry.after?.[field]),
      })),
    ),
    security: sessionNonce(current, env),
    saved: SAVED.find((s) => s === saved) ?? (null as Saved | null),
    title: `${t('admin.payments.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

// eslint-disable-next-line no-control-regex
const SHOWABLE = /^[^\u0000-\u001f]{0,120}$/;

/** What was typed, for the form to show again: short plain text and known ids only. */
function echoed(form: FormData): PaymentSettingsAnswer['typed'] {
  const scalars: Record<string, string> = {};
  for (const name of SCALAR_FIELDS) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    if (typeof value === 'string' && SHOWABLE.test(value)) scalars[name] = value;
  }
  const list = (name: string, keep: (v: string) => boolean) =>
    form
      .getAll(name)
      .filter((v): v is string => typeof v === 'string' && keep(v))
      .slice(0, 300);
  const known = (v: string) => ALL_METHOD_IDS.includes(v);
  return {
    scalars,
    enabled: list('enabled', known),
    order: list('order', known),
    codCountries: list('cod_countries', (v) => /^[A-Z]{2}$/.test(v)),
  };
}

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: string; params?: ErrorParams }[],
  values?: PaymentSettingsAnswer['typed'],
  version?: string,
) {
  const body: PaymentSettingsAnswer = {
    intent: 'payment-settings',
    message: t(errors[0]!.code as TextKey, errors[0]!.params),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey, e.params) })),
    typed: values,
    version,
  };
  return data(body, { status });
}

const INVALID = 'admin.payments.error.invalid';

/**
 * Saves the payment settings, or moves a method a place (the move buttons post the whole form):
 * everything judged at once, nothing saved unless all is valid; answered by going back to the
 * page with a status (post, redirect, get).
 */
export async function handlePaymentSettingsForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const read = await readForm(args.request);
  if (!read.ok) {
    return refuse(t, 400, [{ field: '', code: read.error.code, params: read.error.params }]);
  }
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(t, 403, [{ field: '', code: 'admin.payments.error.expired' }], echoed(form));
  }
  const intents = form.getAll('intent');
  if (intents.length > 1 || intents.some((v) => typeof v !== 'string')) {
    return refuse(t, 400, [{ field: '', code: INVALID }], echoed(form));
  }
  if (typeof intents[0] === 'string' && STRIPE_KEYS_INTENTS.includes(intents[0])) {
    const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
    return handleStripeKeysForm(db, env, t, actor, intents[0], form);
  }
  const errors: { field: string; code: string }[] = [];
  const scalars: Partial<Record<ScalarField, string>> = {};
  for (const name of SCALAR_FIELDS) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string' || v.length > 200)) {
      errors.push({ field: `payments-${name.replaceAll('_', '-')}`, code: INVALID });
    } else if (typeof all[0] === 'string') {
      scalars[name] = all[0];
    }
  }
  const strings = (name: string) => {
    const all = form.getAll(name);
    if (all.length > 300 || all.some((v) => typeof v !== 'string' || v.length > 40)) {
      errors.push({ field: '', code: INVALID });
      return [];
    }
    return all as string[];
  };
  const enabled = strings('enabled');
  const order = strings('order');
  const codCountries = strings('cod_countries');
  for (const name of ['version', 'move']) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: '', code: INVALID });
    }
  }
  // Array-style names (`iban[]`) are no field of this form.
  if ([...form.keys()].some((name) => name.includes('['))) {
    errors.push({ field: '', code: INVALID });
  }
  if (errors.length > 0) return refuse(t, 400, errors, echoed(form));
  const fields = await paymentSettingsFields(db);
  const move = form.get('move');
  const judged = judgePaymentForm(
    {
      scalars,
      enabled,
      order: order.length > 0 ? order : null,
      codCountries,
      move: typeof move === 'string' ? move : null,
    },
    fields,
    new Set(await codChoices(db, fields)),
  );
  if (!judged.ok) return refuse(t, 400, judged.errors, echoed(form));
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  // The page's form always sends the version it was filled in against; a client that sends
  // none saves over whatever is in force.
  const version = form.get('version');
  const seen = typeof version === 'string' ? version : undefined;
  const saved = await savePaymentSettings(db, judged.value, actor, seen);
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.payments.error.conflict' }];
    return refuse(t, 409, conflict, echoed(form), paymentSettingsVersion(saved.current));
  }
  const anchor = typeof move === 'string' ? `#payments-order` : '';
  return redirect(`${PAYMENT_SETTINGS_PATH}?saved=${saved.changed ? 'yes' : 'unchanged'}${anchor}`);
}
