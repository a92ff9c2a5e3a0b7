// The reports' figures as the page and its CSV show them; safe in the browser.
// Money in minor units, gross (with VAT) unless a name says net.

export type RevenuePeriod = {
  /** The period's first day, `YYYY-MM-DD`. */
  period: string;
  orders: number;
  gross: number;
  vat: number;
  net: number;
  refunds: number;
  /** Gross less refunds. */
  netRevenue: number;
};

export type RevenueReport = { totals: Omit<RevenuePeriod, 'period'>; periods: RevenuePeriod[] };

export type TaxTreatment = 'domestic' | 'destination' | 'reverse_charge' | 'export';

/** One VAT return line: sales of one treatment, destination country and rate, refunds taken off. */
export type TaxRow = {
  treatment: TaxTreatment;
  country: string;
  /** Percent, e.g. 19. */
  rate: number;
  net: number;
  vat: number;
  gross: number;
};

export type ProductRow = { productId: number; name: string; quantity: number; revenue: number };
export type CategoryRow = { categoryId: number; name: string; quantity: number; revenue: number };
export type CouponRow = { code: string; uses: number; discount: number };

export type CustomerGroup = { customers: number; orders: number; revenue: number };
export type CustomersReport = { new: CustomerGroup; returning: CustomerGroup };

export type ReportData = {
  revenue: RevenueReport;
  taxes: TaxRow[];
  products: { byRevenue: ProductRow[]; byQuantity: ProductRow[] };
  categories: CategoryRow[];
  coupons: CouponRow[];
  customers: CustomersReport;
};
