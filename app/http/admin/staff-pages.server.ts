// The administrator's pages: staff accounts (/admin/staff) and REST API keys (/admin/api-keys).
import { randomBytes } from 'node:crypto';
import { type AppLoadContext, data, redirect } from 'react-router';
import { createApiKey, listApiKeys, revokeApiKey } from '#app/domain/api-keys/api-keys.server.ts';
import { API_KEY_PERMISSIONS } from '#app/domain/api-keys/api-keys.schema.ts';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { emailSchema } from '#app/domain/customers/customers.validation.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import {
  ASSIGNABLE_ROLES,
  addStaff,
  changeStaffRole,
  listStaff,
} from '#app/domain/staff/staff.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import type { CreatedKeyAnswer, StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { sendAccountMail } from '../pages/account-mail.server.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { staffShop } from './staff.server.ts';

type Args = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};

/** Administrators pass; shop managers get the 404 page like everyone else who is not staff. */
export async function administratorShop(args: Args) {
  const ctx = await staffShop(args);
  if (ctx.viewer.role !== 'administrator') pageNotFound();
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  return { ...ctx, actor };
}

/** One value of a field sent once; a repeated field or a file is no answer. */
function single(form: FormData, name: string): string | null {
  const all = form.getAll(name);
  return all.length === 1 && typeof all[0] === 'string' ? all[0] : null;
}

const idOf = (value: string | null) =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

function refusal(
  t: Translate,
  intent: string,
  error: DomainError,
  values?: Record<string, string>,
) {
  const body: StaffFormAnswer = {
    intent,
    message: t(error.code as TextKey, error.params),
    field: typeof error.params?.field === 'string' ? error.params.field : undefined,
    values,
  };
  return data(body, { status: STATUS_OF_KIND[error.kind] });
}

const invalid = (code: string, field?: string) =>
  domainError('invalid', code, field ? { field } : undefined);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Reads the form with the nonce checked: the form, or the refusal to answer with. */
async function checkedForm(
  args: Args,
  ctx: Awaited<ReturnType<typeof administratorShop>>,
  intents: readonly string[],
) {
  const read = await readForm(args.request);
  if (!read.ok) return { refused: refusal(ctx.t, 'unknown', read.error) } as const;
  const form = read.value;
  const intent = intents.find((i) => i === single(form, 'intent'));
  if (!intent)
    return { refused: refusal(ctx.t, 'unknown', invalid('admin.staff.error.invalid')) } as const;
  if (!verifyNonce(ctx.current, single(form, 'security'), ctx.env)) {
    return {
      refused: refusal(ctx.t, intent, domainError('forbidden', 'admin.staff.error.expired')),
    } as const;
  }
  return { form, intent } as const;
}

export async function loadStaffPage(args: Args, areas: readonly MessageArea[]) {
  const ctx = await administratorShop(args);
  const done = new URL(args.request.url).searchParams.get('done');
  const staff = await listStaff(ctx.db);
  return {
    staff: staff.map((s) => ({ ...s, lastLogin: iso(s.lastLogin), createdAt: iso(s.createdAt)! })),
    selfId: ctx.viewer.id,
    security: sessionNonce(ctx.current, ctx.env),
    done: done === 'added' || done === 'invited' || done === 'role' ? done : null,
    title: `${ctx.t('admin.staff.title')} | ${ctx.t('shop.name')}`,
    messages: messagesFor(ctx.locale, areas),
  };
}

/** Adds a staff member by address, or changes (or removes) a staff member's role. */
export async function handleStaffForm(args: Args) {
  const ctx = await administratorShop(args);
  const checked = await checkedForm(args, ctx, ['add', 'role']);
  if ('refused' in checked) return checked.refused;
  const { form, intent } = checked;
  const { t } = ctx;
  if (intent === 'add') {
    const raw = single(form, 'email') ?? '';
    const values = { email: raw.slice(0, 254), role: (single(form, 'role') ?? '').slice(0, 20) };
    const email = raw.length <= 254 ? emailSchema.safeParse(raw) : null;
    if (!email?.success) {
      return refusal(t, intent, invalid('admin.staff.error.email', 'staff-email'), values);
    }
    const role = (['shop_manager', 'administrator'] as const).find((r) => r === values.role);
    if (!role) return refusal(t, intent, invalid('admin.staff.error.role', 'staff-role'), values);
    const added = await addStaff(ctx.db, { email: email.data, role }, ctx.actor);
    if (!added.ok) {
      return refusal(
        t,
        intent,
        { ...added.error, params: { ...added.error.params, field: 'staff-email' } },
        values,
      );
    }
    const { resetToken } = added.value;
    if (resetToken) {
      // The existing lost-password mail: its link sets the new account's first password.
      sendAccountMail(
        ctx.db,
        ctx.env,
        added.value.email,
        added.value.locale === 'en' ? 'en' : 'de',
        {
          kind: 'reset',
          token: resetToken,
          name: added.value.name,
        },
      );
    }
    return redirect(`/admin/staff?done=${resetToken ? 'invited' : 'added'}`);
  }
  const id = idOf(single(form, 'id'));
  const role = ASSIGNABLE_ROLES.find((r) => r === single(form, 'role'));
  if (!id) return refusal(t, intent, invalid('admin.staff.error.invalid'));
  if (!role) return refusal(t, intent, invalid('admin.staff.error.role', `role-${id}`));
  const changed = await changeStaffRole(ctx.db, { customerId: id, role }, ctx.actor);
  if (!changed.ok) {
    return refusal(t, intent, {
      ...changed.error,
      params: { ...changed.error.params, field: `role-${id}` },
    });
  }
  return redirect('/admin/staff?done=role');
}

