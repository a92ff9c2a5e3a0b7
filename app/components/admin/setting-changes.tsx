import type { ReactNode } from 'react';
import { formatDateTime, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';

/** One audited change as a settings page lists it: when, who, what, before and after. */
export type SettingChange = {
  id: number | string;
  at: string;
  who: string;
  before: string;
  after: string;
};

/**
 * The latest changes of a settings page, newest first, in a card under its form. `what` names
 * the changed setting (or action) of each row in the reader's language.
 */
export function SettingChanges<C extends SettingChange>({
  id,
  heading,
  whatColumn,
  changes,
  what,
}: {
  /** The card's heading id, unique on the page. */
  id: string;
  heading: string;
  whatColumn: string;
  changes: readonly C[];
  what: (change: C) => ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {changes.length === 0 ? (
        <p>{t('admin.audit_empty')}</p>
      ) : (
        <AdminTable
          labelledBy={id}
          columns={[
            { label: t('admin.col.when') },
            { label: t('admin.col.who') },
            { label: whatColumn },
            { label: t('admin.invoiceSettings.col.before') },
            { label: t('admin.invoiceSettings.col.after') },
          ]}
        >
          {changes.map((change) => (
            <tr key={change.id}>
              <td>
                <time dateTime={change.at}>{formatDateTime(change.at, locale)}</time>
              </td>
              <td>{change.who}</td>
              <td>{what(change)}</td>
              <td>{change.before}</td>
              <td>{change.after}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
