import { useI18n } from '#app/lib/i18n.ts';

/**
 * Shown on every page while payments go to the built-in Stripe sandbox, so nobody mistakes
 * a test shop for a real one. The visible word is the accessible name; the hint follows.
 */
export function TestModeBadge() {
  const { t } = useI18n();
  return (
    <strong className="test-mode-badge" title={t('sandbox.badge_hint')}>
      {t('sandbox.badge')}
      <span className="visually-hidden">: {t('sandbox.badge_hint')}</span>
    </strong>
  );
}
