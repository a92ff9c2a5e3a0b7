import { useMemo, useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/product';
import { ComplianceDetails } from '#app/components/compliance.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { LegalPriceInfo, Price, UnitPrice } from '#app/components/ui/price.tsx';
import { QuantityInput } from '#app/components/ui/quantity-input.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { Stars } from '#app/components/stars.tsx';
import { type MessagesHandle, formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { handleCartForm } from '#app/http/pages/cart-form.server.ts';
import { shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { listReviews } from '#app/domain/reviews/reviews.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data.product.name} | ${data.shopName}` },
  { name: 'description', content: data.product.shortDescription },
];

export const handle = {
  messageAreas: ['product', 'compliance', 'price', 'rating', 'stock', 'delivery', 'unit'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, t } = shop(args);
  const product = await getProduct(db, { slug: args.params.slug }, locale);
  if (!product) pageNotFound('error.product_not_found');
  const reviews = await listReviews(db, product.id);
  return {
    product,
    reviews,
    shopName: t('shop.name'),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleCartForm(args);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <Product product={loaderData.product} reviews={loaderData.reviews} />;
}

function Product({
  product,
  reviews,
}: {
  product: ProductDetail;
  reviews: Route.ComponentProps['loaderData']['reviews'];
}) {
  const { t, locale } = useI18n();
  const result = useActionData<typeof action>();
  const [choice, setChoice] = useState<Record<string, string>>({});
  const variationAttributes = product.attributes.filter((a) => a.usedForVariations);
  const variation = useMemo(
    () => matchVariation(product.variations, choice, variationAttributes.length),
    [product.variations, choice, variationAttributes.length],
  );
  const shown = variation ?? null;
  const compliance = shown?.compliance ?? product.compliance;
  const gallery = shown?.image
    ? [shown.image, ...product.gallery.filter((g) => g.key !== shown.image!.key)]
    : product.gallery;
  const info = [
    ...(product.weightKg
      ? [
          [
            t('product.weight'),
            `${formatNumber(shown?.weightKg ?? product.weightKg, locale)} kg`,
          ] as const,
        ]
      : []),
    ...(product.dimensionsCm
      ? [
          [
            t('product.dimensions'),
            `${[product.dimensionsCm.length, product.dimensionsCm.width, product.dimensionsCm.height].map((n) => formatNumber(n, locale)).join(' × ')} cm`,
          ] as const,
        ]
      : []),
    ...product.attributes
      .filter((a) => a.visible)
      .map((a) => [a.name, a.terms.map((term) => term.name).join(', ')] as const),
  ];
  return (
    <div className="container product-page">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          {product.categories.slice(0, 1).map((c) => (
            <li key={c.slug}>
              <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
            </li>
          ))}
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>
      {result && (
        <Notice kind={result.ok ? 'success' : 'error'}>
          {result.message}{' '}
          {result.ok && (
            <Link to="/cart" className="notice-action">
              {t('product.view_cart')}
            </Link>
          )}
        </Notice>
      )}
      <div className="product-main">
        <Gallery key={gallery[0]?.key} images={gallery} name={product.name} />
        <div className="product-summary">
          <h1>{product.name}</h1>
          <p className="product-rating">
            <Stars
              average={product.rating.average}
              count={product.rating.count}
              showCount={false}
            />
            {product.rating.count > 0 && (
              <a href="#reviews">{t('rating.count', { count: product.rating.count })}</a>
            )}
          </p>
          <div className="product-price">
            <Price price={shown?.price ?? product.price} />
          </div>
          <UnitPrice unitPrice={compliance.unitPrice} />
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
            quantity={shown ? shown.stockQuantity : product.stockQuantity}
            low={product.lowStockAmount}
          />
          {product.shortDescription && (
            <p className="short-description">{product.shortDescription}</p>
          )}
          <AddToCartForm product={product} variation={shown} choice={choice} onChoice={setChoice} />
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
        </div>
      </div>
      <div className="product-details">
        {product.description && (
          <section aria-labelledby="description-title" className="detail-section">
            <h2 id="description-title">{t('product.description')}</h2>
            {product.description.split(/\n{2,}/).map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          </section>
        )}
        {info.length > 0 && (
          <section aria-labelledby="info-title" className="detail-section">
            <h2 id="info-title">{t('product.additional_information')}</h2>
            <table className="info-table">
              <tbody>
                {info.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <section aria-labelledby="compliance-title" className="detail-section">
          <h2 id="compliance-title">{t('compliance.title')}</h2>
          <ComplianceDetails compliance={compliance} />
        </section>
        <section aria-labelledby="reviews-title" className="detail-section" id="reviews">
          <h2 id="reviews-title">{t('product.reviews', { count: product.rating.count })}</h2>
          {reviews.length === 0 ? (
            <p>{t('rating.none')}</p>
          ) : (
            <ol className="review-list">
              {reviews.map((r) => (
                <li key={r.id} id={`comment-${r.id}`} className="review">
                  {r.rating !== null && <Stars average={r.rating} count={1} showCount={false} />}
                  <p className="review-meta">
                    <strong>{r.author}</strong> ·{' '}
                    <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
                    {r.verifiedOwner && (
                      <span className="verified"> · {t('product.verified_owner')}</span>
                    )}
                  </p>
                  <p>{r.content}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

function matchVariation(
  variations: VariationView[],
  choice: Record<string, string>,
  attributeCount: number,
): VariationView | undefined {
  if (attributeCount === 0 || Object.values(choice).filter(Boolean).length < attributeCount)
    return undefined;
  return variations.find((v) =>
    Object.entries(v.attributes).every(([k, term]) => term === '' || choice[k] === term),
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
  const text =
    status === 'instock' && quantity !== null && low !== null && quantity <= low
      ? t('stock.left', { count: quantity })
      : t(
          status === 'outofstock'
            ? 'stock.outofstock'
            : status === 'onbackorder'
              ? 'stock.onbackorder'
              : 'stock.instock',
        );
  return <p className={`stock stock-${status}`}>{text}</p>;
}

function Gallery({ images, name }: { images: ProductDetail['gallery']; name: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery" />;
  return (
    <div className="gallery" aria-label={t('product.gallery')} role="group">
      <a href={imageUrl(current.key, 'full')} className="gallery-main">
        <ProductImage image={current} size="large" eager sizes="(max-width: 849px) 100vw, 600px" />
      </a>
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('product.show_image', { index: i + 1 }) + ` – ${img.alt || name}`}
              >
                <ProductImage image={{ ...img, alt: '' }} size="thumb" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AddToCartForm({
  product,
  variation,
  choice,
  onChoice,
}: {
  product: ProductDetail;
  variation: VariationView | null;
  choice: Record<string, string>;
  onChoice: (c: Record<string, string>) => void;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const attrs = product.attributes.filter((a) => a.usedForVariations);
  const rules = variation?.quantity ?? product.quantity;
  const status = variation?.stockStatus ?? product.stockStatus;
  const selectionComplete = attrs.every((a) => choice[a.slug]);
  const unavailable =
    product.type === 'variable' &&
    selectionComplete &&
    (!variation || variation.stockStatus === 'outofstock' || !variation.isPurchasable);
  if (product.type === 'simple' && (status === 'outofstock' || !product.isPurchasable)) return null;
  return (
    <Form method="post" className="add-to-cart-form" preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      {attrs.map((a) => (
        <div className="field" key={a.slug}>
          <label htmlFor={`attribute_${a.slug}`}>{a.name}</label>
          <select
            id={`attribute_${a.slug}`}
            name={`attribute_${a.slug}`}
            required
            value={choice[a.slug] ?? ''}
            onChange={(e) => onChoice({ ...choice, [a.slug]: e.target.value })}
          >
            <option value="">{t('product.variant_select')}</option>
            {a.terms.map((term) => (
              <option key={term.slug} value={term.slug}>
                {term.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      {unavailable && (
        <p className="error-text" role="alert">
          {t('product.not_available')}
        </p>
      )}
      <div className="add-to-cart-row">
        {rules.soldIndividually ? (
          <>
            <input type="hidden" name="quantity" value="1" />
            <p className="hint">{t('product.sold_individually')}</p>
          </>
        ) : (
          <div className="field quantity-field">
            <QuantityInput
              id="quantity"
              name="quantity"
              label={t('product.quantity')}
              rules={rules}
              defaultValue={rules.min}
              required
            />
          </div>
        )}
        <button
          type="submit"
          className={`button button-large${busy ? ' is-loading' : ''}`}
          disabled={unavailable}
          aria-disabled={busy || undefined}
        >
          {t('product.add_to_cart')}
        </button>
      </div>
    </Form>
  );
}
