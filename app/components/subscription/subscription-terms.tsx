import { useMoney } from '#app/components/ui/price.tsx';
import type { SubscriptionTerms } from '#app/domain/subscriptions/subscriptions.rules.ts';
import { recurringText, termsDetails } from '#app/domain/subscriptions/subscriptions.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** "9,90 € / Monat" with the trial, sign-up fee and length below it (product page). */
export function SubscriptionPrice({ price, terms }: { price: number; terms: SubscriptionTerms }) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <div className="subscription-price">
      <p className="subscription-recurring">
        <strong>{recurringText(t, money(price), terms)}</strong>
      </p>
      <ul className="subscription-details">
        {termsDetails(t, money, terms).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
