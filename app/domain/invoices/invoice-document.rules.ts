import { roundMinor } from '#app/domain/pricing/money.ts';
import { SHOP_COUNTRY, taxInGross } from '#app/domain/pricing/tax.ts';
import { isEuCountry } from '#app/domain/pricing/vat.rules.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';
import type {
  OrderAddress,
  OrderItemRow,
  OrderRow,
  OrderTaxLine,
} from '#app/domain/orders/orders.schema.ts';

/** Why an invoice carries no (or not all) VAT; each is printed as its legal note. */
export type InvoiceNote = 'small_business' | 'reverse_charge' | 'intra_eu_supply' | 'export';

/** One line of the document: amounts in minor units, `rate` in basis points (1900 = 19 %). */
export type InvoiceLine = {
  kind: 'item' | 'shipping' | 'deposit' | 'fee' | 'amount';
  name: string;
  detail: string;
  sku: string | null;
  quantity: number;
  unitNet: number;
  rate: number;
  net: number;
  tax: number;
  gross: number;
};

export type RateSum = { rate: number; net: number; tax: number };

/** Everything the PDF shows, kept with the issued document. */
export type InvoiceDocument = {
  kind: 'invoice' | 'cancellation';
  number: string;
  issuedAt: string;
  locale: 'de' | 'en';
  /** The invoice a cancellation takes back. */
  cancels: { number: string; issuedAt: string } | null;
  seller: ShopOwner & { taxNumber: string };
  buyer: {
    name: string;
    company: string;
    street: string;
    street2: string;
    postcode: string;
    city: string;
    country: string;
    email: string;
    vatId: string;
  };
  order: { id: number; number: number; createdAt: string };
  /** The date of supply (§ 14 (4) 6 UStG). */
  deliveryDate: string;
  payment: { method: string; paidAt: string | null };
  currency: string;
  lines: InvoiceLine[];
  rates: RateSum[];
  net: number;
  tax: number;
  gross: number;
  notes: InvoiceNote[];
  /** The discount the item lines already contain (coupons), shown for transparency. */
  discount: { codes: string[]; gross: number };
};

/** The legal notes an invoice needs, decided by the order's tax treatment and destination. */
export function invoiceNotes(input: {
  smallBusiness: boolean;
  treatment: OrderRow['taxTreatment'];
  /** Where the goods go (the billing country when nothing is shipped). */
  destination: string;
  shipsGoods: boolean;
  totalTax: number;
}): InvoiceNote[] {
  if (input.smallBusiness) return ['small_business'];
  if (input.treatment === 'reverse_charge') {
    // Goods moving to a business in another member state are an intra-Community supply;
    // anything else the buyer accounts for under the reverse charge.
    const intraEu =
      input.shipsGoods && input.destination !== SHOP_COUNTRY && isEuCountry(input.destination);
    return [intraEu ? 'intra_eu_supply' : 'reverse_charge'];
  }
  if (input.treatment === 'export') return ['export'];
  if (input.totalTax === 0 && input.shipsGoods && !isEuCountry(input.destination)) {
    return ['export'];
  }
  return [];
}

/** Net and VAT per rate, highest rate first. */
export function sumByRate(lines: readonly Pick<InvoiceLine, 'rate' | 'net' | 'tax'>[]): RateSum[] {
  const sums = new Map<number, RateSum>();
  for (const line of lines) {
    const sum = sums.get(line.rate) ?? { rate: line.rate, net: 0, tax: 0 };
    sum.net += line.net;
    sum.tax += line.tax;
    sums.set(line.rate, sum);
  }
  return [...sums.values()].sort((a, b) => b.rate - a.rate);
}

function line(
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
    quantity,
    unitNet: quantity === 0 ? net : roundMinor(net / quantity),
    rate: tax === 0 ? 0 : rate,
    net,
    tax,
    gross,
  };
}

