import { useI18n } from '#app/lib/i18n.ts';
import { formatEuroInput } from '#app/domain/catalog/listing.ts';

/** A price bound in euros as the shopper types it; applied when left with a changed value. */
export function PriceInput({
  id,
  name,
  label,
  amount,
  onCommit,
}: {
  id: string;
  name: string;
  label: string;
  amount: number | undefined;
  onCommit: (form: HTMLFormElement) => void;
}) {
  const { locale } = useI18n();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        key={`${name}-${amount ?? ''}`}
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        defaultValue={amount !== undefined ? formatEuroInput(amount, locale) : ''}
        onBlur={(e) => {
          const input = e.currentTarget;
          if (input.value !== input.defaultValue && input.form) onCommit(input.form);
        }}
      />
    </>
  );
}
