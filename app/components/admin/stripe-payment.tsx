import {
  CHARGE_STATUSES,
  type ChargeDetails,
  type StripePaymentView,
  THREE_D_SECURE_RESULTS,
} from '#app/domain/payments/stripe/charge-details.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

const named = <T extends string>(known: readonly T[], value: string | null): value is T =>
  value !== null && (known as readonly string[]).includes(value);

/** The card or account paid with: brand and last four digits, never more. */
function MethodText({ charge }: { charge: ChargeDetails }) {
  const { t } = useI18n();
  if (charge.methodType === 'sepa_debit') {
    return <>{t('admin.stripe.sepa_account', { last4: charge.last4 ?? '????' })}</>;
  }
  if (charge.methodType === 'card') {
    const brand = charge.brand ? charge.brand.charAt(0).toUpperCase() + charge.brand.slice(1) : '';
    return <>{t('admin.stripe.card', { brand, last4: charge.last4 ?? '????' })}</>;
  }
  return <>{charge.methodType}</>;
}

/** 3-D Secure: passed (with flow and version), another result, or not asked for. */
function ThreeDSecureText({ charge }: { charge: ChargeDetails }) {
  const { t } = useI18n();
  const secure = charge.threeDSecure;
  if (!secure) return <>{t('admin.stripe.three_d_secure_none')}</>;
  const result = named(THREE_D_SECURE_RESULTS, secure.result)
    ? t(`admin.stripe.three_d_secure_${secure.result}` as TextKey)
    : (secure.result ?? '');
  const flow =
    secure.flow === 'challenge' || secure.flow === 'frictionless'
      ? t(`admin.stripe.three_d_secure_flow_${secure.flow}` as TextKey)
      : null;
  return (
    <>
      {result}
      {(flow || secure.version) &&
        ` (${[flow, secure.version ? t('admin.stripe.version', { version: secure.version }) : null]
          .filter(Boolean)
          .join(', ')})`}
    </>
  );
}

/** The Stripe side of an order's payment: intent, charge, card or mandate, 3-D Secure. */
export function StripePayment({ payment }: { payment: StripePaymentView }) {
  const { t } = useI18n();
  const { charge } = payment;
  return (
    <>
      <h3>{t('admin.stripe_payment')}</h3>
      <dl className="admin-facts">
        <dt>{t('admin.stripe.intent')}</dt>
        <dd>
          <code>{payment.intentId}</code>
          {payment.dashboardUrl && (
            <>
              {' '}
              <a href={payment.dashboardUrl} rel="noopener noreferrer" target="_blank">
                {t('admin.stripe_dashboard')}
              </a>
            </>
          )}
        </dd>
        {charge && (
          <>
            <dt>{t('admin.stripe.charge')}</dt>
            <dd>
              <code>{charge.chargeId}</code>{' '}
              {named(CHARGE_STATUSES, charge.chargeStatus)
                ? t(`admin.stripe.charge_${charge.chargeStatus}` as TextKey)
                : charge.chargeStatus}
            </dd>
            <dt>{t('admin.stripe.method')}</dt>
            <dd>
              <MethodText charge={charge} />
            </dd>
            {charge.methodType === 'card' && (
              <>
                <dt>{t('admin.stripe.three_d_secure')}</dt>
                <dd>
                  <ThreeDSecureText charge={charge} />
                </dd>
              </>
            )}
            {charge.mandateId && (
              <>
                <dt>{t('admin.stripe.mandate')}</dt>
                <dd>
                  <code>{charge.mandateId}</code>
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      {!charge && (
        <p>{t(payment.unreachable ? 'admin.stripe.unreachable' : 'admin.stripe.no_charge')}</p>
      )}
    </>
  );
}
