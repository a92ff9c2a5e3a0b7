import type { InvoiceLink } from '#app/domain/invoices/invoice-links.view.ts';
import { type MessageArea, useI18n } from '#app/lib/i18n.ts';

export const INVOICE_LINK_MESSAGES = [
  'invoice.documents',
  'invoice.download',
  'invoice.download_cancellation',
] as const satisfies readonly MessageArea[];

/** The order's invoice and cancellation invoices as PDF downloads; nothing before the first. */
export function InvoiceLinks({ invoices }: { invoices: InvoiceLink[] }) {
  const { t } = useI18n();
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby="order-invoices-title" className="order-invoices">
      <h2 id="order-invoices-title">{t('invoice.documents')}</h2>
      <ul>
        {invoices.map((invoice) => (
          <li key={invoice.number}>
            <a href={invoice.href} download={`${invoice.number}.pdf`} type="application/pdf">
              {invoice.kind === 'invoice'
                ? t('invoice.download', { number: invoice.number })
                : t('invoice.download_cancellation', { number: invoice.number })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
