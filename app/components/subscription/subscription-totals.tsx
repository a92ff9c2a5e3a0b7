import { useMoney } from '#app/components/ui/price.tsx';
import type { CartLine } from '#app/domain/cart/cart.view.ts';
import { recurringText } from '#app/domain/subscriptions/subscriptions.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** The recurring parts of a cart, for the rows below its total. */
export function recurringLines(lines: readonly CartLine[]) {
  return lines.flatMap((line) =>
    line.subscription
      ? [
          {
            key: line.key,
            name: line.name,
            amount: Math.round(line.subscription.recurringUnitPrice * line.quantity),
            terms: line.subscription.terms,
          },
        ]
      : [],
  );
}

/** Table rows after the total: what is due today and what recurs, per subscription. */
export function RecurringRows({ lines, total }: { lines: readonly CartLine[]; total: number }) {
  const { t } = useI18n();
  const money = useMoney();
  const recurring = recurringLines(lines);
  if (recurring.length === 0) return null;
  return (
    <>
      <tr className="subscription-due-today">
        <th scope="row">{t('subscription.due_today')}</th>
        <td>{money(total)}</td>
      </tr>
      <tr className="subscription-recurring-totals">
        <th scope="row">{t('subscription.recurring_totals')}</th>
        <td>
          <ul className="subscription-recurring-list">
            {recurring.map((r) => (
              <li key={r.key}>
                {t('subscription.recurring_line', {
                  name: r.name,
                  price: recurringText(t, money(r.amount), r.terms),
                })}
              </li>
            ))}
          </ul>
        </td>
      </tr>
    </>
  );
}
