import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Form, useActionData } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { NoticeList, Notice } from '#app/components/ui/notice.tsx';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { lineShare, parseAmount, parseQuantity } from '#app/domain/payments/refunds.rules.ts';
import type {
  RefundFormAnswer,
  RefundFormLine,
  RefundPanel,
  RefundValues,
} from '#app/domain/payments/refunds.view.ts';
import { type TextKey, formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';

/** The total the browser shows while staff type; the server computes it again on submit. */
function liveTotal(lines: RefundFormLine[], values: RefundValues): number | null {
  let total = 0;
  for (const line of lines) {
    const quantity = parseQuantity(values.qty[line.id] ?? '');
    if (quantity === null || quantity > line.left) return null;
    if (quantity > 0) total += lineShare(line, line.refundedQuantity, quantity).amount;
  }
  const shipping = parseAmount(values.shipping);
  const free = parseAmount(values.free);
  if (shipping === null || free === null) return null;
  return total + shipping + free;
}

function valuesOf(form: HTMLFormElement, lines: RefundFormLine[]): RefundValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    qty: Object.fromEntries(lines.map((l) => [l.id, text(`qty_${l.id}`)])),
    restock: Object.fromEntries(lines.map((l) => [l.id, data.get(`restock_${l.id}`) === 'yes'])),
    shipping: text('shipping'),
    free: text('free'),
    reason: text('reason'),
  };
}

