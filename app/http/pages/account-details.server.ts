// The account details form of `/my-account/edit-account` (name, email, password), the account's
// deletion, and the export of everything the shop holds about the customer.
import { redirect } from 'react-router';
import { z } from 'zod';
import { keepCustomerCarts } from '#app/domain/cart/cart-login.server.ts';
import { confirmPassword, updateAccountDetails } from '#app/domain/customers/accounts.server.ts';
import { anonymiseCustomer } from '#app/domain/privacy/anonymise.server.ts';
import { emailSchema } from '#app/domain/customers/customers.validation.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { clearSessionCookie, deleteCustomerSessions } from '#app/lib/session.server.ts';
import { cartCookies, secureCookies } from '../cart-cookies.server.ts';
import { forgetPersonal } from '../personal.server.ts';
import { readForm, shop } from '../request.server.ts';
import { sendAccountMail } from './account-mail.server.ts';
import {
  type Args,
  accountContext,
  checkToken,
  currentCustomer,
  invalidEmail,
  noticePath,
  refuse,
  reply,
  startSessionOf,
  text,
} from './account-form.server.ts';

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
    sendAccountMail(base.db, base.env, change.newEmail, base.locale, {
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
