import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import type { OrderStatus } from '#app/domain/orders/orders.schema.ts';
import type { OrderActionData, OrderActions } from '#app/domain/orders/order-actions.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { ErrorSummary, refusalFor } from './form-errors.tsx';

/** The fields every action form sends: which action, the session's token, the status shown. */
export function ActionFields({
  intent,
  actions,
}: {
  intent: string;
  actions: Pick<OrderActions, 'security' | 'status'>;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="security" value={actions.security} />
      <input type="hidden" name="status" value={actions.status} />
    </>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-action" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Status buttons (the transition table's), mark paid, cancel and mails: the side column's actions. */
export function OrderActionsPanel({
  actions,
  answer,
}: {
  actions: OrderActions;
  answer: OrderActionData | undefined;
}) {
  const { t } = useI18n();
  const statusName = (s: OrderStatus) => t(`order.status.${s}` as TextKey);
  const refused = (intent: string) => refusalFor(answer, intent);
  const paid = refused('mark_paid');
  const cancel = refused('cancel');
  const errorOf = (a: OrderActionData | undefined, field: string) =>
    a?.field === field ? a.message : undefined;
  return (
    <>
      {actions.transitions.length > 0 && (
        <Card id="admin-action-status" title={t('admin.action.status_title')}>
          <ErrorSummary answer={refused('status')} />
          <Form method="post" className="admin-action-buttons">
            <ActionFields intent="status" actions={actions} />
            {actions.transitions.map((to) => (
              <button
                key={to}
                type="submit"
                name="to"
                value={to}
                className="button button-secondary button-small"
              >
                {t('admin.action.status_to', { status: statusName(to) })}
              </button>
            ))}
          </Form>
        </Card>
      )}
      {actions.markPaid && (
        <Card id="admin-action-paid" title={t('admin.action.paid_title')}>
          <ErrorSummary answer={paid} />
          <p className="admin-hint">
            {t('admin.action.paid_hint', { total: actions.markPaid.total })}
          </p>
          <Form method="post" noValidate>
            <ActionFields intent="mark_paid" actions={actions} />
            <Field
              id="amount"
              label={t('admin.action.amount')}
              required
              error={errorOf(paid, 'amount')}
            >
              {(control) => (
                <input
                  {...control}
                  name="amount"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={paid?.values?.amount ?? actions.markPaid!.amount}
                />
              )}
            </Field>
            <Field
              id="paid_on"
              label={t('admin.action.paid_on')}
              required
              error={errorOf(paid, 'paid_on')}
            >
              {(control) => (
                <input
                  {...control}
                  name="paid_on"
                  type="date"
                  max={actions.markPaid!.today}
                  defaultValue={paid?.values?.paid_on ?? actions.markPaid!.today}
                />
              )}
            </Field>
            <button type="submit" className="button">
              {t('admin.action.paid_submit')}
            </button>
          </Form>
        </Card>
      )}
      {actions.mails.length > 0 && (
        <Card id="admin-action-mail" title={t('admin.action.mail_title')}>
          <ErrorSummary answer={refused('resend')} />
          <Form method="post">
            <ActionFields intent="resend" actions={actions} />
            <Field id="resend_mail" label={t('admin.action.mail_label')} required>
              {(control) => (
                <select {...control} name="mail">
                  {actions.mails.map((m) => (
                    <option key={m.mail} value={m.mail}>
                      {m.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className="button">
              {t('admin.action.mail_submit')}
            </button>
          </Form>
        </Card>
      )}
      {actions.cancel && (
        <Card id="admin-action-cancel" title={t('admin.action.cancel_title')}>
          <ErrorSummary answer={cancel} />
          <p>{t('admin.action.cancel_effects')}</p>
          <ul className="admin-action-effects">
            <li>{t('admin.action.cancel_stock')}</li>
            {actions.cancel.coupons.length > 0 && (
              <li>
                {t('admin.action.cancel_coupons', { codes: actions.cancel.coupons.join(', ') })}
              </li>
            )}
            {actions.cancel.openPayment && <li>{t('admin.action.cancel_payment')}</li>}
            {actions.cancel.refund && <li>{t('admin.action.cancel_refund')}</li>}
            <li>{t('admin.action.cancel_mail')}</li>
          </ul>
          <Form method="post" noValidate>
            <ActionFields intent="cancel" actions={actions} />
            <Field
              id="cancel_confirm"
              layout="choice"
              label={t('admin.action.cancel_confirm')}
              required
              error={errorOf(cancel, 'cancel_confirm')}
            >
              {(control) => <input {...control} type="checkbox" name="confirm" value="yes" />}
            </Field>
            <button type="submit" className="button admin-danger">
              {t('admin.action.cancel_submit')}
            </button>
          </Form>
        </Card>
      )}
    </>
  );
}
