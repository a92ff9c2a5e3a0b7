// The back office's customers: the list, a customer's page and its forms (details, addresses,
// password reset mail, GDPR export and erasure).
import { type AppLoadContext, data, redirect } from 'react-router';
import { z } from 'zod';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { requestPasswordReset } from '#app/domain/customers/accounts.server.ts';
import { ADDRESS_FIELDS } from '#app/domain/customers/address-locale.ts';
import type { CustomerRow } from '#app/domain/customers/customers.schema.ts';
import { emailSchema } from '#app/domain/customers/customers.validation.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { OrderActionData } from '#app/domain/orders/order-actions.view.ts';
import {
  customerSections,
  eraseCustomer,
  recordCustomerEvent,
  staffCustomer,
  updateCustomerAddress,
  updateCustomerDetails,
} from '#app/domain/privacy/admin-customer.server.ts';
import { parseAdminCustomerQuery } from '#app/domain/privacy/admin-customers.rules.ts';
import {
  adminCustomerPage,
  customerCountries,
  orderFigures,
} from '#app/domain/privacy/admin-customers.server.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { sendAccountMail } from '../pages/account-mail.server.ts';
import { readForm } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

export const CUSTOMER_INTENTS = ['details', 'address', 'reset'] as const;
const DONE = ['details', 'address-billing', 'address-shipping', 'reset', 'erased'] as const;
export type CustomerDone = (typeof DONE)[number];

export async function loadCustomerList(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const query = parseAdminCustomerQuery(params);
  const [page, countries] = await Promise.all([
    adminCustomerPage(db, query),
    customerCountries(db),
  ]);
  const erased = params.get('done') === 'erased';
  return {
    query,
    page,
    countries,
    erased,
    title: `${t('admin.customers.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** A staff member's request about one customer, or the 404 page. */
async function staffCustomerRequest(args: Args) {
  const ctx = await staffShop(args);
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) pageNotFound();
  const customer = await staffCustomer(ctx.db, Number(id), ctx.viewer.role);
  if (!customer) pageNotFound();
  const actor: Actor = { channel: 'admin', id: ctx.viewer.id, label: ctx.viewer.email };
  return { ...ctx, customer, actor };
}

const nameOf = (c: Pick<CustomerRow, 'firstName' | 'lastName' | 'email'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;

function addressValues(address: Record<string, string | undefined>) {
  const values: Record<string, string> = {};
  for (const key of ADDRESS_FIELDS) values[key] = address[key] ?? '';
  return values;
}

export async function loadCustomer(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current, customer } = await staffCustomerRequest(args);
  const sections = await customerSections(db, customer);
  const done = new URL(args.request.url).searchParams.get('done');
  return {
    customer: {
      id: customer.id,
      name: nameOf(customer),
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      displayName: customer.displayName,
      role: customer.role,
      status: customer.status,
      locale: customer.locale,
      registeredAt: customer.createdAt.toISOString(),
      billing: addressValues(customer.billingAddress),
      shipping: addressValues(customer.shippingAddress),
    },
    ...sections,
    done: DONE.find((d) => d === done) ?? null,
    security: sessionNonce(current, env),
    title: `${nameOf(customer)} | ${t('admin.customers.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

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
  const body: OrderActionData = {
    intent,
    message: t(error.code as TextKey, error.params),
    field: typeof error.params?.field === 'string' ? error.params.field : undefined,
    values,
  };
  return data(body, { status: STATUS_OF_KIND[error.kind] });
}

const invalid = (code: string, field?: string) =>
  domainError('invalid', code, field ? { field } : undefined);

const detailsSchema = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  display_name: z.string().trim().max(100),
  email: z.string().max(300),
});

/** The customer page's forms; `intent` says which. */
export async function handleCustomerAction(args: Args) {
  const { db, env, t, locale, current, customer, actor } = await staffCustomerRequest(args);
  const read = await readForm(args.request);
  if (!read.ok) return refusal(t, 'details', read.error);
  const form = read.value;
  const intent = single(form, 'intent') ?? (single(form, 'kind') ? 'address' : null);
  if (!intent || !(CUSTOMER_INTENTS as readonly string[]).includes(intent))
    return refusal(t, 'details', invalid('admin.customers.error.invalid', 'intent'));
  const formIntent = intent === 'address' ? `address_${single(form, 'kind') ?? 'billing'}` : intent;
  if (!verifyNonce(current, single(form, 'security'), env))
    return refusal(t, formIntent, domainError('forbidden', 'admin.customers.error.expired'));
  const back = (done: CustomerDone) => redirect(`/admin/customers/${customer.id}?done=${done}`);

  if (intent === 'details') {
    const values: Record<string, string> = {};
    for (const name of ['first_name', 'last_name', 'display_name', 'email']) {
      const value = single(form, name);
      if (value === null)
        return refusal(t, intent, invalid('admin.customers.error.invalid', name), values);
      if (value.includes('\u0000'))
        return refusal(t, intent, invalid('admin.customers.error.invalid', name), values);
      values[name] = value.slice(0, 300);
    }
    const parsed = detailsSchema.safeParse(values);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'first_name');
      return refusal(t, intent, invalid('admin.customers.error.too_long', field), values);
    }
    const email = emailSchema.safeParse(values.email);
    if (!email.success)
      return refusal(t, intent, invalid('admin.customers.error.email_invalid', 'email'), values);
    const saved = await updateCustomerDetails(
      db,
      customer.id,
      {
        firstName: parsed.data.first_name,
        lastName: parsed.data.last_name,
        displayName: parsed.data.display_name,
        email: email.data,
      },
      actor,
    );
    if (!saved.ok) return refusal(t, intent, saved.error, values);
    return back('details');
  }

  if (intent === 'address') {
    const kind = single(form, 'kind');
    if (kind !== 'billing' && kind !== 'shipping')
      return refusal(t, 'address_billing', invalid('admin.customers.error.invalid', 'kind'));
    const values: Record<string, string> = {};
    for (const name of ADDRESS_FIELDS) {
      const all = form.getAll(`${kind}_${name}`);
      const value = single(form, `${kind}_${name}`);
      if (all.length > 0 && value === null)
        return refusal(t, formIntent, invalid('admin.customers.error.invalid', `${kind}_${name}`));
      // eslint-disable-next-line no-control-regex
      if ((value ?? '').length > 200 || /[\u0000-\u001f]/.test(value ?? ''))
        return refusal(t, formIntent, invalid('admin.customers.error.too_long', `${kind}_${name}`));
      values[name] = value ?? '';
    }
    const echo = Object.fromEntries(Object.entries(values).map(([k, v]) => [`${kind}_${k}`, v]));
    const saved = await updateCustomerAddress(db, customer.id, kind, values, locale, actor);
    if (!saved.ok) return refusal(t, formIntent, saved.error, echo);
    return back(`address-${kind}`);
  }

  // What is left: the password reset mail.
  const found = await requestPasswordReset(db, customer.email);
  if (!found) pageNotFound();
  sendAccountMail(db, env, found.customer.email, found.customer.locale === 'en' ? 'en' : 'de', {
    kind: 'reset',
    token: found.token,
    name: found.customer.displayName || found.customer.email,
  });
  await recordCustomerEvent(db, customer.id, 'password_reset_sent', actor);
  return back('reset');
}

