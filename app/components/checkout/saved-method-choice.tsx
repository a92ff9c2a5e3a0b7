import { useI18n } from '#app/lib/i18n.ts';

type SavedChoice = { id: string; label: string; expires: string | null };

/**
 * The customer's saved methods and "use a new one" as radios (`wc-stripe-payment-token`), at
 * the checkout and where a subscription's method changes; nothing without saved methods.
 */
export function SavedMethodChoice({
  saved,
  chosen,
  onChoose,
}: {
  saved: readonly SavedChoice[];
  /** A saved method's id, or 'new'. */
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const { t } = useI18n();
  if (saved.length === 0) return null;
  return (
    <fieldset className="stripe-saved-methods">
      <legend>{t('stripe.saved_methods')}</legend>
      {[...saved, null].map((m) => (
        <label key={m?.id ?? 'new'} className="choice">
          <input
            type="radio"
            name="wc-stripe-payment-token"
            value={m?.id ?? 'new'}
            checked={chosen === (m?.id ?? 'new')}
            onChange={() => onChoose(m?.id ?? 'new')}
          />
          <span>
            {m ? m.label : t('stripe.use_new')}
            {m?.expires ? <span className="stripe-saved-expires"> ({m.expires})</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
