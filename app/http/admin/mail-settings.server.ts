// The mails section of the settings area (/admin/settings/mails): the sender, which mails go
// out, each mail's preview, and a test send. Shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { saveSettingSection, settingChanges } from '#app/domain/audit/setting-sections.server.ts';
import { takeTestSend } from '#app/domain/audit/test-sends.server.ts';
import {
  MAIL_FORM_FIELDS,
  MAIL_KINDS,
  type MailKind,
  SWITCHABLE_MAILS,
  isMailKind,
  mailControlId,
  mailFormSchema,
  testSendSchema,
} from '#app/domain/settings/mail-settings.rules.ts';
import {
  MAIL_SETTING_KEYS,
  SENDER_SETTING,
  mailSettings,
  mailSettingsVersion,
  mailValues,
} from '#app/domain/settings/mail-settings.server.ts';
import type { MailSettingsAnswer, MailRowView } from '#app/domain/settings/mail-settings.view.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { createMailer } from '#app/lib/mail.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { defaultSender, fromHeader, senderOf } from '../mail/mail-sender.server.ts';
import { previewMail, previewSample } from '../mail/mail-previews.server.ts';
import { readForm } from '../request.server.ts';
import { auditValueText } from './audit-values.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const MAIL_SETTINGS_PATH = '/admin/settings/mails';

type Shop = Awaited<ReturnType<typeof staffShop>>;

const mailName = (t: Translate, kind: string) => t(`admin.mailSettings.mail.${kind}` as TextKey);

/** Before and after of one audited value, as short text in the reader's language. */
function shown(t: Translate, key: string, value: unknown): string {
  if (typeof value === 'boolean')
    return t(value ? 'admin.shopSettings.on' : 'admin.shopSettings.off');
  if (key === SENDER_SETTING && value && typeof value === 'object') {
    const sender = value as { name?: string; address?: string };
    return auditValueText(`${sender.name ?? ''} <${sender.address ?? ''}>`, 80);
  }
  return auditValueText(value, 60);
}

async function changesFor(shop: Shop) {
  const { db, t } = shop;
  const changes = await settingChanges(db, MAIL_SETTING_KEYS);
  return changes.map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
    setting:
      entry.entityId === SENDER_SETTING
        ? t('admin.mailSettings.sender')
        : mailName(t, entry.entityId.replace('mails.enabled.', '')),
    before: shown(t, entry.entityId, entry.before?.value),
    after: shown(t, entry.entityId, entry.after?.value),
  }));
}

/** The preview asked for in the address (`?preview=kind&lang=de`), if any. */
async function previewOf(shop: Shop, url: URL) {
  const kind = url.searchParams.get('preview');
  const lang = url.searchParams.get('lang');
  if (!isMailKind(kind)) return null;
  const locale: Locale = lang === 'en' ? 'en' : 'de';
  const sample = await previewSample(shop.db);
  if (!sample) return { kind, locale, mail: null, reason: 'no_order' as const };
  const mail = await previewMail(shop.db, shop.env, sample, kind, locale);
  return { kind, locale, mail, reason: mail ? null : ('not_written' as const) };
}

/**
 * A mail's HTML part on its own address, for a new tab: the browser runs it under
 * `Content-Security-Policy: sandbox` (no scripts, no forms, an origin of its own) and fetches
 * nothing but inline styles and pictures.
 */
