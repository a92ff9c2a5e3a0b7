import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { ProductCardContent } from './product-card-content.tsx';
import { QuickViewButton } from './product/quick-view.tsx';
import { Icon } from './icon.tsx';
import { ExternalBuyLink } from './product/grouped-form.tsx';
import { useMiniCart } from './cart/mini-cart-state.tsx';

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
  const href = `/product/${product.slug}`;
  const soldOut = product.stockStatus === 'outofstock';
  return (
    <ProductCardContent product={product} eager={eager}>
      <div className="card-action">
        <CardAction product={product} href={href} soldOut={soldOut} />
        <QuickViewButton product={product} />
      </div>
    </ProductCardContent>
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
  const mini = useMiniCart();
  const onCartPage = useLocation().pathname === '/cart';
  const [state, setState] = useState<'normal' | 'loading' | 'added'>('normal');
  const [error, setError] = useState<string | null>(null);
  if (product.external) {
    return (
      <>
        <ExternalBuyLink external={product.external} className="button" label={product.name} />
        <span className="card-result" aria-hidden="true" />
      </>
    );
  }
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
  const added = state === 'added';
  return (
    <form
      method="post"
      action="/cart"
      className="card-add-to-cart"
      onSubmit={(event) => {
        if (!mini) return;
        event.preventDefault();
        if (state === 'loading') return;
        const button = (event.nativeEvent as SubmitEvent).submitter;
        // WooCommerce's add-to-cart sends the button's data attributes as the request.
        const fields: Record<string, string> = { product_id: String(product.id), quantity: '1' };
        if (button instanceof HTMLElement) Object.assign(fields, button.dataset);
        setState('loading');
        setError(null);
        void mini.add(fields).then((outcome) => {
          if (outcome.ok) {
            setState('added');
          } else if (outcome.productUrl) {
            window.location.assign(outcome.productUrl);
          } else {
            setState('normal');
            setError(outcome.message ?? t('minicart.error'));
          }
        });
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      <button
        type="submit"
        className={`button add-to-cart-button${state === 'loading' ? ' is-loading' : ''}${added ? ' is-added' : ''}`}
        aria-label={`${t('product.add_to_cart')}: ${product.name}`}
        aria-busy={state === 'loading' || undefined}
        aria-disabled={state === 'loading' || undefined}
        data-product_id={product.id}
        data-quantity="1"
      >
        {t('product.add_to_cart')}
        {added && <Icon name="check" size={18} />}
      </button>
      <span className="card-result" role="status">
        {state === 'loading' && <span className="visually-hidden">{t('minicart.adding')}</span>}
        {added && <span className="visually-hidden">{t('minicart.added')}</span>}
        {added && !onCartPage && (
          <Link to="/cart" className="added-link">
            {t('product.view_cart')}
          </Link>
        )}
        {error && <span className="error-text">{error}</span>}
      </span>
    </form>
  );
}
