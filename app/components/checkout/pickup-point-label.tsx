import type { PickupPoint } from '#app/domain/shipping/pickup-points.ts';
import { type Translate, formatNumber } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';

/** "Mon–Sat 08:00–20:00" or "Open 24 hours, every day". */
export function openingHoursText(point: PickupPoint, t: Translate): string {
  const { hours } = point;
  return hours.days === 'always'
    ? t('shipping.pickup.hours_always')
    : t(`shipping.pickup.hours_${hours.days}`, { opens: hours.opens, closes: hours.closes });
}

/** Metres below one kilometre, else kilometres with one decimal. */
export function distanceText(point: PickupPoint, locale: Locale): string {
  const distance =
    point.distance < 1000
      ? `${formatNumber(Math.round(point.distance / 10) * 10, locale)} m`
      : `${formatNumber(Math.round(point.distance / 100) / 10, locale, 1)} km`;
  return distance;
}

/** One line for a select option: name, street, town, distance. */
export function pickupPointText(point: PickupPoint, t: Translate, locale: Locale): string {
  return `${point.name}, ${point.street}, ${point.postcode} ${point.city} (${t(
    'shipping.pickup.distance',
    { distance: distanceText(point, locale) },
  )})`;
}