export async function mailPreviewHtml(args: Args): Promise<Response> {
  const shop = await staffShop(args);
  const preview = await previewOf(shop, new URL(args.request.url));
  if (!preview?.mail?.html) pageNotFound();
  return new Response(preview.mail.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

export async function loadMailSettings(args: Args, areas: readonly MessageArea[]) {
  const shop = await staffShop(args);
  const { env, locale, t, current } = shop;
  const settings = await mailSettings(shop.db);
  const url = new URL(args.request.url);
  const saved = url.searchParams.get('saved');
  const rows: MailRowView[] = MAIL_KINDS.map((kind) => ({
    id: kind.id,
    audience: kind.audience,
    required: 'required' in kind ? kind.required : null,
    managedAt: 'managedAt' in kind ? kind.managedAt : null,
    enabled: 'required' in kind ? true : settings.enabled[kind.id] !== false,
  }));
  return {
    sender: settings.sender ?? { name: '', address: '' },
    defaults: defaultSender(env),
    version: mailSettingsVersion(settings),
    rows,
    preview: await previewOf(shop, url),
    staffEmail: shop.viewer.email,
    changes: await changesFor(shop),
    security: sessionNonce(current, env),
    saved: saved === 'yes' || saved === 'unchanged' ? saved : null,
    title: `${t('admin.mailSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

type Problem = { field: string; code: string; params?: Record<string, string | number> };

/** What was typed, for the form to show again: plain text of a sensible length only. */
function echoed(form: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of fields) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    // eslint-disable-next-line no-control-regex
    if (typeof value === 'string' && value.length <= 600 && !/[\u0000\r\n]/.test(value)) {
      values[name] = value;
    }
  }
  return values;
}

function refuse(
  t: Translate,
  intent: 'settings' | 'test',
  status: number,
  errors: Problem[],
  values?: Record<string, string>,
  version?: string,
) {
  const body: MailSettingsAnswer = {
    intent,
    ok: false,
    message: t(errors[0]!.code as TextKey, errors[0]!.params),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey, e.params) })),
    values,
    version,
  };
  return data(body, { status });
}

/** Each field once and as text; a repeated, array-style or file field is refused. */
function collect(form: FormData, names: readonly string[], errors: Problem[]) {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: mailControlId(name), code: 'admin.mailSettings.error.invalid' });
    } else if (typeof all[0] === 'string') {
      fields[name] = all[0];
    }
  }
  if ([...form.keys()].some((name) => name.includes('['))) {
    errors.push({ field: '', code: 'admin.mailSettings.error.invalid' });
  }
  return fields;
}

function issuesOf(
  issues: { path: PropertyKey[]; message: string }[],
  names: readonly string[],
  errors: Problem[],
) {
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    const field = names.includes(name) ? mailControlId(name) : '';
    if (field && errors.some((e) => e.field === field)) continue;
    const code = issue.message.startsWith('admin.mailSettings.error.')
      ? issue.message
      : 'admin.mailSettings.error.invalid';
    errors.push({ field, code, params: { max: name === 'sender_name' ? 80 : 254 } });
  }
}

/**
 * Saves the sender and the switches, or sends a test mail. Saving: every field judged at once,
 * nothing saved unless all are valid, against the version the form was filled in with.
 */
export async function handleMailSettingsForm(args: Args) {
  const shop = await staffShop(args);
  const { t } = shop;
  const read = await readForm(args.request);
  const intentOf = (form: FormData | null) =>
    form?.get('intent') === 'test' ? ('test' as const) : ('settings' as const);
  if (!read.ok) {
    const param = read.error.params?.param;
    const known = typeof param === 'string' && [...MAIL_FORM_FIELDS, 'to'].includes(param);
    const problem: Problem = known
      ? { field: mailControlId(param), code: 'admin.mailSettings.error.control' }
      : { field: '', code: read.error.code, params: read.error.params };
    return refuse(t, 'settings', 400, [problem]);
  }
  const form = read.value;
  const intent = intentOf(form);
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(shop.current, security[0], shop.env)) {
    const expired = [{ field: '', code: 'admin.shopSettings.error.expired' }];
    return refuse(t, intent, 403, expired, echoed(form, MAIL_FORM_FIELDS));
  }
  if (form.getAll('intent').length > 1) {
    return refuse(t, 'settings', 400, [{ field: '', code: 'admin.mailSettings.error.invalid' }]);
  }
  const actor = { channel: 'admin' as const, id: shop.viewer.id, label: shop.viewer.email };
  return intent === 'test' ? testSend(shop, actor, form) : saveSettings(shop, actor, form);
}

async function saveSettings(shop: Shop, actor: Actor, form: FormData) {
  const { t } = shop;
  const errors: Problem[] = [];
  const fields = collect(form, MAIL_FORM_FIELDS, errors);
  const versions = form.getAll('version');
  if (versions.length > 1 || versions.some((v) => typeof v !== 'string')) {
    errors.push({ field: '', code: 'admin.mailSettings.error.invalid' });
  }
  const seen = typeof versions[0] === 'string' ? versions[0] : undefined;
  const parsed = mailFormSchema.safeParse({ sender_name: '', sender_address: '', ...fields });
  if (!parsed.success) issuesOf(parsed.error.issues, MAIL_FORM_FIELDS, errors);
  if (errors.length > 0 || !parsed.success) {
    return refuse(t, 'settings', 400, errors, echoed(form, MAIL_FORM_FIELDS));
  }
  const values = parsed.data;
  const enabled: Record<string, boolean> = {};
  for (const kind of SWITCHABLE_MAILS) enabled[kind] = values[`on_${kind}`] === true;
  const sender =
    values.sender_name === '' && values.sender_address === ''
      ? null
      : { name: values.sender_name, address: values.sender_address };
  const saved = await saveSettingSection(
    shop.db,
    {
      lock: 'mail-settings',
      read: async (tx) => mailValues(await mailSettings(tx)),
      next: () => mailValues({ sender, enabled }),
    },
    actor,
    seen,
  );
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.shopSettings.error.conflict' }];
    return refuse(t, 'settings', 409, conflict, echoed(form, MAIL_FORM_FIELDS), saved.version);
  }
  return redirect(`${MAIL_SETTINGS_PATH}?saved=${saved.changed.length > 0 ? 'yes' : 'unchanged'}`);
}

const TEST_FIELDS = ['mail', 'lang', 'to'] as const;

/** Sends the chosen mail, built from the sample order, to the staff member or a typed address. */
async function testSend(shop: Shop, actor: Actor & { id: number }, form: FormData) {
  const { t, db, env } = shop;
  const errors: Problem[] = [];
  const fields = collect(form, TEST_FIELDS, errors);
  const parsed = testSendSchema.safeParse({ mail: '', lang: '', to: '', ...fields });
  if (!parsed.success) issuesOf(parsed.error.issues, TEST_FIELDS, errors);
  if (errors.length > 0 || !parsed.success) {
    return refuse(t, 'test', 400, errors, echoed(form, TEST_FIELDS));
  }
  const { mail, lang, to } = parsed.data;
  const address = to || shop.viewer.email;
  if (!(await takeTestSend(db, actor, { mail, to: address, lang }))) {
    return refuse(t, 'test', 429, [{ field: '', code: 'admin.mailSettings.error.rate' }], {
      mail,
      lang,
      to,
    });
  }
  const sample = await previewSample(db);
  const message = sample ? await previewMail(db, env, sample, mail as MailKind, lang) : null;
  if (!message) {
    const code = sample ? 'admin.mailSettings.preview_none' : 'admin.mailSettings.no_order';
    return refuse(t, 'test', 422, [{ field: mailControlId('mail'), code }], { mail, lang, to });
  }
  const sender = await senderOf(db, env);
  const sent = await createMailer(env, fromHeader(sender)).send({
    to: [address],
    subject: `${t('admin.mailSettings.test_prefix')} ${message.subject}`,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  });
  if (!sent.ok) {
    console.error('test mail not sent', sent.error);
    return refuse(t, 'test', 502, [{ field: '', code: 'admin.mailSettings.test_failed' }], {
      mail,
      lang,
      to,
    });
  }
  const body: MailSettingsAnswer = {
    intent: 'test',
    ok: true,
    message: t('admin.mailSettings.test_sent', {
      mail: mailName(t, mail),
      to: address,
      lang: t(`admin.mailSettings.lang_${lang}` as TextKey),
    }),
    errors: [],
    values: { mail, lang, to },
  };
  return data(body);
}
