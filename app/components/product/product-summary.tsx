import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  LegalPriceInfo,
  LowestPriorPrice,
  Price,
  ProductUnits,
  UnitPrice,
} from '#app/components/ui/price.tsx';
import { SubscriptionPrice } from '#app/components/subscription/subscription-terms.tsx';
import { Stars } from '#app/components/stars.tsx';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { stockLineText } from '#app/domain/catalog/stock-line.ts';
import {
  DEFAULT_SWATCH_SETTINGS,
  variationStockLeft,
} from '#app/domain/catalog/swatch-settings.view.ts';
import { type MessageArea, formatDate, useI18n } from '#app/lib/i18n.ts';
import {
  ADD_TO_CART_FORM_ID,
  AddToCartForm,
  type AddToCartFormProps,
} from './add-to-cart-form.tsx';
import type { GalleryOptions } from '#app/domain/catalog/gallery-settings.view.ts';
import { Gallery } from './gallery.tsx';
import { ExternalBuyLink, GroupedForm } from './grouped-form.tsx';
import { LiveUnitPrice } from './live-unit-price.tsx';
import type { VariationChoice } from './variation.ts';

/** The catalog parts the summary's texts come from. */
export const PRODUCT_SUMMARY_MESSAGES = [
  'product',
  'compliance',
  'price',
  'rating',
  'stock',
  'delivery',
  'unit',
  'subscription',
] as const satisfies readonly MessageArea[];

export type ProductSummaryProps = {
  product: ProductDetail;
  selection: VariationChoice;
  /** The name's heading level; false where a dialog title already names the product. */
  heading?: 'h1' | 'h2' | false;
  /** Set outside the product page: rating and a "full details" link then lead there. */
  productUrl?: string;
  /** How the add-to-cart form posts (see AddToCartForm). */
  form?: Pick<AddToCartFormProps, 'action' | 'fetcher' | 'idPrefix' | 'swatches'>;
  gallerySizes?: string;
  /** Hover zoom and lightbox on or off (shop setting); both on when not given. */
  gallery?: GalleryOptions;
  /** Shown right below the add-to-cart form (the express checkout on the product page). */
  afterForm?: ReactNode;
};

/**
 * Gallery, name, rating, price with every legal notice, stock and the add-to-cart form: what the
 * product page shows above its details, and what the quick view shows.
 */
export function ProductSummary({
  product,
  selection,
  heading = 'h1',
  productUrl,
  form,
  gallerySizes,
  gallery: galleryOptions,
  afterForm,
}: ProductSummaryProps) {
  const { t, locale } = useI18n();
  const shown = selection.variation;
  const compliance = shown?.compliance ?? product.compliance;
  const gallery = shown?.image
    ? [shown.image, ...product.gallery.filter((g) => g.key !== shown.image!.key)]
    : product.gallery;
  const Heading = heading || null;
  const hasUnitPrice = product.compliance.unitPrice !== null || product.variationsHaveUnitPrice;
  return (
    <div className="product-main">
      <Gallery
        images={gallery}
        name={product.name}
        sizes={gallerySizes}
        hashId={productUrl ? undefined : 1}
        options={galleryOptions}
      />
      <div className="product-summary">
        {Heading && <Heading>{product.name}</Heading>}
        <p className="product-rating">
          <Stars average={product.rating.average} count={product.rating.count} showCount={false} />
          {product.rating.count > 0 && (
            <a href={`${productUrl ?? ''}#reviews`}>
              {t('rating.count', { count: product.rating.count })}
            </a>
          )}
        </p>
        {product.subscription && product.price.active !== null ? (
          <SubscriptionPrice price={product.price.active} terms={product.subscription} />
        ) : (
          <div className="product-price">
            <Price price={shown?.price ?? product.price} />
          </div>
        )}
        <LowestPriorPrice price={shown?.price ?? product.price} />
        {hasUnitPrice ? (
          <LiveUnitPrice
            productId={shown?.id ?? product.id}
            price={shown?.price ?? product.price}
            unitPrice={compliance.unitPrice}
            formId={`${form?.idPrefix ?? ''}${ADD_TO_CART_FORM_ID}`}
          />
        ) : (
          <UnitPrice unitPrice={compliance.unitPrice} />
        )}
        <ProductUnits unitPrice={compliance.unitPrice} />
        <LegalPriceInfo
          taxRate={product.taxRate}
          deposit={compliance.deposit}
          taxInfo={compliance.taxInfo}
          shippingCostsInfo={compliance.shippingCostsInfo}
        />
        {product.price.saleEndsAt && (
          <p className="sale-until">
            {t('price.sale_until', { date: formatDate(product.price.saleEndsAt, locale) })}
          </p>
        )}
        {compliance.deliveryTime && (
          <p className="delivery-time">
            {t('delivery.time', { label: compliance.deliveryTime.label })}
          </p>
        )}
        <StockLine
          status={shown?.stockStatus ?? product.stockStatus}
          quantity={
            shown
              ? variationStockLeft(
                  shown,
                  shown.stockStatus !== 'outofstock',
                  (form?.swatches ?? DEFAULT_SWATCH_SETTINGS).stockLabelThreshold,
                )
              : product.stockQuantity
          }
          low={shown ? Number.POSITIVE_INFINITY : product.lowStockAmount}
        />
        {product.shortDescription && (
          <p className="short-description">{product.shortDescription}</p>
        )}
        {product.type === 'grouped' ? (
          // The quick view leads to the page, where the table is.
          !productUrl && <GroupedForm product={product} idPrefix={form?.idPrefix} />
        ) : product.external ? (
          <p className="external-buy-row">
            <ExternalBuyLink external={product.external} />
          </p>
        ) : (
          <AddToCartForm product={product} selection={selection} {...form} />
        )}
        {afterForm}
        <ul className="product-meta">
          {(shown?.sku ?? product.sku) && (
            <li>{t('product.sku', { sku: (shown?.sku ?? product.sku)! })}</li>
          )}
          {(shown?.gtin ?? product.gtin) && (
            <li>{t('product.gtin', { gtin: (shown?.gtin ?? product.gtin)! })}</li>
          )}
          {product.categories.length > 0 && (
            <li>
              {t('product.categories')}:{' '}
              {product.categories.map((c, i) => (
                <span key={c.slug}>
                  {i > 0 && ', '}
                  <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
                </span>
              ))}
            </li>
          )}
        </ul>
        {productUrl && (
          <p className="product-full-details">
            <Link to={productUrl} className="button button-secondary">
              {t('product.full_details')}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

function StockLine({
  status,
  quantity,
  low,
}: {
  status: string;
  quantity: number | null;
  low: number | null;
}) {
  const { t } = useI18n();
  const few = status === 'instock' && quantity !== null && low !== null && quantity <= low;
  const text = stockLineText(t, status, few ? quantity : null);
  return <p className={`stock stock-${status}`}>{text}</p>;
}
