// The pickup-point widget: loaded with import() only when a rate delivering to pickup points is
// chosen, so the checkout's main bundle does not carry it.
import { useEffect, useState } from 'react';
import { fetchJson } from '#app/client/fetch-json.ts';
import type { PickupPoint } from '#app/domain/shipping/pickup-points.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { distanceText, openingHoursText } from './pickup-point-label.tsx';
import type { ShippingOptionWidgetProps } from './shipping-option.tsx';

type Load =
  { status: 'loading' } | { status: 'failed' } | { status: 'done'; points: PickupPoint[] };

/** Answers per rate and postcode; a refresh that keeps the postcode asks nothing again. */
const answers = new Map<string, PickupPoint[]>();

export function PickupPointWidget({
  config,
  postalCode,
  country,
  state,
  onChange,
}: ShippingOptionWidgetProps) {
  const { t, locale } = useI18n();
  const query = new URLSearchParams({ rate_id: config.rate_id, country, postcode: postalCode });
  const cacheKey = query.toString();
  const [load, setLoad] = useState<Load>(() => {
    const known = answers.get(cacheKey);
    return known ? { status: 'done', points: known } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  // The saved state is the one source of the choice: the host stores what `onChange` reports.
  const chosen = state?.id ?? '';

  useEffect(() => {
    if (load.status === 'done' || postalCode.trim() === '') return;
    const controller = new AbortController();
    void fetchJson<{ points: PickupPoint[] }>(`/wc-ajax/pickup_points?${cacheKey}`, {
      signal: controller.signal,
    }).then((answer) => {
      if (!answer.ok && answer.kind === 'aborted') return;
      if (!answer.ok || !answer.data) {
        setLoad({ status: 'failed' });
        return;
      }
      answers.set(cacheKey, answer.data.points);
      setLoad({ status: 'done', points: answer.data.points });
    });
    return () => controller.abort();
    // `load` starts each attempt; the key and attempt are what change it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cacheKey, attempt]);

  // A point saved for another postcode area is not offered here: the choice is dropped.
  useEffect(() => {
    if (load.status !== 'done' || !chosen) return;
    if (!load.points.some((p) => p.id === chosen)) onChange(null, null);
  }, [load, chosen, onChange]);

  if (postalCode.trim() === '') {
    return <p className="pickup-points-note">{t('shipping.pickup.need_postcode')}</p>;
  }
  if (load.status === 'loading') {
    return (
      <p className="pickup-points-note" role="status">
        {t('shipping.pickup.loading')}
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <p className="pickup-points-note" role="alert">
        {t('shipping.pickup.failed')}{' '}
        <button
          type="button"
          className="button-link"
          onClick={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('shipping.pickup.retry')}
        </button>
      </p>
    );
  }
  if (load.points.length === 0) {
    return <p className="pickup-points-note">{t('shipping.pickup.none')}</p>;
  }
  const choose = (point: PickupPoint) => {
    onChange(
      { id: point.id, postcode: postalCode },
      { id: point.id, name: point.name, street: point.street, city: point.city },
    );
  };
  return (
    <fieldset className="pickup-points" id="pickup_point">
      <legend>{t('shipping.pickup.legend', { postcode: postalCode })}</legend>
      <ul className="pickup-points-list">
        {load.points.map((point) => {
          const id = `pickup-point-${point.id}`;
          return (
            <li key={point.id} className={point.id === chosen ? 'is-chosen' : undefined}>
              <input
                type="radio"
                id={id}
                name="pickup_point_choice"
                value={point.id}
                checked={point.id === chosen}
                onChange={() => choose(point)}
                aria-describedby={`${id}-details`}
              />
              <label htmlFor={id}>
                <strong>{point.name}</strong>
                <span className="pickup-point-address">
                  {point.street}, {point.postcode} {point.city}
                </span>
              </label>
              <span id={`${id}-details`} className="pickup-point-details">
                {t(`shipping.pickup.kind_${point.kind}`)} · {openingHoursText(point, t)} ·{' '}
                {t('shipping.pickup.distance', { distance: distanceText(point, locale) })}
              </span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