/** A gross amount split over rates in proportion to `shares` (a shipping line's VAT shares). */
function shareLines(
  name: string,
  gross: number,
  tax: number,
  shares: readonly OrderTaxLine[],
  kind: 'shipping' | 'fee' = 'shipping',
) {
  const taxed = shares.filter((s) => s.amount !== 0);
  if (taxed.length <= 1) {
    return [line(kind, name, 1, gross, tax, taxed[0]?.rate ?? 0)];
  }
  // Each share's gross is its VAT grossed up; the last share takes the rounding rest.
  let rest = gross;
  return taxed.map((share, i) => {
    const part =
      i === taxed.length - 1
        ? rest
        : roundMinor((share.amount * (10_000 + share.rate)) / share.rate);
    rest -= part;
    return line(kind, name, 1, part, share.amount, share.rate);
  });
}

const DEPOSIT_RATE = 1900;

/**
 * The VAT of an order's fees per rate: the order's VAT at each rate less what its items,
 * their deposits and its shipping carry at that rate (a fee is split over the rates as
 * shipping is).
 */
function feeTaxShares(order: OrderRow, items: readonly OrderItemRow[]): OrderTaxLine[] {
  return order.taxLines.map(({ rate, amount }) => {
    let rest = amount;
    for (const item of items) {
      if (item.taxRate !== rate) continue;
      rest -= item.tax + taxInGross(item.deposit, item.taxRate);
    }
    for (const shipping of order.shippingLines) {
      for (const share of shipping.taxes) if (share.rate === rate) rest -= share.amount;
    }
    return { rate, amount: rest };
  });
}

/** The lines of an order's invoice: its items, shipping and deposits, as sold. */
export function orderLines(
  order: OrderRow,
  items: readonly OrderItemRow[],
  labels: { shipping: string; deposit: string },
  /** An order placed before fee lines were stored has no `taxes`: they are worked out. */
  fees: readonly { name: string; gross: number; tax: number; taxes?: OrderTaxLine[] }[] = [],
): InvoiceLine[] {
  const lines = items.map((item) =>
    line('item', item.name, item.quantity, item.total, item.tax, item.taxRate, {
      detail: item.variation.map((v) => `${v.attribute}: ${v.value}`).join(', '),
      sku: item.sku,
    }),
  );
  for (const shipping of order.shippingLines) {
    if (shipping.total === 0) continue;
    lines.push(
      ...shareLines(
        `${labels.shipping}: ${shipping.name}`,
        shipping.total,
        shipping.tax,
        shipping.taxes,
      ),
    );
  }
  if (order.depositTotal !== 0) {
    lines.push(
      line('deposit', labels.deposit, 1, order.depositTotal, order.depositTax, DEPOSIT_RATE),
    );
  }
  for (const fee of fees) {
    const shares = fee.taxes?.length ? fee.taxes : feeTaxShares(order, items);
    lines.push(...shareLines(fee.name, fee.gross, fee.tax, shares, 'fee'));
  }
  return lines;
}

/** A cancellation of `gross` at `rate`: one negative line, its VAT taken out of the gross. */
export function amountLine(name: string, gross: number, rate: number): InvoiceLine {
  return line('amount', name, 1, -Math.abs(gross), -taxInGross(Math.abs(gross), rate), rate);
}

/** The lines taken back in full: each line of the invoice with its signs turned. */
export function negatedLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.map((l) => ({
    ...l,
    quantity: -l.quantity,
    net: -l.net,
    tax: -l.tax,
    gross: -l.gross,
  }));
}

export function totalsOf(lines: readonly InvoiceLine[]) {
  const rates = sumByRate(lines);
  const net = rates.reduce((sum, r) => sum + r.net, 0);
  const tax = rates.reduce((sum, r) => sum + r.tax, 0);
  return { rates, net, tax, gross: net + tax };
}

export function buyerOf(billing: OrderAddress): InvoiceDocument['buyer'] {
  return {
    name: `${billing.first_name} ${billing.last_name}`.trim(),
    company: billing.company,
    street: billing.address_1,
    street2: billing.address_2,
    postcode: billing.postcode,
    city: billing.city,
    country: billing.country,
    email: billing.email ?? '',
    vatId: billing.vat_id ?? '',
  };
}

/** Business buyers who gave a VAT id get the invoice as ZUGFeRD / Factur-X. */
export function wantsEInvoice(billing: OrderAddress): boolean {
  return Boolean(billing.vat_id?.trim());
}
