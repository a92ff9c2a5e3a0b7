import { Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import type { SalesDay, SalesFigures } from '#app/domain/orders/admin-orders.view.ts';
import { type TextKey, formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';

/** Orders, revenue gross and net, and the average order of one period. */
export function SalesCard({ heading, figures }: { heading: string; figures: SalesFigures }) {
  const { t, locale } = useI18n();
  const rows: [TextKey, React.ReactNode][] = [
    ['admin.kpi.orders', formatNumber(figures.orders, locale)],
    ['admin.kpi.gross', <Money amount={figures.gross} />],
    ['admin.kpi.net', <Money amount={figures.net} />],
    ['admin.kpi.average', <Money amount={figures.average} />],
  ];
  return (
    <section className="admin-card" aria-label={heading}>
      <h2>{heading}</h2>
      <dl className="admin-figures">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export type TodoItem = { key: TextKey; count: number; to: string };

/** What waits for someone, each entry a link to the list that holds it. */
export function TodoList({ items }: { items: TodoItem[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-todo">
      <h2 id="admin-todo">{t('admin.todo')}</h2>
      <ul className="admin-todo">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to}>
              <span className="admin-todo-count">{formatNumber(item.count, locale)}</span>{' '}
              {t(item.key)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Revenue of each of the last 30 days, newest first: the chart's figures as a table. */
export function RevenueTable({ days }: { days: SalesDay[] }) {
  const { t, locale } = useI18n();
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby="admin-revenue">
      <table className="admin-table">
        <caption id="admin-revenue">{t('admin.revenue_by_day')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.col.day')}</th>
            <th scope="col" className="num">
              {t('admin.col.orders')}
            </th>
            <th scope="col" className="num">
              {t('admin.col.gross')}
            </th>
            <th scope="col" className="num">
              {t('admin.col.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day} className={day.orders === 0 ? 'is-quiet' : undefined}>
              <th scope="row">
                <time dateTime={day.day}>{formatDate(`${day.day}T12:00:00Z`, locale)}</time>
              </th>
              <td className="num">{formatNumber(day.orders, locale)}</td>
              <td className="num">
                <Money amount={day.gross} />
              </td>
              <td className="num">
                <Money amount={day.net} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
