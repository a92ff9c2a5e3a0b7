import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { LegalPriceInfo, LowestPriorPrice, Price, UnitPrice } from './ui/price.tsx';
import { ProductImage } from './product-image.tsx';
import { Stars } from './stars.tsx';

/**
 * A product card's picture, name and the price with its legal details; `children` are its
 * actions. Kept apart from the listing's interactive card so pages that show a few products
 * (upsells, cross-sells) do not load the quick view and the mini cart's script.
 */
export function ProductCardContent({
  product,
  eager,
  children,
}: {
  product: ProductSummary;
  eager?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const href = `/product/${product.slug}`;
  const soldOut = product.stockStatus === 'outofstock';
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-name`}>
      <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden="true">
        {product.image && (
          <ProductImage
            image={product.image}
            eager={eager}
            sizes="(max-width: 549px) 50vw, (max-width: 849px) 33vw, 300px"
          />
        )}
        {product.hoverImage && (
          <ProductImage
            image={product.hoverImage}
            className="hover-image"
            sizes="(max-width: 549px) 50vw, (max-width: 849px) 33vw, 300px"
          />
        )}
        {product.price.onSale && (
          <span className="badge badge-sale">{t('product.sale_badge')}</span>
        )}
        {soldOut && <span className="badge badge-soldout">{t('product.out_of_stock_badge')}</span>}
      </Link>
      <div className="product-card-body">
        <h3 className="product-card-title" id={`product-${product.id}-name`}>
          <Link to={href}>{product.name}</Link>
        </h3>
        <Stars average={product.rating.average} count={product.rating.count} showCount={false} />
        <div className="product-card-price">
          <Price price={product.price} />
        </div>
        <LowestPriorPrice price={product.price} />
        <UnitPrice unitPrice={product.unitPrice} />
        <LegalPriceInfo taxRate={product.taxRate} deposit={product.deposit} />
        {product.deliveryTime && (
          <p className="delivery-time">
            {t('delivery.time', { label: product.deliveryTime.label })}
          </p>
        )}
        {children}
      </div>
    </article>
  );
}

/**
 * Linked products (upsells, cross-sells) as cards whose actions are plain links and a plain
 * add-to-cart form: they work without the listing's script.
 */
export function LinkedProductGrid({ products }: { products: ProductSummary[] }) {
  const { t } = useI18n();
  return (
    <ul className="product-grid">
      {products.map((product) => {
        const href = `/product/${product.slug}`;
        const buyable =
          product.type === 'simple' &&
          product.isPurchasable &&
          product.stockStatus !== 'outofstock';
        const label = t(product.type === 'variable' ? 'product.choose_options' : 'product.view');
        return (
          <li key={product.id}>
            <ProductCardContent product={product}>
              <div className="card-action">
                {buyable ? (
                  <form method="post" action="/cart" className="card-add-to-cart">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="product_id" value={product.id} />
                    <button
                      type="submit"
                      className="button add-to-cart-button"
                      aria-label={`${t('product.add_to_cart')}: ${product.name}`}
                    >
                      {t('product.add_to_cart')}
                    </button>
                  </form>
                ) : (
                  <Link
                    to={href}
                    className="button button-secondary"
                    aria-label={`${label}: ${product.name}`}
                  >
                    {label}
                  </Link>
                )}
              </div>
            </ProductCardContent>
          </li>
        );
      })}
    </ul>
  );
}
