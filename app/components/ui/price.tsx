import { Link } from 'react-router';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import type { PriceView, UnitPriceView } from '#app/domain/catalog/catalog.view.ts';
import type { DepositView } from '#app/domain/compliance/compliance.view.ts';
import type { MessageKey, Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '#app/root.tsx';

/** The shop's currency code, as the root loader sends it. */
export function useCurrency(): string {
  return useRouteLoaderData<RootData>('root')?.currency ?? 'EUR';
}

export function useMoney() {
  const { locale } = useI18n();
  const currency = useCurrency();
  return (amount: number) => formatMoney(amount, currency, locale);
}

export function Money({ amount }: { amount: number }) {
  const money = useMoney();
  return <>{money(amount)}</>;
}

/** Price with a struck-through regular price on sale, announced in words to screen readers. */
export function Price({ price }: { price: PriceView }) {
  const { t } = useI18n();
  const money = useMoney();
  if (price.active === null) return null;
  if (price.range) {
    return (
      <span className="price">
        <span className="amount">
          {t('price.range', { min: money(price.range.min), max: money(price.range.max) })}
        </span>
      </span>
    );
  }
  if (price.onSale && price.regular !== null) {
    return (
      <span className="price price-sale">
        <del aria-hidden="true">{money(price.regular)}</del>
        <span className="visually-hidden">
          {t('price.regular_was', { price: money(price.regular) })}
        </span>{' '}
        <ins aria-hidden="true">{money(price.active)}</ins>
        <span className="visually-hidden">
          {t('price.sale_now', { price: money(price.active) })}
        </span>
      </span>
    );
  }
  return (
    <span className="price">
      <span className="amount">{money(price.active)}</span>
    </span>
  );
}

/**
 * Beside every reduced price (PAngV § 11): the lowest price of the 30 days before the
 * reduction, so the shopper can judge it.
 */
export function LowestPriorPrice({ price }: { price: PriceView }) {
  const { t } = useI18n();
  const money = useMoney();
  if (!price.onSale || price.lowestPrior === null || price.range) return null;
  return (
    <p className="lowest-prior-price">
      {t('price.lowest_prior', { price: money(price.lowestPrior) })}
    </p>
  );
}

type UnitPriceFigures = Pick<UnitPriceView, 'amount' | 'base' | 'unit'>;

/**
 * "12,49 € / kg" for a unit price: the words of the product page, the cart and the unit-price
 * refresh the server answers, so all three read the same.
 */
export function unitPriceText(
  unitPrice: UnitPriceFigures,
  { t, locale, money }: { t: Translate; locale: Locale; money: (amount: number) => string },
): string {
  const base = `${unitPrice.base === 1 ? '' : formatNumber(unitPrice.base, locale) + '\u00a0'}${t(`unit.${unitPrice.unit}` as MessageKey)}`;
  return t('price.unit', { price: money(unitPrice.amount), base });
}

/** Price per unit (per kg, per l …); a catalog price or a cart line's. */
export function UnitPrice({ unitPrice }: { unitPrice: UnitPriceFigures | null }) {
  const { t, locale } = useI18n();
  const money = useMoney();
  if (!unitPrice) return null;
  return <span className="unit-price">{unitPriceText(unitPrice, { t, locale, money })}</span>;
}

/** What the package holds ("Inhalt: 0,5 kg"), the quantity the unit price is worked out from. */
export function ProductUnits({
  unitPrice,
}: {
  unitPrice: Pick<UnitPriceView, 'productUnits' | 'unit'> | null;
}) {
  const { t, locale } = useI18n();
  if (!unitPrice) return null;
  return (
    <span className="product-units">
      {t('price.product_units', {
        units: `${formatNumber(unitPrice.productUnits, locale)}\u00a0${t(`unit.${unitPrice.unit}` as MessageKey)}`,
      })}
    </span>
  );
}

/** The notices German law requires beside every price: VAT included, shipping extra, deposit. */
export function LegalPriceInfo({
  taxRate,
  deposit,
  taxInfo,
  shippingCostsInfo,
}: {
  taxRate: number;
  deposit: DepositView | null;
  taxInfo?: string;
  shippingCostsInfo?: string;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const [before, after] = t('price.plus_shipping', { link: '\u0000' }).split('\u0000');
  return (
    <p className="legal-price-info">
      <span>{taxInfo || t('price.vat_included', { rate: formatRate(taxRate, locale) })}</span>{' '}
      <span>
        {before}
        <Link to="/versand-und-zahlung">{t('price.shipping_link')}</Link>
        {after}
      </span>
      {shippingCostsInfo && (
        <>
          <br />
          <span className="shipping-costs-info">{shippingCostsInfo}</span>
        </>
      )}
      {deposit && (
        <>
          <br />
          <span className="deposit-info">
            {t('price.deposit', {
              amount: money(deposit.amount),
              name: `${deposit.name}, ${t(deposit.packagingType === 'reusable' ? 'price.deposit_reusable' : 'price.deposit_disposable')}`,
            })}
          </span>
        </>
      )}
    </p>
  );
}
