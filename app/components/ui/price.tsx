import { Link } from 'react-router';
import { formatNumber, useI18n } from '#app/lib/i18n.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import type { PriceView, UnitPriceView } from '#app/domain/catalog/catalog.view.ts';
import type { DepositView } from '#app/domain/compliance/compliance.view.ts';
import type { MessageKey } from '#app/lib/i18n.ts';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '#app/root.tsx';

export function useMoney() {
  const { locale } = useI18n();
  const currency = useRouteLoaderData<RootData>('root')?.currency ?? 'EUR';
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

/** Price per unit (per kg, per l …); a catalog price or a cart line's. */
export function UnitPrice({
  unitPrice,
}: {
  unitPrice: Pick<UnitPriceView, 'amount' | 'base' | 'unit'> | null;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  if (!unitPrice) return null;
  const base = `${unitPrice.base === 1 ? '' : formatNumber(unitPrice.base, locale) + '\u00a0'}${t(`unit.${unitPrice.unit}` as MessageKey)}`;
  return (
    <span className="unit-price">{t('price.unit', { price: money(unitPrice.amount), base })}</span>
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
