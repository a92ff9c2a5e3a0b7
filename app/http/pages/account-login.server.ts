// The login and registration forms of `/my-account` (also the header's login popup), and logout.
import { redirect } from 'react-router';
import { recordCustomerAttribution } from '#app/domain/attribution/attribution.server.ts';
import { keepCustomerCarts } from '#app/domain/cart/cart-login.server.ts';
import { authenticate, registerCustomer } from '#app/domain/customers/accounts.server.ts';
import { emailSchema, passwordSchema } from '#app/domain/customers/customers.validation.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { clearSessionCookie, deleteSession } from '#app/lib/session.server.ts';
import type { AccountActionData, AccountNotice } from '#app/domain/customers/account-form.view.ts';
import { formAttribution } from '../attribution.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { type LoginHead, dropLoginHead, startLoginHead } from '../customer-session.server.ts';
import { forgetPersonal } from '../personal.server.ts';
import { readForm, safeRedirectPath, shop } from '../request.server.ts';
import { sendAccountMail } from './account-mail.server.ts';
import {
  type Args,
  type Shop,
  accountContext,
  checkToken,
  clientAddress,
  invalidEmail,
  noticePath,
  refuse,
  reply,
  startSessionOf,
  text,
} from './account-form.server.ts';

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
    sendAccountMail(
      base.db,
      base.env,
      registration.customer.email,
      registration.customer.locale as 'de',
      {
        kind: 'exists',
      },
    );
    return reply(base, 'register', { ok: true, messages: [checkMail] });
  }
  if (registration.activationToken) {
    sendAccountMail(base.db, base.env, email.data, base.locale, {
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
