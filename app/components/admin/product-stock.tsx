import { useId } from 'react';
import { Link } from 'react-router';
import { type TextKey, formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';

export type StockHistoryEntry = {
  id: number;
  at: string;
  product: string;
  change: number;
  quantityAfter: number;
  reason: string;
  orderId: number | null;
  refundId: number | null;
  who: string;
  note: string;
};

/**
 * The quick stock edit of one row: a number and "save", a plain form that works without
 * script. It carries the quantity it shows, so a sale in between refuses it (409).
 */
export function QuickStockForm({
  productId,
  rowId,
  name,
  quantity,
  security,
  back,
  full = false,
}: {
  productId: number;
  rowId: number;
  name: string;
  quantity: number;
  security: string;
  back?: string;
  /** With the choice of set or add and a note: the stock page. The list has the number only. */
  full?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <form
      method="post"
      action={`/admin/products/${productId}/stock`}
      className={full ? 'admin-stock-edit is-full' : 'admin-stock-edit'}
      data-stock-form={rowId}
    >
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="row" value={rowId} />
      <input type="hidden" name="seen" value={quantity} />
      {back !== undefined && <input type="hidden" name="back" value={back} />}
      {full && (
        <fieldset className="admin-stock-mode">
          <legend>{t('admin.stock.mode', { name })}</legend>
          <label>
            <input type="radio" name="mode" value="set" defaultChecked />{' '}
            {t('admin.stock.mode_set')}
          </label>
          <label>
            <input type="radio" name="mode" value="add" /> {t('admin.stock.mode_add')}
          </label>
        </fieldset>
      )}
      <label htmlFor={`${id}-q`} className={full ? undefined : 'visually-hidden'}>
        {full ? t('admin.stock.quantity') : t('admin.stock.quantity_of', { name })}
      </label>
      <input
        id={`${id}-q`}
        type="number"
        name="quantity"
        inputMode="numeric"
        step={1}
        required
        defaultValue={quantity}
        className="admin-stock-number"
      />
      {full && (
        <>
          <label htmlFor={`${id}-n`}>{t('admin.stock.note')}</label>
          <input id={`${id}-n`} type="text" name="note" maxLength={200} />
        </>
      )}
      <button type="submit" className="button button-secondary">
        {t('admin.stock.save')}
        {!full && <span className="visually-hidden"> {t('admin.stock.save_of', { name })}</span>}
      </button>
    </form>
  );
}

export function StockHistoryTable({
  entries,
  captionId,
}: {
  entries: StockHistoryEntry[];
  captionId: string;
}) {
  const { t, locale } = useI18n();
  if (entries.length === 0) return <p className="admin-empty">{t('admin.stock.history_empty')}</p>;
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby={captionId}>
      <table className="admin-table admin-stock-history">
        <thead>
          <tr>
            <th scope="col">{t('admin.stock.col.when')}</th>
            <th scope="col">{t('admin.stock.col.item')}</th>
            <th scope="col" className="num">
              {t('admin.stock.col.change')}
            </th>
            <th scope="col" className="num">
              {t('admin.stock.col.after')}
            </th>
            <th scope="col">{t('admin.stock.col.reason')}</th>
            <th scope="col">{t('admin.stock.col.who')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-history={e.id} data-reason={e.reason}>
              <td>{formatDateTime(e.at, locale)}</td>
              <td>{e.product}</td>
              <td className="num">
                {e.change > 0 ? '+' : e.change < 0 ? '−' : ''}
                {formatNumber(Math.abs(e.change), locale)}
              </td>
              <td className="num">{formatNumber(e.quantityAfter, locale)}</td>
              <td>
                {t(`admin.stock.reason.${e.reason}` as TextKey)}
                {e.orderId !== null && (
                  <>
                    {' '}
                    <Link to={`/admin/orders/${e.orderId}`}>
                      {t('admin.stock.order', { id: e.orderId })}
                    </Link>
                  </>
                )}
                {e.refundId !== null && <> {t('admin.stock.refund', { id: e.refundId })}</>}
                {e.note && <span className="admin-sub"> „{e.note}“</span>}
              </td>
              <td>{e.who}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
