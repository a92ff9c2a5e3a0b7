import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/cart';
import { Notice } from '#app/components/ui/notice.tsx';
import { Money, useMoney } from '#app/components/ui/price.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { Icon } from '#app/components/icon.tsx';
import { type MessageKey, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { handleCartForm } from '#app/lib/cart-form.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, currency, t, session } = shop(args);
  const cart = await loadCart(db, await session(), { currency, locale });
  return { cart, title: `${t('cart.title')} | ${t('shop.name')}` };
}

export async function action(args: Route.ActionArgs) {
  return handleCartForm(args);
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { cart } = loaderData;
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/cart');
  return (
    <div className="container cart-page">
      <h1>{t('cart.title')}</h1>
      {result && <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>}
      {cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <Link to="/shop" className="button">
            {t('cart.continue')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <Form
            method="post"
            className={`cart-form${busy ? ' is-busy' : ''}`}
            aria-busy={busy || undefined}
          >
            <input type="hidden" name="intent" value="update" />
            <table className="cart-table">
              <caption className="visually-hidden">{t('cart.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="cart-col-image">
                    <span className="visually-hidden">{t('product.gallery')}</span>
                  </th>
                  <th scope="col">{t('cart.product')}</th>
                  <th scope="col" className="cart-col-price">
                    {t('cart.price')}
                  </th>
                  <th scope="col">{t('cart.quantity')}</th>
                  <th scope="col" className="cart-col-subtotal">
                    {t('cart.subtotal')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('cart.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.map((line) => (
                  <tr key={line.key} className="cart-line">
                    <td className="cart-col-image">
                      {line.image && (
                        <ProductImage
                          image={{ ...line.image, alt: '' }}
                          size="thumb"
                          sizes="80px"
                        />
                      )}
                    </td>
                    <td className="cart-col-name">
                      <Link to={`/product/${line.slug}`}>{line.name}</Link>
                      {line.variation.length > 0 && (
                        <dl className="cart-variation">
                          {line.variation.map((v) => (
                            <div key={v.attribute}>
                              <dt>{v.attribute}:</dt> <dd>{v.value}</dd>
                            </div>
                          ))}
                        </dl>
                      )}
                      {line.unitPriceInfo && (
                        <span className="unit-price">
                          {t('price.unit', {
                            price: money(line.unitPriceInfo.amount),
                            base: `${line.unitPriceInfo.base === 1 ? '' : formatNumber(line.unitPriceInfo.base, locale) + '\u00a0'}${t(`unit.${line.unitPriceInfo.unit}` as MessageKey)}`,
                          })}
                        </span>
                      )}
                      {line.deposit && (
                        <span className="deposit-info">
                          {t('price.deposit', {
                            amount: money(line.deposit.unitAmount),
                            name: line.deposit.name,
                          })}
                        </span>
                      )}
                    </td>
                    <td className="cart-col-price">
                      {line.onSale && (
                        <del className="visually-hidden-mobile">{money(line.regularPrice)}</del>
                      )}{' '}
                      <Money amount={line.unitPrice} />
                    </td>
                    <td className="cart-col-quantity">
                      <label htmlFor={`qty-${line.key}`} className="visually-hidden">
                        {t('product.quantity_for', { name: line.name })}
                      </label>
                      {line.quantityRules.soldIndividually ? (
                        <span>1</span>
                      ) : (
                        <input
                          id={`qty-${line.key}`}
                          name={`quantity[${line.key}]`}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          max={line.quantityRules.max ?? undefined}
                          step={line.quantityRules.step}
                          defaultValue={line.quantity}
                          className="quantity-input"
                        />
                      )}
                    </td>
                    <td className="cart-col-subtotal">
                      <Money amount={line.lineTotal} />
                    </td>
                    <td className="cart-col-remove">
                      <button
                        type="submit"
                        name="remove"
                        value={line.key}
                        className="icon-button"
                        aria-label={t('cart.remove_item', { name: line.name })}
                      >
                        <Icon name="trash" size={20} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="cart-actions">
              <Link to="/shop" className="button button-secondary">
                {t('cart.continue')}
              </Link>
              <button type="submit" className="button button-secondary">
                {t('cart.update')}
              </button>
            </div>
          </Form>
          <section className="cart-totals" aria-labelledby="totals-title">
            <h2 id="totals-title">{t('cart.totals')}</h2>
            <table>
              <tbody>
                <tr>
                  <th scope="row">{t('cart.items_total')}</th>
                  <td>
                    <Money amount={cart.totals.items} />
                  </td>
                </tr>
                {cart.totals.deposit > 0 && (
                  <tr>
                    <th scope="row">{t('cart.deposit_total')}</th>
                    <td>
                      <Money amount={cart.totals.deposit} />
                    </td>
                  </tr>
                )}
                <tr>
                  <th scope="row">{t('cart.shipping')}</th>
                  <td className="muted">{t('cart.shipping_at_checkout')}</td>
                </tr>
                <tr className="order-total">
                  <th scope="row">{t('cart.total')}</th>
                  <td>
                    <strong>
                      <Money amount={cart.totals.total} />
                    </strong>
                  </td>
                </tr>
                {cart.totals.taxLines.map((line) => (
                  <tr key={line.rate} className="tax-line">
                    <th scope="row">
                      {t('cart.tax_line', { rate: formatRate(line.rate, locale) })}
                    </th>
                    <td>
                      <Money amount={line.amount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Link to="/checkout" className="button button-large button-block">
              {t('cart.checkout')}
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
