// What every account form shares: the visitor's customer, the session token check, the
// session start, and the answer a page shows beside its form.
import { type AppLoadContext, data, redirect } from 'react-router';
import { accountSettings } from '#app/domain/customers/account-settings.server.ts';
import { type AccountContext, customerById } from '#app/domain/customers/accounts.server.ts';
import type { CustomerRow } from '#app/domain/customers/customers.schema.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { type Session, sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { type CustomerSessionStart, startCustomerSession } from '../customer-session.server.ts';
import { shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import type { AccountActionData, AccountNotice } from '#app/domain/customers/account-form.view.ts';

export type Args = { request: Request; context: AppLoadContext };
export type Shop = ReturnType<typeof shop>;

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

export async function accountContext(base: Shop): Promise<AccountContext> {
  return {
    settings: await accountSettings(base.db),
    locale: base.locale,
    shopName: base.t('shop.name'),
  };
}

export function text(form: FormData, name: string, max = 2_000): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, max) : '';
}

export function reply(
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

export const refuse = (
  base: Shop,
  intent: string,
  error: DomainError,
  extra?: Partial<AccountActionData>,
) => reply(base, intent, { ok: false, error }, extra);

export const invalidEmail = domainError('invalid', 'account.error.email_invalid', {
  field: 'username',
});

/** The customer's new session (decision 0017) and the cookies that carry it. */
export async function startSessionOf(base: Shop, input: CustomerSessionStart) {
  const started = await startCustomerSession(base, input);
  const headers = new Headers();
  for (const cookie of started.cookies) headers.append('Set-Cookie', cookie);
  return { headers, merged: started.merged, limited: started.limited };
}

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

export function noticePath(path: string, notice: AccountNotice): string {
  return `${path}?notice=${notice}`;
}

/** A form of a logged-in page must carry the session's token; else nothing happens. */
export function checkToken(base: Shop, session: Session, form: FormData): DomainError | null {
  return verifyNonce(session, form.get('security'), base.env)
    ? null
    : domainError('forbidden', 'account.error.session_expired');
}