export async function loadApiKeysPage(args: Args, areas: readonly MessageArea[]) {
  const ctx = await administratorShop(args);
  const url = new URL(args.request.url);
  const keys = await listApiKeys(ctx.db);
  const staff = await listStaff(ctx.db);
  const revokeId = idOf(url.searchParams.get('revoke'));
  const listed = keys.map((k) => ({
    ...k,
    lastAccess: iso(k.lastAccess),
    createdAt: iso(k.createdAt)!,
  }));
  const done = url.searchParams.get('done');
  return {
    keys: listed,
    owners: staff.map((s) => ({ id: s.id, label: s.name ? `${s.name} (${s.email})` : s.email })),
    selfId: ctx.viewer.id,
    revoke: listed.find((k) => k.id === revokeId) ?? null,
    security: sessionNonce(ctx.current, ctx.env),
    // Fresh per page view: a reload that posts the create form again makes no second key.
    createToken: randomBytes(18).toString('base64url'),
    done: done === 'revoked' ? done : null,
    title: `${ctx.t('admin.apiKeys.title')} | ${ctx.t('shop.name')}`,
    messages: messagesFor(ctx.locale, areas),
  };
}

const CREATE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Creates a key (its credentials answered once) or revokes one. */
export async function handleApiKeysForm(args: Args) {
  const ctx = await administratorShop(args);
  const checked = await checkedForm(args, ctx, ['create', 'revoke']);
  if ('refused' in checked) return checked.refused;
  const { form, intent } = checked;
  const { t } = ctx;
  if (intent === 'revoke') {
    const id = idOf(single(form, 'id'));
    if (!id) return refusal(t, intent, invalid('admin.apiKeys.error.not_found'));
    const revoked = await revokeApiKey(ctx.db, id, ctx.actor);
    if (!revoked.ok)
      return refusal(t, intent, domainError('not_found', 'admin.apiKeys.error.not_found'));
    return redirect('/admin/api-keys?done=revoked');
  }
  const description = single(form, 'description') ?? '';
  const values = {
    description: description.slice(0, 200),
    owner: (single(form, 'owner') ?? '').slice(0, 12),
    permissions: (single(form, 'permissions') ?? '').slice(0, 20),
  };
  if (
    single(form, 'description') === null ||
    description.trim() === '' ||
    description.length > 200
  ) {
    return refusal(
      t,
      intent,
      invalid('admin.apiKeys.error.description', 'key-description'),
      values,
    );
  }
  const ownerId = idOf(values.owner);
  const owner = ownerId ? (await listStaff(ctx.db)).find((s) => s.id === ownerId) : undefined;
  if (!owner) return refusal(t, intent, invalid('admin.apiKeys.error.owner', 'key-owner'), values);
  const permissions = API_KEY_PERMISSIONS.find((p) => p === values.permissions);
  if (!permissions) {
    return refusal(
      t,
      intent,
      invalid('admin.apiKeys.error.permissions', 'key-permissions'),
      values,
    );
  }
  const token = single(form, 'create_token');
  const created = await createApiKey(
    ctx.db,
    {
      email: owner.email,
      permissions,
      description,
      createToken: token && CREATE_TOKEN.test(token) ? token : null,
    },
    ctx.env.API_KEY_SECRET,
    ctx.actor,
  );
  if (!created.ok) {
    // A form posted again has no field to blame; a refused owner has.
    const params =
      created.error.kind === 'conflict'
        ? created.error.params
        : { ...created.error.params, field: 'key-owner' };
    return refusal(t, intent, { ...created.error, params }, values);
  }
  const body: CreatedKeyAnswer = {
    created: {
      consumerKey: created.value.consumerKey,
      consumerSecret: created.value.consumerSecret,
      description: description.trim(),
      permissions,
      owner: owner.email,
    },
  };
  // Never kept by a cache or shown again from one.
  return data(body, { headers: { 'Cache-Control': 'no-store' } });
}
