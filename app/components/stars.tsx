import { formatNumber, useI18n } from '#app/lib/i18n.ts';

export function Stars({
  average,
  count,
  showCount = true,
}: {
  average: number;
  count: number;
  showCount?: boolean;
}) {
  const { t, locale } = useI18n();
  if (count === 0)
    return showCount ? <span className="rating rating-none">{t('rating.none')}</span> : null;
  const label = t('rating.label', { rating: formatNumber(average, locale, 1) });
  return (
    <span className="rating">
      <span
        className="stars"
        role="img"
        aria-label={label}
        style={{ '--rating': average } as React.CSSProperties}
      />
      {showCount && <span className="rating-count">{t('rating.count', { count })}</span>}
    </span>
  );
}
