// The administrator's webhook pages: /admin/webhooks (list, the private-address setting) and
// /admin/webhooks/new, /admin/webhooks/:id (edit, delete, test ping, delivery log).
import { type AppLoadContext, data, redirect } from 'react-router';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { MAX_FAILURES, WEBHOOK_TOPICS } from '#app/domain/webhooks/webhooks.rules.ts';
import { WEBHOOK_STATUSES } from '#app/domain/webhooks/webhooks.schema.ts';
import {
  deleteWebhook,
  findWebhook,
  listWebhooks,
  webhookChanges,
  webhookDeliveryLog,
} from '#app/domain/webhooks/webhooks.server.ts';
import type { StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { pingWebhook } from '../webhooks/delivery.server.ts';
import { saveWebhook } from '../webhooks/manage.server.ts';
import { allowPrivateTargets, privateTargetsAllowed } from '../webhooks/targets.server.ts';
import { auditValueText } from './audit-values.ts';
import { administratorShop } from './staff-pages.server.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};

/** What the pages answer to a form: a refusal (StaffFormAnswer) or a ping's outcome. */
export type PingAnswer = { intent: 'ping'; ok: boolean; message: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const shownFields = (fields: Record<string, unknown> | null) =>
  fields
    ? auditValueText(
        Object.entries(fields)
          .map(([key, value]) => `${key}: ${auditValueText(value)}`)
          .join('; '),
        240,
      )
    : '–';

/** One value of a field sent once; a repeated field or a file is no answer. */
function single(form: FormData, name: string): string | null {
  const all = form.getAll(name);
  return all.length === 1 && typeof all[0] === 'string' ? all[0] : null;
}

function refusal(
  t: Translate,
  intent: string,
  error: DomainError,
  values?: Record<string, string>,
) {
  const field =
    typeof error.params?.field === 'string' ? `webhook-${error.params.field}` : undefined;
  const body: StaffFormAnswer = {
    intent,
    message: t(error.code as TextKey, error.params),
    field,
    values,
  };
  return data(body, { status: STATUS_OF_KIND[error.kind] });
}

type Ctx = Awaited<ReturnType<typeof administratorShop>>;

async function checkedForm(args: Args, ctx: Ctx, intents: readonly string[]) {
  const read = await readForm(args.request);
  const invalid = domainError('invalid', 'admin.webhooks.error.invalid');
  if (!read.ok) return { refused: refusal(ctx.t, 'unknown', read.error) } as const;
  const form = read.value;
  const intent = intents.find((i) => i === single(form, 'intent'));
  if (!intent) return { refused: refusal(ctx.t, 'unknown', invalid) } as const;
  if (!verifyNonce(ctx.current, single(form, 'security'), ctx.env)) {
    const expired = domainError('forbidden', 'admin.webhooks.error.expired');
    return { refused: refusal(ctx.t, intent, expired) } as const;
  }
  return { form, intent } as const;
}

const DONE = ['created', 'saved', 'deleted', 'settings'] as const;
const doneOf = (url: URL) => DONE.find((d) => d === url.searchParams.get('done')) ?? null;

export async function loadWebhooksPage(args: Args, areas: readonly MessageArea[]) {
  const ctx = await administratorShop(args);
  const hooks = await listWebhooks(ctx.db);
  return {
    webhooks: hooks.map((w) => ({
      id: w.id,
      name: w.name,
      status: w.status,
      topic: w.topic,
      deliveryUrl: w.deliveryUrl,
      lastDelivery: w.lastDelivery
        ? {
            at: iso(w.lastDelivery.createdAt)!,
            code: w.lastDelivery.responseCode,
            error: w.lastDelivery.error,
          }
        : null,
    })),
    allowPrivate: await privateTargetsAllowed(ctx.db, {
      ...ctx.env,
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: false,
    }),
    allowedByEnv: ctx.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    maxFailures: MAX_FAILURES,
    security: sessionNonce(ctx.current, ctx.env),
    done: doneOf(new URL(args.request.url)),
    title: `${ctx.t('admin.webhooks.title')} | ${ctx.t('shop.name')}`,
    messages: messagesFor(ctx.locale, areas),
  };
}

/** The list page's one form: whether private addresses may receive deliveries. */
export async function handleWebhooksForm(args: Args) {
  const ctx = await administratorShop(args);
  const checked = await checkedForm(args, ctx, ['settings']);
  if ('refused' in checked) return checked.refused;
  await allowPrivateTargets(ctx.db, single(checked.form, 'allow_private') === '1');
  return redirect('/admin/webhooks?done=settings');
}

/** No id (the `new` page), or the id of an existing webhook (anything else is the 404 page). */
async function webhookOf(ctx: Ctx, param: string | undefined) {
  if (param === undefined) return null;
  const id = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const hook = await findWebhook(ctx.db, id);
  if (!hook) pageNotFound();
  return hook;
}

export async function loadWebhookPage(args: Args, areas: readonly MessageArea[]) {
  const ctx = await administratorShop(args);
  const hook = await webhookOf(ctx, args.params.id);
  const log = hook ? await webhookDeliveryLog(ctx.db, hook.id) : [];
  const changes = hook ? await webhookChanges(ctx.db, hook.id) : [];
  const name = hook?.name ?? '';
  const title = hook
    ? ctx.t('admin.webhooks.edit_title', { name })
    : ctx.t('admin.webhooks.new_title');
  return {
    webhook: hook && {
      id: hook.id,
      name: hook.name,
      status: hook.status,
      topic: hook.topic,
      deliveryUrl: hook.deliveryUrl,
      secret: hook.secret,
      failureCount: hook.failureCount,
    },
    log: log.map((d) => ({
      id: d.id,
      at: iso(d.createdAt)!,
      topic: d.topic,
      attempt: d.attempt,
      code: d.responseCode,
      error: d.error,
      durationMs: d.durationMs,
      requestHeaders: d.requestHeaders,
      requestBody: d.requestBody,
      responseBody: d.responseBody,
    })),
    changes: changes.map((entry) => ({
      id: entry.id,
      at: iso(entry.at)!,
      who: entry.actorLabel || ctx.t(`admin.audit.channel_${entry.channel}` as TextKey),
      action: entry.action,
      fields: Object.keys({ ...(entry.before ?? {}), ...(entry.after ?? {}) }).join(', '),
      before: shownFields(entry.before),
      after: shownFields(entry.after),
    })),
    topics: WEBHOOK_TOPICS,
    statuses: WEBHOOK_STATUSES,
    security: sessionNonce(ctx.current, ctx.env),
    done: doneOf(new URL(args.request.url)),
    title: `${title} | ${ctx.t('shop.name')}`,
    heading: title,
    messages: messagesFor(ctx.locale, areas),
  };
}

/** Saves (creates), deletes or pings a webhook. */
export async function handleWebhookForm(args: Args) {
  const ctx = await administratorShop(args);
  const hook = await webhookOf(ctx, args.params.id);
  const checked = await checkedForm(args, ctx, hook ? ['save', 'delete', 'ping'] : ['save']);
  if ('refused' in checked) return checked.refused;
  const { form, intent } = checked;
  if (hook && intent === 'delete') {
    await deleteWebhook(ctx.db, hook.id, ctx.actor);
    return redirect('/admin/webhooks?done=deleted');
  }
  if (hook && intent === 'ping') {
    const outcome = await pingWebhook(ctx.db, ctx.env, hook);
    const result =
      outcome.answer.status ?? outcome.answer.error ?? ctx.t('admin.webhooks.no_answer');
    const answer: PingAnswer = {
      intent: 'ping',
      ok: outcome.ok,
      message: outcome.ok
        ? ctx.t('admin.webhooks.ping_ok', { code: String(outcome.answer.status) })
        : ctx.t('admin.webhooks.ping_failed', { result: String(result) }),
    };
    return data(answer);
  }
  const fields = ['name', 'topic', 'delivery_url', 'secret', 'status'] as const;
  const values: Record<string, string> = {};
  for (const field of fields) values[field] = (single(form, field) ?? '').slice(0, 2_000);
  // A repeated or missing field is invalid as a whole: the checks see `undefined` → refused.
  const draft = {
    name: single(form, 'name') ?? undefined,
    topic: single(form, 'topic') ?? undefined,
    deliveryUrl: single(form, 'delivery_url') ?? undefined,
    secret: single(form, 'secret') ?? undefined,
    status: single(form, 'status') ?? undefined,
  };
  for (const field of fields) {
    if (single(form, field) === null) {
      const code = field === 'delivery_url' ? 'url' : field;
      return refusal(
        ctx.t,
        intent,
        domainError('invalid', `admin.webhooks.error.${code}`, { field }),
        values,
      );
    }
  }
  const saved = await saveWebhook(ctx.db, ctx.env, hook?.id ?? null, draft, ctx.actor);
  if (!saved.ok) return refusal(ctx.t, intent, saved.error, values);
  return redirect(`/admin/webhooks/${saved.value.id}?done=${hook ? 'saved' : 'created'}`);
}
