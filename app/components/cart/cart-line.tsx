import { Link } from 'react-router';
import { Icon } from '#app/components/icon.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { Overlay } from '#app/components/ui/overlay.tsx';
import { Money, UnitPrice, useMoney } from '#app/components/ui/price.tsx';
import { QuantityInput } from '#app/components/ui/quantity-input.tsx';
import type { CartLine as CartLineView } from '#app/domain/cart/cart.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * One line of the cart: a row of the cart page's table, or (`compact`) an item of the mini
 * cart's list. Both send the cart form's fields: `quantity[key]`, and `remove` = key from the
 * remove button, so whichever form holds the line handles them.
 */
export function CartLine({
  line,
  variant = 'row',
  busy = false,
  removeHref,
}: {
  line: CartLineView;
  variant?: 'row' | 'compact';
  /**
   * Mini cart: the line's remove link, WooCommerce's `a.remove_from_cart_button`, which its
   * script and the shop's own call `remove_from_cart` with; without scripts the link removes.
   */
  removeHref?: string;
  /** The line is being changed or removed (mini cart): blocked by the overlay meanwhile. */
  busy?: boolean;
}) {
  const { t } = useI18n();
  const money = useMoney();
  // The cart page and the mini cart can be on one page; their inputs need their own ids.
  const quantityId = `${variant === 'compact' ? 'mini-qty' : 'qty'}-${line.key}`;
  const quantityLabel = t('product.quantity_for', { name: line.name });

  const image = line.image && (
    <ProductImage image={{ ...line.image, alt: '' }} size="thumb" sizes="80px" />
  );
  const details = (
    <>
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
      <UnitPrice unitPrice={line.unitPriceInfo} />
      {line.deposit && (
        <span className="deposit-info">
          {t('price.deposit', { amount: money(line.deposit.unitAmount), name: line.deposit.name })}
        </span>
      )}
    </>
  );
  const price = (
    <>
      {line.onSale && <del className="visually-hidden-mobile">{money(line.regularPrice)}</del>}{' '}
      <Money amount={line.unitPrice} />
    </>
  );
  const quantity = line.quantityRules.soldIndividually ? (
    <>
      <label htmlFor={quantityId} className="visually-hidden">
        {quantityLabel}
      </label>
      <span>1</span>
    </>
  ) : (
    <QuantityInput
      id={quantityId}
      name={`quantity[${line.key}]`}
      label={quantityLabel}
      hideLabel
      // 0 is allowed here: setting a line to nothing removes it.
      rules={{ ...line.quantityRules, min: 0 }}
      defaultValue={line.quantity}
    />
  );
  const remove = (
    <button
      type="submit"
      name="remove"
      value={line.key}
      className="icon-button"
      aria-label={t('cart.remove_item', { name: line.name })}
    >
      <Icon name="trash" size={20} />
    </button>
  );

  if (variant === 'compact') {
    const removeLink = removeHref ? (
      <a
        href={removeHref}
        className="icon-button remove remove_from_cart_button"
        // It acts on the cart in place (the link is only the way without scripts): a button,
        // as the cart page's own remove control is.
        role="button"
        aria-label={t('cart.remove_item', { name: line.name })}
        data-cart_item_key={line.key}
        data-product_id={line.productId}
        data-product_sku={line.sku ?? ''}
        data-success_message={t('cart.removed', { name: line.name })}
      >
        <Icon name="trash" size={20} />
      </a>
    ) : (
      remove
    );
    return (
      <li className="cart-line cart-line-compact woocommerce-mini-cart-item mini_cart_item">
        <Overlay busy={busy} className="cart-line-grid">
          <div className="cart-line-image">{image}</div>
          <div className="cart-line-details">
            {details}
            <span className="cart-line-price">{price}</span>
          </div>
          <div className="cart-line-quantity">{quantity}</div>
          <div className="cart-line-total">
            <Money amount={line.lineTotal} />
          </div>
          <div className="cart-line-remove">{removeLink}</div>
        </Overlay>
      </li>
    );
  }
  return (
    <tr className="cart-line">
      <td className="cart-col-image">{image}</td>
      <td className="cart-col-name">{details}</td>
      <td className="cart-col-price">{price}</td>
      <td className="cart-col-quantity">{quantity}</td>
      <td className="cart-col-subtotal">
        <Money amount={line.lineTotal} />
      </td>
      <td className="cart-col-remove">{remove}</td>
    </tr>
  );
}
