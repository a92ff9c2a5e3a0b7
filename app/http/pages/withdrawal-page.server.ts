import { createHmac } from 'node:crypto';
import { type AppLoadContext, data } from 'react-router';
import type { DomainError } from '#app/domain/kernel/result.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import {
  type DeclaredWithdrawal,
  declareWithdrawal,
  parseGuestIdentity,
  withdrawableOrders,
} from '#app/domain/orders/withdrawal.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import { type TextKey, formatDateTime } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { createMailer } from '#app/lib/mail.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { withdrawalConfirmation, withdrawalNotice } from '../mail/withdrawal-mails.server.ts';
import { readForm, shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import { mailFrom, mailSwitchedOff } from '../mail/mail-sender.server.ts';
import {
  type GuestValues,
  WITHDRAWAL_MESSAGE_AREAS,
  type WithdrawalActionData,
  type WithdrawalOrderOption,
} from '#app/domain/orders/withdrawal.view.ts';

type Args = { request: Request; context: AppLoadContext };
type Shop = ReturnType<typeof shop>;

function option(order: OrderRow): WithdrawalOrderOption {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    total: order.total,
    currency: order.currency,
  };
}

/**
 * `/vertrag-widerrufen`: a customer picks one of their orders, anyone else names theirs. The
 * page starts a session so its form carries a token like every other page form.
 */
export async function withdrawalPageData(args: Args) {
  const base = shop(args);
  const { session, setCookie } = await base.startSession();
  const orders = session.customerId ? await withdrawableOrders(base.db, session.customerId) : [];
  const wanted = new URL(args.request.url).searchParams.get('order') ?? '';
  const preselected = orders.find((o) => String(o.id) === wanted)?.id ?? orders[0]?.id ?? null;
  return data(
    {
      signedIn: session.customerId !== null,
      orders: orders.map(option),
      preselected,
      security: sessionNonce(session, base.env),
      title: `${base.t('withdrawal.title')} | ${base.t('shop.name')}`,
      messages: messagesFor(base.locale, WITHDRAWAL_MESSAGE_AREAS),
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  // Far longer than any field allows: the schema names the field instead of a truncated match.
  return typeof value === 'string' ? value.slice(0, 1_000) : '';
}

/** A keyed hash of the client address: the limit counts per address without storing it. */
function clientHash(request: Request, secret: string): string {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
  return createHmac('sha256', secret).update(`withdrawal:${address}`).digest('base64url');
}

/** Posts of the page: `intent=identify` shows the confirmation step, `intent=confirm` declares. */
export async function handleWithdrawalPost(args: Args) {
  const base = shop(args);
  const { t } = base;
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const values = {
    name: text(form, 'name'),
    order_number: text(form, 'order_number'),
    email: text(form, 'email'),
    order_id: text(form, 'order_id'),
  };
  const refuse = (error: DomainError) =>
    data<WithdrawalActionData>(
      {
        step: 'identify',
        error: t(error.code as TextKey, error.params),
        field: typeof error.params?.field === 'string' ? error.params.field : undefined,
        values,
      },
      { status: STATUS_OF_KIND[error.kind] },
    );
  if (!read.ok) return refuse(read.error);
  const session = await base.session();
  if (!verifyNonce(session, form.get('security'), base.env)) {
    return refuse(domainError('forbidden', 'withdrawal.error.session'));
  }
  const intent = form.get('intent') === 'confirm' ? 'confirm' : 'identify';

  if (session!.customerId) {
    const customerId = session!.customerId;
    const orderId = /^\d{1,10}$/.test(values.order_id) ? Number(values.order_id) : 0;
    const order = (await withdrawableOrders(base.db, customerId)).find((o) => o.id === orderId);
    if (!order)
      return refuse(domainError('invalid', 'withdrawal.error.order', { field: 'order_id' }));
    if (intent === 'identify') {
      return data<WithdrawalActionData>({ step: 'confirm', order: option(order), guest: null });
    }
    const declared = await declareWithdrawal(
      base.db,
      { kind: 'customer', customerId, orderId },
      { clientHash: clientHash(args.request, base.env.SESSION_SECRET), locale: base.locale },
    );
    if (!declared.ok) return refuse(declared.error);
    return done(base, declared.value);
  }

  const identity = parseGuestIdentity({
    name: values.name,
    orderNumber: values.order_number,
    email: values.email,
  });
  if (!identity.ok) {
    const field = identity.error.params?.field === 'orderNumber' ? 'order_number' : undefined;
    return refuse(field ? { ...identity.error, params: { field } } : identity.error);
  }
  const guest: GuestValues = {
    name: identity.value.name,
    order_number: identity.value.orderNumber,
    email: identity.value.email,
  };
  // The order is not looked up before the declaration: the steps look the same for any details.
  if (intent === 'identify')
    return data<WithdrawalActionData>({ step: 'confirm', order: null, guest });
  const declared = await declareWithdrawal(
    base.db,
    { kind: 'guest', ...identity.value },
    { clientHash: clientHash(args.request, base.env.SESSION_SECRET), locale: base.locale },
  );
  if (!declared.ok) return refuse(declared.error);
  return done(base, declared.value);
}

async function done(base: Shop, declared: DeclaredWithdrawal) {
  const { declaration, order } = declared;
  await mailWithdrawal(base, declared);
  return data<WithdrawalActionData>({
    step: 'done',
    declaredAt: declaration.declaredAt.toISOString(),
    declaredAtText: formatDateTime(declaration.declaredAt, base.locale),
    email: declaration.email,
    number: order ? String(order.number) : declaration.orderNumber,
  });
}

/** The declarant's confirmation and the owner's notice; a failed mail never undoes the declaration. */
async function mailWithdrawal(base: Shop, { declaration, order }: DeclaredWithdrawal) {
  try {
    const owner = await getSetting(base.db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
    const mailer = createMailer(base.env, await mailFrom(base.db, base.env));
    // The receipt is the law's; only the owner's notice can be switched off.
    const noticeOff = await mailSwitchedOff(base.db, 'withdrawal_notice', order?.id);
    const messages = [
      withdrawalConfirmation(declaration, order, { locale: base.locale }),
      ...(noticeOff
        ? []
        : [
            withdrawalNotice(declaration, order, {
              locale: base.env.SHOP_LOCALE,
              owner,
              shopUrl: base.env.SHOP_URL,
            }),
          ]),
    ].filter((m) => m.to.every((address) => address.includes('@')));
    await Promise.all(messages.map((m) => mailer.send(m)));
  } catch (error) {
    console.error('withdrawal mail failed', declaration.id, (error as Error).message);
  }
}
