import { Link, useFetcher } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { LegalPriceInfo, Price, UnitPrice } from './ui/price.tsx';
import { ProductImage } from './product-image.tsx';
import { Stars } from './stars.tsx';
import { QuickViewButton } from './product/quick-view.tsx';
import type { CartActionData } from '#app/http/pages/cart-form.view.ts';

export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: ProductSummary[];
  eagerCount?: number;
}) {
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function ProductCard({ product, eager }: { product: ProductSummary; eager?: boolean }) {
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
        <UnitPrice unitPrice={product.unitPrice} />
        <LegalPriceInfo taxRate={product.taxRate} deposit={product.deposit} />
        {product.deliveryTime && (
          <p className="delivery-time">
            {t('delivery.time', { label: product.deliveryTime.label })}
          </p>
        )}
        <div className="card-action">
          <CardAction product={product} href={href} soldOut={soldOut} />
          <QuickViewButton product={product} />
        </div>
      </div>
    </article>
  );
}

function CardAction({
  product,
  href,
  soldOut,
}: {
  product: ProductSummary;
  href: string;
  soldOut: boolean;
}) {
  const { t } = useI18n();
  const fetcher = useFetcher<CartActionData>();
  if (product.type !== 'simple' || soldOut || !product.isPurchasable) {
    return (
      <>
        <Link
          to={href}
          className="button button-secondary"
          aria-label={`${t(product.type === 'variable' ? 'product.choose_options' : 'product.view')}: ${product.name}`}
        >
          {t(product.type === 'variable' ? 'product.choose_options' : 'product.view')}
        </Link>
        {/* The add-to-cart answer's line, empty: every card's buttons sit at one height. */}
        <span className="card-result" aria-hidden="true" />
      </>
    );
  }
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" action="/cart" className="card-add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      <button
        type="submit"
        className={`button${busy ? ' is-loading' : ''}`}
        aria-label={`${t('product.add_to_cart')}: ${product.name}`}
        aria-disabled={busy || undefined}
      >
        {t('product.add_to_cart')}
      </button>
      <span className="card-result" role="status">
        {result?.ok && busy === false && (
          <Link to="/cart" className="added-link">
            {t('product.view_cart')}
          </Link>
        )}
        {result && !result.ok && <span className="error-text">{result.message}</span>}
      </span>
    </fetcher.Form>
  );
}
