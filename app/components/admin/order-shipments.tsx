import { useEffect, useRef } from 'react';
import { Form, useActionData } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { FieldLink, Notice } from '#app/components/ui/notice.tsx';
import { CARRIER_NAMES, type Carrier } from '#app/domain/orders/shipments.rules.ts';
import type {
  LineToShip,
  ShipActionData,
  ShipmentView,
} from '#app/domain/orders/shipments.view.ts';
import { formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';

export type ShipmentPanel = {
  orderId: number;
  mayShip: boolean;
  shipments: ShipmentView[];
  lines: LineToShip[];
  carriers: readonly Carrier[];
  security: string;
  notice: 'shipped' | null;
};

/** The id of the control a form error belongs to. */
function controlId(field: string, lines: LineToShip[]): string | null {
  if (field === 'carrier' || field === 'tracking_number' || field === 'tracking_url') {
    return `ship-${field}`;
  }
  if (field.startsWith('qty_')) return `ship-${field}`;
  if (field === 'lines') {
    const first = lines.find((l) => l.left > 0);
    return first ? `ship-qty_${first.itemId}` : null;
  }
  return null;
}

function CarrierName({ carrier }: { carrier: Carrier }) {
  const { t } = useI18n();
  return <>{CARRIER_NAMES[carrier] || t('admin.shipment.carrier_other')}</>;
}

/** The order's parcels so far, each with its tracking link and lines. */
function ShipmentTable({ shipments }: { shipments: ShipmentView[] }) {
  const { t, locale } = useI18n();
  return (
    <AdminTable
      labelledBy="admin-shipments"
      columns={[
        { label: t('admin.shipment.col.date') },
        { label: t('admin.shipment.col.carrier') },
        { label: t('admin.shipment.col.tracking') },
        { label: t('admin.shipment.col.lines') },
      ]}
    >
      {shipments.map((s) => (
        <tr key={s.id}>
          <td>
            <time dateTime={s.createdAt}>{formatDateTime(s.createdAt, locale)}</time>
          </td>
          <td>
            <CarrierName carrier={s.carrier} />
          </td>
          <td>
            {s.trackingLink ? (
              <a href={s.trackingLink} rel="noreferrer">
                {s.trackingNumber}
              </a>
            ) : (
              s.trackingNumber
            )}
          </td>
          <td>
            <ul className="admin-changes">
              {s.lines.map((l) => (
                <li key={l.itemId}>
                  {formatNumber(l.quantity, locale)} × {l.name}
                  {l.sku ? ` (${l.sku})` : ''}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** "Create shipment": quantities per line (what is left), carrier and tracking number. */
function ShipForm({ panel }: { panel: ShipmentPanel }) {
  const { t, locale } = useI18n();
  const sent = useActionData() as ShipActionData | undefined;
  const answer = sent?.form === 'ship' ? sent : undefined;
  const errors = answer?.errors ?? [];
  const values = answer?.values;
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) summary.current?.focus();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const open = panel.lines.filter((line) => line.left > 0);
  return (
    <Form
      method="post"
      noValidate
      className="admin-ship-form"
      aria-labelledby="admin-ship-title"
      key={panel.shipments.length}
    >
      <h3 id="admin-ship-title">{t('admin.shipment.create')}</h3>
      {errors.length > 0 && (
        <div className="notice notice-error" role="alert" tabIndex={-1} ref={summary}>
          <p>{t('admin.shipment.error_summary')}</p>
          <ul>
            {errors.map((e) => {
              const id = controlId(e.field, panel.lines);
              return (
                <li key={e.field}>
                  {id ? <FieldLink field={id}>{e.message}</FieldLink> : e.message}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="security" value={panel.security} />
      <fieldset className="admin-ship-lines">
        <legend>{t('admin.shipment.lines_legend')}</legend>
        {open.map((line) => (
          <Field
            key={line.itemId}
            id={`ship-qty_${line.itemId}`}
            label={t('admin.shipment.qty_label', {
              name: line.sku ? `${line.name} (${line.sku})` : line.name,
            })}
            required
            help={t('admin.shipment.left', {
              left: formatNumber(line.left, locale),
              ordered: formatNumber(line.ordered, locale),
            })}
            error={errorOf(`qty_${line.itemId}`)}
          >
            {(control) => (
              <input
                {...control}
                name={`qty_${line.itemId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={line.left}
                step={1}
                defaultValue={values?.qty[line.itemId] ?? String(line.left)}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <div className="admin-ship-fields">
        <Field
          id="ship-carrier"
          label={t('admin.shipment.carrier')}
          required
          error={errorOf('carrier')}
        >
          {(control) => (
            <select {...control} name="carrier" defaultValue={values?.carrier || 'dhl'}>
              {panel.carriers.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_NAMES[c] || t('admin.shipment.carrier_other')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="ship-tracking_number"
          label={t('admin.shipment.tracking_number')}
          required
          help={t('admin.shipment.tracking_number_hint')}
          error={errorOf('tracking_number')}
        >
          {(control) => (
            <input
              {...control}
              name="tracking_number"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              defaultValue={values?.tracking_number ?? ''}
            />
          )}
        </Field>
        <Field
          id="ship-tracking_url"
          label={t('admin.shipment.tracking_url')}
          error={errorOf('tracking_url')}
        >
          {(control) => (
            <input
              {...control}
              name="tracking_url"
              type="url"
              inputMode="url"
              maxLength={500}
              defaultValue={values?.tracking_url ?? ''}
            />
          )}
        </Field>
      </div>
      <p>
        <button type="submit" className="button">
          {t('admin.shipment.submit')}
        </button>
      </p>
    </Form>
  );
}

/** The order's "Shipments" section: parcels with tracking, the packing slip, a new parcel. */
export function OrderShipments({ panel }: { panel: ShipmentPanel }) {
  const { t } = useI18n();
  const sent = useActionData() as ShipActionData | undefined;
  const left = panel.lines.some((line) => line.left > 0);
  const formShown = left && panel.mayShip;
  return (
    <section className="admin-card" id="shipments" aria-labelledby="admin-shipments">
      <h2 id="admin-shipments">{t('admin.shipment.heading')}</h2>
      <p>
        <a href={`/admin/orders/${panel.orderId}/packing-slip`} className="button button-secondary">
          {t('admin.shipment.print_slip')}
        </a>
      </p>
      {panel.notice === 'shipped' && (
        <Notice kind="success">{t('admin.shipment.notice_shipped')}</Notice>
      )}
      {panel.shipments.length === 0 ? (
        <p>{t('admin.shipment.none')}</p>
      ) : (
        <ShipmentTable shipments={panel.shipments} />
      )}
      {!formShown && sent?.form === 'ship' && (
        // The order changed since the page was loaded (paid, shipped by someone else).
        <Notice kind="error">{sent.errors.map((e) => e.message).join(' ')}</Notice>
      )}
      {!left ? (
        <p>{t('admin.shipment.all_shipped')}</p>
      ) : panel.mayShip ? (
        <ShipForm panel={panel} />
      ) : (
        <p>{t('admin.shipment.not_paid')}</p>
      )}
    </section>
  );
}