/**
 * `POST /admin/customers/{id}/export`: the very JSON the customer downloads from their account
 * (GDPR Art. 15 and 20), with the session's token so no other site can trigger it.
 */
export async function handleCustomerExport(args: Args): Promise<Response> {
  const { db, env, t, current, customer, actor } = await staffCustomerRequest(args);
  const read = await readForm(args.request);
  if (!read.ok || !verifyNonce(current, single(read.value, 'security'), env)) {
    return new Response(t('admin.customers.error.expired'), {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const exported = await exportCustomer(db, customer.id);
  if (!exported) pageNotFound();
  await recordCustomerEvent(db, customer.id, 'exported', actor);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ladenzeile-customer-${customer.id}-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** The export is a POST; a GET is staff's wrong method and everyone else's 404. */
export async function refuseExportGet(args: Args): Promise<Response> {
  await staffCustomerRequest(args);
  return new Response('Method Not Allowed\n', { status: 405, headers: { Allow: 'POST' } });
}

export async function loadEraseConfirmation(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current, customer } = await staffCustomerRequest(args);
  const figures = await orderFigures(db, [customer.id]);
  return {
    customer: {
      id: customer.id,
      name: nameOf(customer),
      email: customer.email,
      role: customer.role,
    },
    orders: figures.get(customer.id)?.orders ?? 0,
    staff: customer.role !== 'customer',
    security: sessionNonce(current, env),
    title: `${t('admin.customers.erase_title', { name: nameOf(customer) })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** Erasure, after the confirmation page: the ticked box and the session's token. */
export async function handleErase(args: Args) {
  const { db, env, t, current, customer, actor } = await staffCustomerRequest(args);
  const read = await readForm(args.request);
  if (!read.ok) return refusal(t, 'erase', read.error);
  if (!verifyNonce(current, single(read.value, 'security'), env))
    return refusal(t, 'erase', domainError('forbidden', 'admin.customers.error.expired'));
  if (single(read.value, 'confirm') !== 'yes')
    return refusal(t, 'erase', invalid('admin.customers.error.confirm', 'confirm'));
  const erased = await eraseCustomer(db, customer.id, actor);
  if (!erased.ok) return refusal(t, 'erase', erased.error);
  return redirect('/admin/customers?done=erased');
}
