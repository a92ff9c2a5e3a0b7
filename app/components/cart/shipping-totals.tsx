import { Form, useSubmit } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { countryName, stateName } from '#app/domain/customers/address-locale.ts';
import type { CartShipping, ShippingRateView } from '#app/domain/shipping/shipping.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { ShippingCalculator } from './shipping-calculator.tsx';

function RateLabel({ rate }: { rate: ShippingRateView }) {
  const { t } = useI18n();
  return (
    <>
      <span className="shipping-rate-name">{rate.name}</span>
      {rate.cost > 0 ? (
        <>
          {': '}
          <span className="shipping-rate-cost">
            <Money amount={rate.cost} />
          </span>
        </>
      ) : rate.methodId === 'free_shipping' ? null : (
        <>
          {': '}
          <span className="shipping-rate-cost">{t('shipping.free')}</span>
        </>
      )}
      {rate.description || rate.deliveryTime ? (
        <span className="shipping-rate-details">
          {[rate.description, rate.deliveryTime].filter(Boolean).join(' · ')}
        </span>
      ) : null}
    </>
  );
}

/**
 * The shipping row of the cart totals: the rates for the destination as a radio group (a
 * change posts the choice at once; without JavaScript a button does), where the goods go,
 * and the calculator to change that.
 */
export function ShippingTotals({
  shipping,
  calculatorError,
}: {
  shipping: CartShipping;
  calculatorError?: { field?: string; message: string; values?: Record<string, string> };
}) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { address } = shipping;
  const pkg = shipping.packages[0];
  const rates = pkg?.rates ?? [];
  const place = [
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.state ? stateName(address.country, address.state, locale) : '',
    countryName(address.country, locale),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="shipping-totals">
      {rates.length === 0 ? (
        <p className="shipping-none">{t('shipping.none')}</p>
      ) : rates.length === 1 ? (
        <p className="shipping-single">
          <RateLabel rate={rates[0]!} />
        </p>
      ) : (
        <Form method="post" action="/cart" replace className="shipping-methods-form">
          <input type="hidden" name="intent" value="select_shipping" />
          <fieldset className="shipping-methods">
            <legend className="visually-hidden">{t('shipping.methods')}</legend>
            {rates.map((rate) => (
              <label key={rate.rateId} className="choice shipping-rate">
                <input
                  type="radio"
                  name={`shipping_method[${pkg!.packageId}]`}
                  value={rate.rateId}
                  defaultChecked={rate.selected}
                  onChange={(e) => submit(e.currentTarget.form, { replace: true })}
                />
                <span>
                  <RateLabel rate={rate} />
                </span>
              </label>
            ))}
          </fieldset>
          {hydrated ? null : (
            <button type="submit" className="button button-secondary">
              {t('shipping.apply_method')}
            </button>
          )}
        </Form>
      )}
      <p className="shipping-destination">
        {shipping.hasCalculatedShipping
          ? t('shipping.to', { destination: place })
          : t('shipping.estimated', { country: countryName(address.country, locale) })}
      </p>
      <ShippingCalculator
        key={`${address.country}|${address.state}|${address.postcode}|${address.city}`}
        address={address}
        calculated={shipping.hasCalculatedShipping}
        error={calculatorError}
      />
    </div>
  );
}
