import { Notice } from '#app/components/ui/notice.tsx';
import { Money } from '#app/components/ui/price.tsx';
import type { InvoicePanel } from '#app/domain/invoices/invoice-links.view.ts';
import { formatDateTime, useI18n } from '#app/lib/i18n.ts';

/**
 * The order's invoices and cancellation invoices with their PDFs, and "Create invoice now"
 * for a paid order that has none yet (a plain form post; works without JavaScript).
 */
export function OrderInvoices({ panel }: { panel: InvoicePanel }) {
  const { t, locale } = useI18n();
  const { notice } = panel;
  return (
    <section className="admin-card" id="invoices" aria-labelledby="admin-invoices">
      <h2 id="admin-invoices">{t('admin.invoice.title')}</h2>
      {notice && (
        <Notice
          kind={notice.kind === 'created' ? 'success' : notice.kind === 'exists' ? 'info' : 'error'}
        >
          {notice.kind === 'created'
            ? t('admin.invoice.created', { number: notice.number ?? '' })
            : t(`admin.invoice.${notice.kind}`)}
        </Notice>
      )}
      {panel.documents.length === 0 ? (
        <p className="admin-hint">
          {panel.mayCreate ? t('admin.invoice.none') : t('admin.invoice.not_due')}
        </p>
      ) : (
        <div
          className="admin-table-wrap"
          role="region"
          tabIndex={0}
          aria-labelledby="admin-invoices"
        >
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.invoice.col_number')}</th>
                <th scope="col">{t('admin.invoice.col_kind')}</th>
                <th scope="col">{t('admin.invoice.col_date')}</th>
                <th scope="col" className="num">
                  {t('admin.invoice.col_total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {panel.documents.map((doc) => (
                <tr key={doc.number}>
                  <td>
                    <a
                      href={doc.href}
                      download={`${doc.number}.pdf`}
                      type="application/pdf"
                      aria-label={t('admin.invoice.download', { number: doc.number })}
                    >
                      {doc.number}
                    </a>
                  </td>
                  <td>
                    {t(`admin.invoice.kind_${doc.kind}`)}
                    {doc.zugferd && <span className="admin-sub">{t('admin.invoice.zugferd')}</span>}
                  </td>
                  <td>{formatDateTime(doc.issuedAt, locale)}</td>
                  <td className="num">
                    <Money amount={doc.gross} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel.mayCreate && (
        <form method="post" action={`/admin/orders/${panel.orderId}/invoices`}>
          <input type="hidden" name="security" value={panel.security} />
          <button type="submit" className="button">
            {t('admin.invoice.create')}
          </button>
        </form>
      )}
    </section>
  );
}
