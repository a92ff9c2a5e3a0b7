// The Stripe keys form on the payment settings page: save, remove, or try them against Stripe.
import { data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type {
  StripeKeysAnswer,
  StripeKeysPageView,
} from '#app/domain/payments/payment-settings.view.ts';
import {
  keysWithStored,
  saveStripeKeys,
  stripeKeysView,
  testStripeConnection,
} from '#app/domain/payments/stripe-keys.server.ts';
import {
  STRIPE_KEY_FIELDS,
  type StripeKeyField,
  judgeStripeKeys,
  stripeKeyControlId,
} from '#app/domain/payments/stripe-keys.rules.ts';
import { sandboxActive } from '#app/domain/payments/stripe-setup.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { maskStripeSecret, stripeKeyMode } from '#app/lib/stripe-keys.ts';

export const STRIPE_KEYS_INTENTS = ['stripe-keys-save', 'stripe-keys-test', 'stripe-keys-remove'];

/** What the page shows of the keys in force: the environment's win over stored ones. */
export async function stripeKeysPage(db: Tx, env: Env): Promise<StripeKeysPageView> {
  const stored = await stripeKeysView(db, env);
  const production = env.NODE_ENV === 'production';
  if (env.STRIPE_SECRET_KEY) {
    return {
      source: 'environment',
      mode: stripeKeyMode(env.STRIPE_SECRET_KEY) ?? 'test',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
      secretKey: maskStripeSecret(env.STRIPE_SECRET_KEY),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ? maskStripeSecret(env.STRIPE_WEBHOOK_SECRET) : null,
      unreadable: false,
      removable: false,
      version: stored.version,
    };
  }
  const active = !sandboxActive(env);
  return {
    source: active ? 'settings' : 'sandbox',
    mode: active ? (stripeKeyMode(stored.secretKey ?? '') ?? 'test') : 'sandbox',
    publishableKey: stored.publishableKey,
    secretKey: stored.secretKey,
    webhookSecret: stored.webhookSecret,
    unreadable: stored.unreadable,
    removable: !production && (stored.secretKey !== null || stored.unreadable),
    version: stored.version,
  };
}

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: string }[],
  typed?: StripeKeysAnswer['typed'],
  version?: string,
) {
  const body: StripeKeysAnswer = {
    intent: 'stripe-keys',
    message: t(errors[0]!.code as TextKey),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey) })),
    typed,
    version,
  };
  return data(body, { status });
}

const INVALID = 'admin.stripeKeys.error.invalid';
// Printable ASCII only: Stripe's keys are letters, digits and a few signs.
const PRINTABLE = /^[\x20-\x7e]*$/;

/** The form's text fields: one plain string each, else a refusal naming the field. */
function readFields(form: FormData) {
  const errors: { field: string; code: string }[] = [];
  const values = {} as Record<StripeKeyField, string>;
  for (const name of STRIPE_KEY_FIELDS) {
    const all = form.getAll(name);
    const value = all[0] ?? '';
    if (all.length > 1 || typeof value !== 'string' || value.length > 300) {
      errors.push({ field: stripeKeyControlId(name), code: INVALID });
    } else if (!PRINTABLE.test(value)) {
      errors.push({ field: stripeKeyControlId(name), code: 'admin.stripeKeys.error.characters' });
    } else {
      values[name] = value.trim();
    }
  }
  if ([...form.keys()].some((name) => name.includes('[')))
    errors.push({ field: '', code: INVALID });
  return { errors, values };
}

/** Only a publishable key that passed the checks is shown again; secrets never are. */
function typedOf(values: Partial<Record<StripeKeyField, string>>): StripeKeysAnswer['typed'] {
  const typed = values.publishable_key ?? '';
  return { publishable_key: /^[A-Za-z0-9_]{0,260}$/.test(typed) ? typed : '' };
}

const PAGE = '/admin/settings/payments';

/**
 * Answers the keys form (its security token already checked): a save or removal goes back to
 * the page with a status; a connection test answers with what Stripe said, saving nothing.
 */
export async function handleStripeKeysForm(
  db: Tx,
  env: Env,
  t: Translate,
  actor: Actor,
  intent: string,
  form: FormData,
) {
  if (env.STRIPE_SECRET_KEY) {
    return refuse(t, 409, [{ field: '', code: 'admin.stripeKeys.error.environment' }]);
  }
  const version = form.getAll('version');
  if (version.length > 1 || version.some((v) => typeof v !== 'string')) {
    return refuse(t, 400, [{ field: '', code: INVALID }]);
  }
  const seen = typeof version[0] === 'string' ? version[0] : undefined;
  if (intent === 'stripe-keys-remove') {
    if (env.NODE_ENV === 'production') {
      return refuse(t, 409, [{ field: '', code: 'admin.stripeKeys.error.remove_production' }]);
    }
    const removed = await saveStripeKeys(db, env, null, actor, seen);
    if (!removed.ok) {
      const conflict = [{ field: '', code: 'admin.stripeKeys.error.conflict' }];
      return refuse(t, 409, conflict, undefined, removed.version);
    }
    return redirect(`${PAGE}?saved=${removed.changed ? 'keys_removed' : 'unchanged'}#stripe-keys`);
  }
  const { errors, values } = readFields(form);
  if (errors.length > 0) return refuse(t, 400, errors, typedOf(values));
  const keys = await keysWithStored(db, env, {
    publishableKey: values.publishable_key,
    secretKey: values.secret_key,
    webhookSecret: values.webhook_secret,
  });
  const problems = judgeStripeKeys(keys, env.NODE_ENV);
  if (problems.length > 0) return refuse(t, 400, problems, typedOf(values));
  if (intent === 'stripe-keys-test') {
    const outcome = await testStripeConnection(env, keys.secretKey);
    const text = outcome.ok
      ? t('admin.stripeKeys.test.ok', {
          mode: t(`admin.stripeKeys.mode.${outcome.mode}`),
          account: outcome.name ? `${outcome.name} (${outcome.accountId})` : outcome.accountId,
        })
      : t(`admin.stripeKeys.test.${outcome.reason}`, { detail: outcome.detail });
    const body: StripeKeysAnswer = {
      intent: 'stripe-keys',
      message: text,
      errors: [],
      typed: typedOf(values),
      connection: { ok: outcome.ok, text },
    };
    return data(body, { status: 200 });
  }
  const saved = await saveStripeKeys(db, env, keys, actor, seen);
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.stripeKeys.error.conflict' }];
    return refuse(t, 409, conflict, typedOf(values), saved.version);
  }
  return redirect(`${PAGE}?saved=${saved.changed ? 'keys' : 'unchanged'}#stripe-keys`);
}
