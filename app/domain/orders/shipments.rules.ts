// Carriers, their tracking number formats and tracking pages; pure, safe in the browser.

export const CARRIERS = ['dhl', 'deutsche_post', 'dpd', 'gls', 'hermes', 'ups', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Names as the carriers write them; the same in every language. */
export const CARRIER_NAMES: Record<Carrier, string> = {
  dhl: 'DHL',
  deutsche_post: 'Deutsche Post',
  dpd: 'DPD',
  gls: 'GLS',
  hermes: 'Hermes',
  ups: 'UPS',
  other: '',
};

/** A number as printed on labels carries spaces; the carriers' pages want it without, in capitals. */
export function normalizeTrackingNumber(carrier: Carrier, raw: string): string {
  const trimmed = raw.trim().replace(/\s+/g, carrier === 'other' ? ' ' : '');
  return carrier === 'other' ? trimmed : trimmed.toUpperCase();
}

/**
 * UPU S10 (Einschreiben, international letters and small parcels): two letters, eight digits, a
 * check digit weighted 8 6 4 2 3 5 9 7 modulo 11, two letters for the country.
 */
export function validS10(value: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(value);
  if (!match) return false;
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...match[1]!].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  const rest = 11 - (sum % 11);
  const check = rest === 10 ? 0 : rest === 11 ? 5 : rest;
  return check === Number(match[2]);
}

/**
 * UPS: "1Z", six characters of the shipper's account, two of the service, seven of the parcel and
 * a check digit; letters count as (code - 63) mod 10, every second value doubled, modulo 10.
 */
export function validUps(value: string): boolean {
  if (!/^1Z[0-9A-Z]{16}$/.test(value)) return false;
  const values = [...value.slice(2, 17)].map((c) =>
    /\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10,
  );
  const sum = values.reduce((acc, v, i) => acc + (i % 2 === 1 ? 2 * v : v), 0);
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** Letters, digits and the punctuation parcel services use; nothing that could hide markup. */
const OTHER_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N} ._/#-]{1,59}$/u;

/** Whether a normalised number has the carrier's format (the check digit where it is public). */
export function validTrackingNumber(carrier: Carrier, value: string): boolean {
  switch (carrier) {
    case 'dhl':
      // Paket: 12, 14 or 20 digits (the 20 an SSCC with its "00"); labels from the shipping
      // API: "JJD" and 16 to 24 digits.
      return /^(\d{12}|\d{14}|\d{20}|JJD\d{16,24})$/.test(value);
    case 'deutsche_post':
      // Einschreiben and international: UPU S10; Prio and Warenpost: a 20-character hex id.
      return validS10(value) || /^[0-9A-F]{20}$/.test(value);
    case 'dpd':
      return /^\d{14}$/.test(value);
    case 'gls':
      return /^\d{11,12}$/.test(value);
    case 'hermes':
      // 14 or 16 digits; newer labels: "H" and 19 digits.
      return /^(\d{14}|\d{16}|H\d{19})$/.test(value);
    case 'ups':
      return validUps(value);
    case 'other':
      return OTHER_NUMBER.test(value);
  }
}

/** Carrier "other": a web page on https (or http), no credentials, at most 500 characters. */
export function validTrackingUrl(raw: string): boolean {
  if (raw.length > 500 || /[\s\p{Cc}<>"'`]/u.test(raw)) return false;
  try {
    const url = new URL(raw);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, (n: string) => string> = {
  dhl: (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`,
  deutsche_post: (n) =>
    `https://www.deutschepost.de/de/s/sendungsverfolgung/verfolgen.html?piececode=${n}`,
  dpd: (n) => `https://tracking.dpd.de/status/de_DE/parcel/${n}`,
  gls: (n) => `https://gls-group.com/DE/de/paketverfolgung?match=${n}`,
  hermes: (n) => `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${n}`,
  ups: (n) => `https://www.ups.com/track?loc=de_DE&tracknum=${n}`,
};

/** The carrier's public tracking page for the number; "other": the page given, if any. */
export function trackingLink(shipment: {
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl?: string | null;
}): string | null {
  if (shipment.carrier === 'other') return shipment.trackingUrl || null;
  return TRACKING_PAGES[shipment.carrier](encodeURIComponent(shipment.trackingNumber));
}

/** What is left to ship of each line: ordered less shipped, never below zero. */
export function remainingQuantities(
  items: readonly { id: number; quantity: number }[],
  shipped: readonly { orderItemId: number; quantity: number }[],
): Map<number, number> {
  const left = new Map(items.map((item) => [item.id, Math.floor(item.quantity)]));
  for (const line of shipped) {
    left.set(line.orderItemId, Math.max(0, (left.get(line.orderItemId) ?? 0) - line.quantity));
  }
  return left;
}

/** Orders that may ship: paid and not yet done. On hold waits for its payment first. */
export function mayShip(status: string): boolean {
  return status === 'processing';
}
