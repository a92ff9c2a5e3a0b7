import { recordCustomerAttribution } from '#app/domain/attribution/attribution.server.ts';
import { formAttribution } from '../attribution.server.ts';
import { type AppLoadContext, data, redirect } from 'react-router';
import { z } from 'zod';
import { keepCustomerCarts } from '#app/domain/cart/cart-login.server.ts';
import {
  type AccountSettings,
  accountSettings,
} from '#app/domain/customers/account-settings.server.ts';
import {
  type AccountContext,
  type AddressKind,
  authenticate,
  confirmPassword,
  customerById,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  saveAddress,
  updateAccountDetails,
} from '#app/domain/customers/accounts.server.ts';
import { anonymiseCustomer } from '#app/domain/privacy/anonymise.server.ts';
import { ADDRESS_FIELDS, type AddressInput } from '#app/domain/customers/address-locale.ts';
import type { CustomerRow } from '#app/domain/customers/customers.schema.ts';
import { emailSchema, passwordSchema } from '#app/domain/customers/customers.validation.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import {
  type Session,
  clearSessionCookie,
  deleteCustomerSessions,
  deleteSession,
  sessionNonce,
  verifyNonce,
} from '#app/lib/session.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { forgetPersonal } from '../personal.server.ts';
import {
  type CustomerSessionStart,
  type LoginHead,
  dropLoginHead,
  startCustomerSession,
  startLoginHead,
} from '../customer-session.server.ts';
import { readForm, safeRedirectPath, shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import type { AccountActionData, AccountNotice } from './account-form.view.ts';
import { sendAccountMail } from './account-mail.server.ts';

type Args = { request: Request; context: AppLoadContext };
type Shop = ReturnType<typeof shop>;

/** The visitor's session and account, or nulls. */
export async function currentCustomer(
  args: Args,
): Promise<{ session: Session | null; customer: CustomerRow | null }> {
  const { db, session } = shop(args);
  const current = await session();
  const customer = current?.customerId ? await customerById(db, current.customerId) : null;
  return { session: current, customer };
}

/**
 * A page that needs a logged-in customer: its data, or a redirect to the login form. The
 * token is what the page's forms carry as `security`.
 */
export async function requireCustomer(args: Args) {
  const { session, customer } = await currentCustomer(args);
  if (!session || !customer) throw redirect('/my-account');
  return { session, customer, security: sessionNonce(session, args.context.env) };
}

async function accountContext(base: Shop): Promise<AccountContext> {
  return {
    settings: await accountSettings(base.db),
    locale: base.locale,
    shopName: base.t('shop.name'),
  };
}

function text(form: FormData, name: string, max = 2_000): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function reply(
  base: Shop,
  intent: string,
  outcome: { ok: true; messages: string[] } | { ok: false; error: DomainError },
  extra: Partial<AccountActionData> = {},
  headers?: Headers,
) {
  const body: AccountActionData = outcome.ok
    ? { ok: true, intent, messages: outcome.messages, ...extra }
    : {
        ok: false,
        intent,
        messages: [base.t(outcome.error.code as TextKey, outcome.error.params)],
        field: outcome.error.params?.field as string | undefined,
        ...extra,
      };
  const status = outcome.ok ? 200 : STATUS_OF_KIND[outcome.error.kind];
  return data(body, { status, headers });
}

const refuse = (
  base: Shop,
  intent: string,
  error: DomainError,
  extra?: Partial<AccountActionData>,
) => reply(base, intent, { ok: false, error }, extra);

const invalidEmail = domainError('invalid', 'account.error.email_invalid', { field: 'username' });

/** The customer's new session (decision 0017) and the cookies that carry it. */
async function startSessionOf(base: Shop, input: CustomerSessionStart) {
  const started = await startCustomerSession(base, input);
  const headers = new Headers();
  for (const cookie of started.cookies) headers.append('Set-Cookie', cookie);
  return { headers, merged: started.merged, limited: started.limited };
}

function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

/** Posts of `/my-account`: login (also from the header's popup) and registration. */
export async function handleLoginPage(args: Args) {
  const started = performance.now();
  const base = shop(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const intent = text(form, 'intent', 20);
  if (!read.ok) return refuse(base, intent, read.error);
  if (intent === 'login') return login(args, base, form, started);
  if (intent === 'register') return register(args, base, form);
  return refuse(base, intent, domainError('invalid', 'error.invalid_param', { param: 'intent' }));
}

async function login(args: Args, base: Shop, form: FormData, startedAt: number) {
  const source = text(form, 'source', 10) === 'popup' ? 'popup' : 'page';
  const username = text(form, 'username', 300);
  const extra: Partial<AccountActionData> = {
    source,
    values: {
      username: username.slice(0, 254),
      redirect_to: safeRedirectPath(text(form, 'redirect_to', 2_000), '/my-account'),
    },
    intent: 'login',
  };
  const email = emailSchema.safeParse(username);
  const password = passwordSchema.safeParse(form.get('password'));
  if (!password.success) {
    return refuse(
      base,
      'login',
      domainError('invalid', 'account.error.password_required', { field: 'password' }),
      extra,
    );
  }
  const remember = form.get('rememberme') === 'forever';
  // Read beside the password check: only the session start needs it.
  const previousSession = base.session();
  previousSession.catch(() => {});
  const ahead: { head?: LoginHead } = {};
  const timing = { checkMs: 0 };
  // An address that cannot be one is judged like a wrong password: same words, same time.
  const result = await authenticate(
    base.db,
    {
      email: email.success ? email.data : username.trim().toLowerCase().slice(0, 254),
      password: password.data,
      address: clientAddress(args.request),
    },
    // No settings given: the stored ones come in the statement that reads the account.
    {},
    {
      whileChecking: (customer) => {
        ahead.head = startLoginHead(base, { customerId: customer.id, remember });
      },
      timing,
    },
  );
  if (!result.ok) {
    if (ahead.head) await dropLoginHead(base, ahead.head);
    return refuse(base, 'login', result.error, extra);
  }
  const started = await startSessionOf(base, {
    customerId: result.value.id,
    remember,
    previous: await previousSession,
    mergeCarts: true,
    head: ahead.head,
  });
  const wanted = safeRedirectPath(text(form, 'redirect_to', 2_000), '/my-account');
  const target = wanted === '/my-account/lost-password' ? '/my-account' : wanted;
  // What the login cost next to its password hash, for the browser's tools and the bench.
  started.headers.set(
    'Server-Timing',
    `kdf;desc="password check";dur=${timing.checkMs.toFixed(1)}, login;dur=${(performance.now() - startedAt).toFixed(1)}`,
  );
  return redirect(withCartNotice(target, started), { headers: started.headers });
}

/**
 * An account page tells a customer whose saved cart came back, or whose quantities the stock
 * limited; elsewhere the cart shows the lines themselves.
 */
function withCartNotice(target: string, merge: { merged: number; limited: boolean }): string {
  const notice: AccountNotice | null = merge.limited
    ? 'cart_limited'
    : merge.merged > 0
      ? 'cart_merged'
      : null;
  if (!notice || !/^\/my-account(\/|$|\?)/.test(target) || target.includes('notice=')) {
    return target;
  }
  return `${target}${target.includes('?') ? '&' : '?'}notice=${notice}`;
}

async function register(args: Args, base: Shop, form: FormData) {
  const raw = text(form, 'email', 300);
  const extra = { values: { email: raw.slice(0, 254) } };
  const email = emailSchema.safeParse(raw);
  if (!email.success)
    return refuse(base, 'register', { ...invalidEmail, params: { field: 'reg_email' } }, extra);
  const password = passwordSchema.safeParse(form.get('password'));
  if (!password.success) {
    return refuse(
      base,
      'register',
      domainError('invalid', 'account.error.password_required', { field: 'reg_password' }),
      extra,
    );
  }
  const ctx = await accountContext(base);
  const result = await registerCustomer(
    base.db,
    { email: email.data, password: password.data },
    ctx,
  );
  if (!result.ok) {
    return refuse(base, 'register', { ...result.error, params: { field: 'reg_password' } }, extra);
  }
  const registration = result.value;
  if (registration.kind !== 'exists') {
    const fields = Object.fromEntries(
      [...form].filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const attribution = await formAttribution(base.db, args.request, fields);
    if (attribution) {
      await recordCustomerAttribution(base.db, registration.customer.id, attribution);
    }
  }
  const checkMail = base.t('account.registered_check_mail', { email: email.data });
  if (registration.kind === 'exists') {
    sendAccountMail(base.env, registration.customer.email, registration.customer.locale as 'de', {
      kind: 'exists',
    });
    return reply(base, 'register', { ok: true, messages: [checkMail] });
  }
  if (registration.activationToken) {
    sendAccountMail(base.env, email.data, base.locale, {
      kind: 'activate',
      token: registration.activationToken,
    });
    return reply(base, 'register', { ok: true, messages: [checkMail] });
  }
  const started = await startSessionOf(base, {
    customerId: registration.customer.id,
    remember: false,
    previous: await base.session(),
    mergeCarts: true,
  });
  return redirect(noticePath('/my-account', 'registered'), { headers: started.headers });
}

export function noticePath(path: string, notice: AccountNotice): string {
  return `${path}?notice=${notice}`;
}

/** A form of a logged-in page must carry the session's token; else nothing happens. */
function checkToken(base: Shop, session: Session, form: FormData): DomainError | null {
  return verifyNonce(session, form.get('security'), base.env)
    ? null
    : domainError('forbidden', 'account.error.session_expired');
}

/** `POST /my-account/logout`: the cart stays saved with the account, the session ends. */
export async function handleLogout(args: Args) {
  const base = shop(args);
  const read = await readForm(args.request);
  const session = await base.session();
  if (!session) return redirect('/my-account');
  if (!read.ok || checkToken(base, session, read.value)) {
    return refuse(base, 'logout', domainError('forbidden', 'account.error.session_expired'));
  }
  await base.db.transaction(async (tx) => {
    if (session.customerId) {
      await keepCustomerCarts(tx, { customerId: session.customerId, idHash: session.idHash });
    }
    await deleteSession(tx, session.idHash);
  });
  forgetPersonal(session.idHash);
  const headers = new Headers();
  headers.append('Set-Cookie', clearSessionCookie(base.env));
  for (const cookie of cartCookies('', secureCookies(base.env)))
    headers.append('Set-Cookie', cookie);
  return redirect(noticePath('/my-account', 'logged_out'), { headers });
}

/** Posts of `/my-account/lost-password`: asking for a link, and setting the new password. */
export async function handleLostPassword(args: Args) {
  const base = shop(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const intent = text(form, 'intent', 20);
  if (!read.ok) return refuse(base, intent, read.error);
  if (intent === 'lost_password') {
    const raw = text(form, 'user_login', 300);
    const email = emailSchema.safeParse(raw);
    if (!email.success) {
      return refuse(
        base,
        intent,
        { ...invalidEmail, params: { field: 'user_login' } },
        {
          values: { user_login: raw.slice(0, 254) },
        },
      );
    }
    const found = await requestPasswordReset(base.db, email.data);
    if (found) {
      sendAccountMail(
        base.env,
        found.customer.email,
        found.customer.locale === 'en' ? 'en' : 'de',
        {
          kind: 'reset',
          token: found.token,
          name: found.customer.displayName || found.customer.email,
        },
      );
    }
    return reply(base, intent, {
      ok: true,
      messages: [base.t('account.lost_sent', { email: email.data })],
    });
  }
  if (intent === 'reset_password') {
    const key = text(form, 'key', 100);
    const ctx = await accountContext(base);
    const result = await resetPassword(
      base.db,
      {
        token: key,
        password: text(form, 'password_1', 1_000),
        confirmation: text(form, 'password_2', 1_000),
      },
      ctx,
    );
    if (!result.ok) {
      const field =
        result.error.params?.field === 'password' ? 'password_1' : result.error.params?.field;
      return refuse(base, intent, {
        ...result.error,
        params: { ...result.error.params, ...(field ? { field: String(field) } : {}) },
      });
    }
    // Whoever held a session of this account is logged out; saved carts stay.
    await base.db.transaction(async (tx) => {
      await keepCustomerCarts(tx, { customerId: result.value.id });
      await deleteCustomerSessions(tx, result.value.id);
    });
    return redirect(noticePath('/my-account', 'reset_done'));
  }
  return refuse(base, intent, domainError('invalid', 'error.invalid_param', { param: 'intent' }));
}

const detailsSchema = z.object({
  account_first_name: z.string().trim().max(100),
  account_last_name: z.string().trim().max(100),
  account_display_name: z.string().trim().max(100),
  account_email: z.string().max(300),
});

const DETAIL_LABELS: Record<string, TextKey> = {
  account_first_name: 'account.first_name',
  account_last_name: 'account.last_name',
  account_display_name: 'account.display_name',
  account_email: 'account.email',
};

/** Posts of `/my-account/edit-account`: details and password, and deletion. */
export async function handleEditAccount(args: Args) {
  const base = shop(args);
  const { session, customer } = await currentCustomer(args);
  if (!session || !customer) return redirect('/my-account');
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const intent = text(form, 'intent', 20);
  if (!read.ok) return refuse(base, intent, read.error);
  const tokenProblem = checkToken(base, session, form);
  if (tokenProblem) return refuse(base, intent, tokenProblem);

  if (intent === 'delete_account') {
    const confirmed = await confirmPassword(
      base.db,
      customer.id,
      text(form, 'delete_password', 1_000),
    );
    if (!confirmed.ok) return refuse(base, intent, confirmed.error);
    await anonymiseCustomer(base.db, customer.id);
    forgetPersonal(session.idHash);
    const headers = new Headers();
    headers.append('Set-Cookie', clearSessionCookie(base.env));
    for (const cookie of cartCookies('', secureCookies(base.env)))
      headers.append('Set-Cookie', cookie);
    return redirect(noticePath('/my-account', 'deleted'), { headers });
  }
  if (intent !== 'save_account') {
    return refuse(base, intent, domainError('invalid', 'error.invalid_param', { param: 'intent' }));
  }
  const values = {
    account_first_name: text(form, 'account_first_name', 300),
    account_last_name: text(form, 'account_last_name', 300),
    account_display_name: text(form, 'account_display_name', 300),
    account_email: text(form, 'account_email', 300),
  };
  const extra = { values };
  const parsed = detailsSchema.safeParse(values);
  const problem = parsed.success
    ? (Object.keys(DETAIL_LABELS) as (keyof typeof values)[]).find(
        (k) => k !== 'account_email' && parsed.data[k] === '',
      )
    : String(parsed.error.issues[0]?.path[0] ?? 'account_first_name');
  if (problem) {
    const code = parsed.success ? 'account.error.field_required' : 'account.error.field_invalid';
    return refuse(
      base,
      intent,
      domainError('invalid', code, { field: problem, label: base.t(DETAIL_LABELS[problem]!) }),
      extra,
    );
  }
  const email = emailSchema.safeParse(values.account_email);
  if (!email.success)
    return refuse(base, intent, { ...invalidEmail, params: { field: 'account_email' } }, extra);
  const ctx = await accountContext(base);
  const result = await updateAccountDetails(
    base.db,
    customer.id,
    {
      firstName: parsed.data!.account_first_name,
      lastName: parsed.data!.account_last_name,
      displayName: parsed.data!.account_display_name,
      email: email.data,
      currentPassword: text(form, 'password_current', 1_000),
      newPassword: text(form, 'password_1', 1_000),
      confirmation: text(form, 'password_2', 1_000),
    },
    ctx,
  );
  if (!result.ok) return refuse(base, intent, result.error, extra);
  forgetPersonal(session.idHash);
  const messages = [base.t('account.details_saved')];
  const change = result.value.emailChange;
  if (change) {
    sendAccountMail(base.env, change.newEmail, base.locale, {
      kind: 'email_change',
      token: change.token,
      name: result.value.customer.displayName,
    });
    messages.push(base.t('account.email_change_sent', { email: change.newEmail }));
  }
  if (!result.value.passwordChanged) return reply(base, intent, { ok: true, messages });
  // A new password ends every other session and gives this one a new id.
  await base.db.transaction(async (tx) => {
    await keepCustomerCarts(tx, { customerId: customer.id, except: session.idHash });
    await deleteCustomerSessions(tx, customer.id, session.idHash);
  });
  const started = await startSessionOf(base, {
    customerId: customer.id,
    remember: session.data.remember === true,
    previous: session,
    mergeCarts: false,
  });
  messages.push(base.t('account.password_changed'));
  return reply(base, intent, { ok: true, messages }, {}, started.headers);
}

/**
 * `POST /my-account/export`: everything the shop holds about the customer as a JSON download
 * (GDPR Art. 15 and 20). A POST with the session's token, so no other site can trigger it.
 */
export async function handleExport(args: Args): Promise<Response> {
  const base = shop(args);
  const { session, customer } = await currentCustomer(args);
  if (!session || !customer) return redirect('/my-account');
  const read = await readForm(args.request);
  if (!read.ok || checkToken(base, session, read.value)) {
    return new Response(base.t('account.error.session_expired'), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const exported = await exportCustomer(base.db, customer.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ladenzeile-account-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** Posts of `/my-account/edit-address`: one address (billing or shipping) per form. */
export async function handleEditAddress(args: Args) {
  const base = shop(args);
  const { session, customer } = await currentCustomer(args);
  if (!session || !customer) return redirect('/my-account');
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const kind: AddressKind = text(form, 'address_type', 10) === 'shipping' ? 'shipping' : 'billing';
  const intent = `save_${kind}`;
  if (!read.ok) return refuse(base, intent, read.error);
  const tokenProblem = checkToken(base, session, form);
  if (tokenProblem) return refuse(base, intent, tokenProblem);
  const address: AddressInput = {};
  const values: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = text(form, `${kind}_${field}`, 300);
    values[`${kind}_${field}`] = value;
    if (value.length > 200) {
      return refuse(
        base,
        intent,
        domainError('invalid', 'account.error.field_invalid', {
          field: `${kind}_${field}`,
          label: field,
        }),
        { values },
      );
    }
    address[field] = value;
  }
  const result = await saveAddress(base.db, customer.id, kind, address, base.locale);
  if (!result.ok) return refuse(base, intent, result.error, { values });
  return reply(base, intent, { ok: true, messages: [base.t('account.address_saved')] });
}

export type { AccountSettings };
