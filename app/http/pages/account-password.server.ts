// The lost-password forms: asking for a reset link, and setting the new password with it.
import { redirect } from 'react-router';
import { keepCustomerCarts } from '#app/domain/cart/cart-login.server.ts';
import { requestPasswordReset, resetPassword } from '#app/domain/customers/accounts.server.ts';
import { emailSchema } from '#app/domain/customers/customers.validation.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { deleteCustomerSessions } from '#app/lib/session.server.ts';
import { readForm, shop } from '../request.server.ts';
import { sendAccountMail } from './account-mail.server.ts';
import {
  type Args,
  accountContext,
  invalidEmail,
  noticePath,
  refuse,
  reply,
  text,
} from './account-form.server.ts';

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
        base.db,
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
