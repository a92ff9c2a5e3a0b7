import { roundMinor } from '#app/domain/pricing/money.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import { type InvoiceLine, amountLine } from './invoice-document.rules.ts';

/** What a refund gave back, as the cancellation invoice for it lists it (gross minor units). */
export type RefundParts = {
  lines: {
    name: string;
    detail: string;
    sku: string | null;
    quantity: number;
    amount: number;
    tax: number;
    rate: number;
  }[];
  shipping: number;
  free: number;
};

/** Splits `gross` over `weights` in proportion; the last share takes the rounding rest. */
function split(gross: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole <= 0) return weights.map((_, i) => (i === 0 ? gross : 0));
  let rest = gross;
  return weights.map((weight, i) => {
    const part = i === weights.length - 1 ? rest : roundMinor((gross * weight) / whole);
    rest -= part;
    return part;
  });
}

function negative(
  kind: InvoiceLine['kind'],
  name: string,
  quantity: number,
  gross: number,
  tax: number,
  rate: number,
  extra: { detail?: string; sku?: string | null } = {},
): InvoiceLine {
  const net = gross - tax;
  return {
    kind,
    name,
    detail: extra.detail ?? '',
    sku: extra.sku ?? null,
    quantity: -quantity,
    unitNet: quantity === 0 ? net : roundMinor(net / quantity),
    rate: tax === 0 ? 0 : rate,
    net: -net,
    tax: -tax,
    gross: -gross,
  };
}

/**
 * The lines of a refund's cancellation invoice: each refunded order line with its quantity
 * and the VAT the refund took of it; refunded shipping at the rates of the invoice's shipping
 * lines; the free amount spread over what the invoice still holds per rate (`left`, gross),
 * in proportion.
 */
export function refundCancellationLines(
  refund: RefundParts,
  invoice: readonly InvoiceLine[],
  left: ReadonlyMap<number, number>,
  labels: { refund: string },
): InvoiceLine[] {
  const lines = refund.lines
    .filter((l) => l.amount > 0)
    .map((l) =>
      negative('item', l.name, l.quantity, l.amount, l.tax, l.rate, {
        detail: l.detail,
        sku: l.sku,
      }),
    );
  if (refund.shipping > 0) {
    const shipping = invoice.filter((l) => l.kind === 'shipping' && l.gross > 0);
    const parts = split(
      refund.shipping,
      shipping.map((l) => l.gross),
    );
    shipping.forEach((l, i) => {
      const gross = parts[i]!;
      if (gross > 0)
        lines.push(negative('shipping', l.name, 1, gross, taxInGross(gross, l.rate), l.rate));
    });
    if (shipping.length === 0) lines.push(amountLine(labels.refund, refund.shipping, 0));
  }
  if (refund.free > 0) {
    // What the invoice still holds per rate once these lines are taken back.
    const rest = new Map(left);
    for (const l of lines) rest.set(l.rate, (rest.get(l.rate) ?? 0) + l.gross);
    const entries = [...rest].filter(([, gross]) => gross > 0).sort((a, b) => b[0] - a[0]);
    const parts = split(
      refund.free,
      entries.map(([, gross]) => gross),
    );
    entries.forEach(([rate], i) => {
      if (parts[i]! > 0) lines.push(amountLine(labels.refund, parts[i]!, rate));
    });
    if (entries.length === 0) lines.push(amountLine(labels.refund, refund.free, 0));
  }
  return lines;
}

/**
 * The lines as far as the invoice has anything left at their rate (`left`: gross per rate,
 * positive). A line beyond it shrinks to the rest as one amount; a rate used up drops its lines.
 */
export function withinLeft(
  lines: readonly InvoiceLine[],
  left: ReadonlyMap<number, number>,
): InvoiceLine[] {
  const rest = new Map(left);
  const kept: InvoiceLine[] = [];
  for (const line of lines) {
    const available = rest.get(line.rate) ?? 0;
    const wanted = -line.gross;
    if (available <= 0 || wanted <= 0) continue;
    if (wanted <= available) {
      kept.push(line);
      rest.set(line.rate, available - wanted);
    } else {
      kept.push(amountLine(line.name, available, line.rate));
      rest.set(line.rate, 0);
    }
  }
  return kept;
}
