import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/withdrawal';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  handleWithdrawalPost,
  withdrawalPageData,
} from '#app/http/pages/withdrawal-page.server.ts';
import {
  type GuestValues,
  WITHDRAWAL_MESSAGE_AREAS,
  WITHDRAWAL_PATH,
  type WithdrawalOrderOption,
} from '#app/domain/orders/withdrawal.view.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { type MessagesHandle, formatDate, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: [...WITHDRAWAL_MESSAGE_AREAS] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return withdrawalPageData(args);
}

export async function action(args: Route.ActionArgs) {
  return handleWithdrawalPost(args);
}

function OrderSummary({ order }: { order: WithdrawalOrderOption }) {
  const { t, locale } = useI18n();
  return (
    <>
      {t('withdrawal.order_option', {
        number: order.number,
        date: formatDate(order.createdAt, locale),
        total: formatMoney(order.total, order.currency, locale),
      })}
    </>
  );
}

export default function WithdrawalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const { security, signedIn, orders, preselected } = loaderData;

  if (result?.step === 'done') {
    return (
      <div className="container withdrawal-page">
        <h1>{t('withdrawal.title')}</h1>
        <Notice kind="success">
          <p>{t('withdrawal.received', { at: result.declaredAtText, number: result.number })}</p>
          <p>{t('withdrawal.received_mail', { email: result.email })}</p>
        </Notice>
        <p>
          <Link to="/">{t('withdrawal.back_home')}</Link>
        </p>
      </div>
    );
  }

  const confirming = result?.step === 'confirm' ? result : null;
  const failed = result?.step === 'identify' ? result : null;
  const values = failed?.values;
  const errorFor = (field: string) => (failed?.field === field ? failed.error : undefined);

  return (
    <div className="container withdrawal-page">
      <h1>{t('withdrawal.title')}</h1>
      <p className="lead">{t('withdrawal.lead')}</p>
      <p className="withdrawal-step" aria-current="step">
        {t(confirming ? 'withdrawal.step_confirm' : 'withdrawal.step_identify')}
      </p>
      {failed && <Notice kind="error">{failed.error}</Notice>}
      {confirming ? (
        <Form method="post" className="withdrawal-form" action={WITHDRAWAL_PATH}>
          <input type="hidden" name="security" value={security} />
          <input type="hidden" name="intent" value="confirm" />
          <h2>{t('withdrawal.confirm_heading')}</h2>
          {confirming.order ? (
            <>
              <input type="hidden" name="order_id" value={confirming.order.id} />
              <p>
                <OrderSummary order={confirming.order} />
              </p>
            </>
          ) : (
            <GuestSummary guest={confirming.guest!} />
          )}
          <p>{t('withdrawal.confirm_text')}</p>
          <div className="withdrawal-actions">
            <button type="submit" className="button">
              {t('withdrawal.confirm_submit')}
            </button>
            <Link to={WITHDRAWAL_PATH} className="button button-secondary">
              {t('withdrawal.change')}
            </Link>
          </div>
        </Form>
      ) : signedIn ? (
        orders.length === 0 ? (
          <Notice kind="info">{t('withdrawal.no_orders')}</Notice>
        ) : (
          <Form method="post" className="withdrawal-form" action={WITHDRAWAL_PATH}>
            <input type="hidden" name="security" value={security} />
            <input type="hidden" name="intent" value="identify" />
            <fieldset className="withdrawal-orders">
              <legend>{t('withdrawal.pick_order')}</legend>
              {orders.map((order) => (
                <label key={order.id} className="choice">
                  <input
                    type="radio"
                    name="order_id"
                    value={order.id}
                    defaultChecked={
                      values?.order_id
                        ? values.order_id === String(order.id)
                        : order.id === preselected
                    }
                  />{' '}
                  <OrderSummary order={order} />
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button">
              {t('withdrawal.continue')}
            </button>
          </Form>
        )
      ) : (
        <Form method="post" className="withdrawal-form" action={WITHDRAWAL_PATH}>
          <input type="hidden" name="security" value={security} />
          <input type="hidden" name="intent" value="identify" />
          <p>{t('withdrawal.guest_text')}</p>
          <Field
            id="withdrawal-name"
            label={t('withdrawal.name')}
            required
            error={errorFor('name')}
          >
            {(control) => (
              <input
                {...control}
                name="name"
                autoComplete="name"
                required
                maxLength={200}
                defaultValue={values?.name ?? ''}
              />
            )}
          </Field>
          <Field
            id="withdrawal-number"
            label={t('withdrawal.order_number')}
            required
            help={t('withdrawal.order_number_help')}
            error={errorFor('order_number')}
          >
            {(control) => (
              <input
                {...control}
                name="order_number"
                inputMode="numeric"
                required
                maxLength={13}
                defaultValue={values?.order_number ?? ''}
              />
            )}
          </Field>
          <Field
            id="withdrawal-email"
            label={t('withdrawal.email')}
            required
            error={errorFor('email')}
          >
            {(control) => (
              <input
                {...control}
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values?.email ?? ''}
              />
            )}
          </Field>
          <button type="submit" className="button">
            {t('withdrawal.continue')}
          </button>
        </Form>
      )}
    </div>
  );
}

function GuestSummary({ guest }: { guest: GuestValues }) {
  const { t } = useI18n();
  return (
    <>
      <input type="hidden" name="name" value={guest.name} />
      <input type="hidden" name="order_number" value={guest.order_number} />
      <input type="hidden" name="email" value={guest.email} />
      <dl className="withdrawal-summary">
        <dt>{t('withdrawal.name')}</dt>
        <dd>{guest.name}</dd>
        <dt>{t('withdrawal.order_number')}</dt>
        <dd>{guest.order_number}</dd>
        <dt>{t('withdrawal.email')}</dt>
        <dd>{guest.email}</dd>
      </dl>
    </>
  );
}