/** The order's refunds: what was refunded so far, and the form that refunds more. */
export function OrderRefunds({ panel, currency }: { panel: RefundPanel; currency: string }) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const actionData = useActionData<Partial<RefundFormAnswer>>();
  const answer = actionData?.refundForm;
  return (
    <section className="admin-card admin-refunds" id="refunds" aria-labelledby="admin-refunds">
      <h2 id="admin-refunds">{t('admin.refund.title')}</h2>
      {panel.notice && (
        <Notice kind={['failed', 'expired'].includes(panel.notice) ? 'error' : 'success'}>
          {t(`admin.refund.notice.${panel.notice}` as TextKey)}
        </Notice>
      )}
      {panel.refunds.length === 0 ? (
        <p>{t('admin.refund.none')}</p>
      ) : (
        <div
          className="admin-table-wrap"
          role="region"
          tabIndex={0}
          aria-labelledby="admin-refunds"
        >
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.refund.col.date')}</th>
                <th scope="col" className="num">
                  {t('admin.refund.col.amount')}
                </th>
                <th scope="col">{t('admin.refund.col.lines')}</th>
                <th scope="col">{t('admin.refund.col.by')}</th>
                <th scope="col">{t('admin.refund.col.provider')}</th>
                <th scope="col">{t('admin.refund.col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {panel.refunds.map((refund) => (
                <tr key={refund.id}>
                  <td>{formatDateTime(refund.createdAt, locale)}</td>
                  <td className="num">{money(refund.amount)}</td>
                  <td>
                    {refund.lines.map((line, i) => (
                      <span key={i} className="admin-sub">
                        {line.name} × {formatNumber(line.quantity, locale)}: {money(line.amount)}
                        {line.restock ? ` (${t('admin.refund.restocked')})` : ''}
                      </span>
                    ))}
                    {refund.shippingAmount > 0 && (
                      <span className="admin-sub">
                        {t('admin.refund.shipping_part', { amount: money(refund.shippingAmount) })}
                      </span>
                    )}
                    {refund.freeAmount > 0 && (
                      <span className="admin-sub">
                        {t('admin.refund.free_part', { amount: money(refund.freeAmount) })}
                      </span>
                    )}
                    {refund.reason && <span className="admin-sub">{refund.reason}</span>}
                  </td>
                  <td>
                    {refund.origin === 'staff'
                      ? refund.by
                      : t(`admin.refund.origin.${refund.origin}` as TextKey)}
                  </td>
                  <td>
                    {refund.method === 'manual'
                      ? t('admin.refund.method.manual')
                      : (refund.providerRefundId ?? '–')}
                  </td>
                  <td>
                    <span className={`admin-refund-status is-${refund.status}`}>
                      {t(`admin.refund.status.${refund.status}` as TextKey)}
                    </span>
                    {refund.status === 'failed' && refund.failure && (
                      <span className="admin-sub">
                        {t('admin.refund.failed_because', { reason: refund.failure })}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel.refundable ? (
        // A new form after each refund: the fields start empty again.
        <RefundForm key={panel.refunds.length} panel={panel} answer={answer} money={money} />
      ) : (
        <p className="hint">
          {t(panel.amountLeft > 0 ? 'admin.refund.not_paid' : 'admin.refund.nothing_left')}
        </p>
      )}
    </section>
  );
}

function RefundForm({
  panel,
  answer,
  money,
}: {
  panel: RefundPanel;
  answer: RefundFormAnswer['refundForm'] | undefined;
  money: (amount: number) => string;
}) {
  const { t, locale } = useI18n();
  const lines = panel.lines.filter((line) => line.left > 0);
  const initial: RefundValues = answer?.values ?? {
    qty: Object.fromEntries(lines.map((l) => [l.id, ''])),
    restock: Object.fromEntries(lines.map((l) => [l.id, true])),
    shipping: '',
    free: '',
    reason: '',
  };
  const hydrated = useHydrated();
  const [live, setLive] = useState<number | null>(answer?.preview ?? liveTotal(lines, initial));
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.errors.length) summary.current?.focus();
  }, [answer]);
  const errors = answer?.errors ?? [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const update = (event: FormEvent<HTMLFormElement>) =>
    setLive(liveTotal(lines, valuesOf(event.currentTarget, lines)));
  const total = hydrated ? live : (answer?.preview ?? null);
  const submitLabel = (amount: number) =>
    t(panel.method === 'stripe' ? 'admin.refund.submit_stripe' : 'admin.refund.submit_manual', {
      amount: money(amount),
    });
  return (
    <Form method="post" className="admin-refund-form" onInput={update} onChange={update} noValidate>
      <h3>{t('admin.refund.form_title')}</h3>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="security" value={panel.security} />
      <input type="hidden" name="submit" value={answer?.values.submit || panel.submitToken} />
      <NoticeList
        ref={summary}
        notices={errors.map((e) => ({
          kind: 'error' as const,
          text: e.message,
          field: e.field === 'refund-total' ? undefined : e.field,
        }))}
      />
      {panel.method === 'manual' && <p className="hint">{t('admin.refund.manual_hint')}</p>}
      {lines.map((line) => (
        <fieldset key={line.id} className="admin-refund-line">
          <legend>
            {line.name}
            {line.sku ? ` (${line.sku})` : ''}
          </legend>
          <p className="hint">
            {t('admin.refund.line_left', {
              left: formatNumber(line.left, locale),
              quantity: formatNumber(line.quantity, locale),
              amount: money(line.total),
            })}
          </p>
          <Field
            id={`qty_${line.id}`}
            label={t('admin.refund.quantity')}
            error={errorOf(`qty_${line.id}`)}
          >
            {(control) => (
              <input
                {...control}
                name={`qty_${line.id}`}
                inputMode="decimal"
                autoComplete="off"
                size={6}
                defaultValue={initial.qty[line.id] ?? ''}
              />
            )}
          </Field>
          <Field id={`restock_${line.id}`} label={t('admin.refund.restock')} layout="choice">
            {(control) => (
              <input
                {...control}
                type="checkbox"
                name={`restock_${line.id}`}
                value="yes"
                defaultChecked={initial.restock[line.id] ?? true}
              />
            )}
          </Field>
        </fieldset>
      ))}
      {panel.shippingLeft > 0 && (
        <Field
          id="shipping"
          label={t('admin.refund.shipping')}
          help={t('admin.refund.shipping_help', { amount: money(panel.shippingLeft) })}
          error={errorOf('shipping')}
        >
          {(control) => (
            <input
              {...control}
              name="shipping"
              inputMode="decimal"
              autoComplete="off"
              size={10}
              defaultValue={initial.shipping}
            />
          )}
        </Field>
      )}
      <Field
        id="free"
        label={t('admin.refund.free')}
        help={t('admin.refund.free_help')}
        error={errorOf('free')}
      >
        {(control) => (
          <input
            {...control}
            name="free"
            inputMode="decimal"
            autoComplete="off"
            size={10}
            defaultValue={initial.free}
          />
        )}
      </Field>
      <Field id="reason" label={t('admin.refund.reason')} help={t('admin.refund.reason_help')}>
        {(control) => (
          <textarea
            {...control}
            name="reason"
            rows={2}
            maxLength={500}
            defaultValue={initial.reason}
          />
        )}
      </Field>
      <p className="admin-refund-total" id="refund-total">
        {t('admin.refund.total')}:{' '}
        <output aria-live="polite">{total === null ? '–' : money(total)}</output>{' '}
        <span className="hint">{t('admin.refund.left', { amount: money(panel.amountLeft) })}</span>
      </p>
      <div className="admin-actions">
        <button type="submit" name="step" value="calculate" className="button button-secondary">
          {t('admin.refund.calculate')}
        </button>
        {total !== null && total > 0 && total <= panel.amountLeft && (
          <button type="submit" name="step" value="refund" className="button">
            {submitLabel(total)}
          </button>
        )}
      </div>
    </Form>
  );
}
