import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react';
import { useHydrated } from '#app/client/use-hydrated.ts';
import type { CheckoutReview } from '#app/domain/checkout/checkout.view.ts';
import type { ShippingRateView } from '#app/domain/shipping/shipping.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { pickupPointText } from './pickup-point-label.tsx';

/** The delivery method config a widget is given (spec: read from the page). */
export type DeliveryMethodConfig = { delivery_method_type: string; rate_id: string };

/** What every shipping-option widget module exports; rendered client-side only. */
export type ShippingOptionWidgetProps = {
  config: DeliveryMethodConfig;
  /** The shipping data held on the page. */
  postalCode: string;
  country: string;
  /** The state this widget returned last time for this shipping method, if any. */
  state: Record<string, string> | null;
  /** The widget's new state and the data it reports (null: nothing chosen). */
  onChange: (state: Record<string, string> | null, data: Record<string, string> | null) => void;
};

type Saved = { state: Record<string, string> | null; selection: Record<string, string> | null };

export type ShippingOptionStore = {
  /** Counts the order review refreshes: every one tears the widget down and renders it again. */
  round: number;
  saved: Readonly<Record<string, Saved>>;
  save: (rateId: string, saved: Saved) => void;
  refreshed: () => void;
};

/** The checkout form's memory of each shipping method's widget state. */
export function useShippingOptionStore(): ShippingOptionStore {
  const [round, setRound] = useState(0);
  const [saved, setSaved] = useState<Record<string, Saved>>({});
  const save = useCallback(
    (rateId: string, next: Saved) => setSaved((all) => ({ ...all, [rateId]: next })),
    [],
  );
  const refreshed = useCallback(() => setRound((n) => n + 1), []);
  return useMemo(() => ({ round, saved, save, refreshed }), [round, saved, save, refreshed]);
}

/** One lazy chunk per delivery method type; the main bundle holds none of them. */
const WIDGETS: Record<string, () => Promise<ComponentType<ShippingOptionWidgetProps>>> = {
  pickup_point: () => import('./pickup-point-widget.tsx').then((m) => m.PickupPointWidget),
};
const loaded = new Map<string, ComponentType<ShippingOptionWidgetProps>>();

/** Shipping option selection: the delivery method config merged with the widget's data. */
export function serializeSelection(config: DeliveryMethodConfig, data: Record<string, string>) {
  return JSON.stringify({ ...config, ...data });
}

/**
 * Under a rate with a delivery method config: with script, the chosen rate's widget and the
 * hidden submit field `pickup_point`; without, a plain select of the points near the postcode.
 */
export function ShippingOption({
  rate,
  review,
  store,
}: {
  rate: ShippingRateView;
  review: CheckoutReview;
  store?: ShippingOptionStore | undefined;
}) {
  const hydrated = useHydrated();
  const type = rate.deliveryMethodType;
  if (!type) return null;
  if (!store || !hydrated) return <PickupSelect rate={rate} review={review} />;
  if (!rate.selected) return null;
  const address = review.cart.shipping.address;
  const config = { delivery_method_type: type, rate_id: rate.rateId };
  const saved = store.saved[rate.rateId];
  return (
    <div
      className="shipping-option-widget"
      data-delivery_method_type={type}
      data-postal_code={address.postcode}
    >
      <WidgetHost
        // A new key after each refresh: the old widget is torn down, the new one gets the state.
        key={`${rate.rateId}:${store.round}`}
        type={type}
        props={{
          config,
          postalCode: address.postcode,
          country: address.country,
          state: saved?.state ?? null,
          onChange: (state, data) =>
            store.save(rate.rateId, { state, selection: data ? { ...config, ...data } : null }),
        }}
      />
      <input
        type="hidden"
        name="pickup_point"
        value={saved?.selection ? serializeSelection(config, saved.selection) : ''}
      />
    </div>
  );
}

function WidgetHost({ type, props }: { type: string; props: ShippingOptionWidgetProps }) {
  const { t } = useI18n();
  const [Widget, setWidget] = useState(() => loaded.get(type) ?? null);
  useEffect(() => {
    if (Widget || !WIDGETS[type]) return;
    let live = true;
    void WIDGETS[type]().then((component) => {
      loaded.set(type, component);
      if (live) setWidget(() => component);
    });
    return () => {
      live = false;
    };
  }, [Widget, type]);
  if (!Widget) {
    return (
      <p className="shipping-option-loading" role="status">
        {t('shipping.pickup.loading')}
      </p>
    );
  }
  return <Widget {...props} />;
}

/** Without script: the points near the postcode as a select posted with the form. */
function PickupSelect({ rate, review }: { rate: ShippingRateView; review: CheckoutReview }) {
  const { t, locale } = useI18n();
  const choices = review.pickupPoints;
  if (!choices || choices.rateId !== rate.rateId) return null;
  const config = { delivery_method_type: rate.deliveryMethodType!, rate_id: rate.rateId };
  if (choices.points.length === 0) {
    return <p className="shipping-option-none">{t('shipping.pickup.need_postcode')}</p>;
  }
  return (
    <p className="form-row shipping-option-select">
      <label htmlFor="pickup_point">{t('shipping.pickup.select')}</label>
      <select id="pickup_point" name="pickup_point" className="select" defaultValue="">
        <option value="">{t('shipping.pickup.select_placeholder')}</option>
        {choices.points.map((point) => (
          <option key={point.id} value={serializeSelection(config, { id: point.id })}>
            {pickupPointText(point, t, locale)}
          </option>
        ))}
      </select>
    </p>
  );
}
