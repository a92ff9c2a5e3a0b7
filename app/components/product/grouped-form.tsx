// A grouped product's children as a table: each with its price and the notices German law
// requires beside it, its stock and a quantity; one button adds every chosen quantity. A plain
// form: without JavaScript the server adds them and the page shows the answer.
import { Form, Link, useNavigation } from 'react-router';
import { QuantityInput } from '#app/components/ui/quantity-input.tsx';
import { LegalPriceInfo, Price, UnitPrice } from '#app/components/ui/price.tsx';
import type { GroupedChildView, ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { stockLineText } from '#app/domain/catalog/stock-line.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { ADD_TO_CART_FORM_ID } from './add-to-cart-form.tsx';

/** The field a child's quantity is posted in (WooCommerce's `quantity[ID]`). */
export const groupedQuantityField = (id: number) => `quantity[${id}]`;

export function GroupedForm({
  product,
  idPrefix = '',
}: {
  product: ProductDetail;
  idPrefix?: string;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const children = product.children ?? [];
  if (children.length === 0) return null;
  const buyable = children.some((c) => canBuy(c));
  return (
    <Form
      id={`${idPrefix}${ADD_TO_CART_FORM_ID}`}
      method="post"
      className="add-to-cart-form grouped-form"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="add-to-cart" value={product.id} />
      <div className="table-scroll">
        <table className="grouped-products">
          <caption className="visually-hidden">{t('product.grouped_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('product.grouped_product')}</th>
              <th scope="col">{t('product.grouped_price')}</th>
              <th scope="col">{t('product.grouped_stock')}</th>
              <th scope="col">{t('product.grouped_quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {children.map((child) => (
              <tr key={child.id}>
                <th scope="row">
                  <Link to={`/product/${child.slug}`}>{child.name}</Link>
                </th>
                <td>
                  <Price price={child.price} />
                  <UnitPrice unitPrice={child.unitPrice} />
                  {child.price.active !== null && (
                    <LegalPriceInfo taxRate={child.taxRate} deposit={child.deposit} />
                  )}
                  {child.deliveryTime && (
                    <p className="delivery-time">
                      {t('delivery.time', { label: child.deliveryTime.label })}
                    </p>
                  )}
                </td>
                <td>
                  <p className={`stock stock-${child.stockStatus}`}>
                    {stockLineText(t, child.stockStatus, null)}
                  </p>
                </td>
                <td>
                  {canBuy(child) ? (
                    <QuantityInput
                      id={`${idPrefix}grouped-quantity-${child.id}`}
                      name={groupedQuantityField(child.id)}
                      label={t('product.grouped_quantity_of', { name: child.name })}
                      hideLabel
                      rules={{
                        min: 0,
                        max: child.soldIndividually ? 1 : child.quantity.max,
                        step: child.quantity.step,
                      }}
                      defaultValue={0}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {buyable && (
        <div className="add-to-cart-row">
          <button
            type="submit"
            className={`button button-large${busy ? ' is-loading' : ''}`}
            aria-disabled={busy || undefined}
          >
            {t('product.add_to_cart')}
          </button>
        </div>
      )}
    </Form>
  );
}

function canBuy(child: GroupedChildView): boolean {
  return child.isPurchasable && child.stockStatus !== 'outofstock';
}

/** An external product's buy button: a link to the seller's page, marked as a paid link. */
export function ExternalBuyLink({
  external,
  className = 'button button-large',
  label,
}: {
  external: { url: string; buttonText: string };
  className?: string;
  label?: string;
}) {
  const { t } = useI18n();
  const text = external.buttonText || t('product.external_buy');
  return (
    <a
      href={external.url}
      rel="sponsored noopener"
      className={`${className} external-buy`}
      aria-label={label ? `${text}: ${label}` : undefined}
    >
      {text}
    </a>
  );
}
