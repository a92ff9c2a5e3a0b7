import { Link, useActionData } from 'react-router';
import type { Route } from './+types/product';
import { ComplianceDetails } from '#app/components/compliance.tsx';
import { CartResultNotice } from '#app/components/cart/cart-result.tsx';
import { ProductSummary } from '#app/components/product/product-summary.tsx';
import { ProductDescription } from '#app/components/product/product-description.tsx';
import { ADD_TO_CART_FORM_ID } from '#app/components/product/add-to-cart-form.tsx';
import {
  ADDITIONAL_INFORMATION_TAB,
  ProductTabs,
  REVIEWS_TAB,
} from '#app/components/product/product-tabs.tsx';
import { StickyAddToCart } from '#app/components/product/sticky-add-to-cart.tsx';
import { useVariationChoice } from '#app/components/product/variation.ts';
import { Stars } from '#app/components/stars.tsx';
import { type MessagesHandle, formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { handleCartForm } from '#app/http/pages/cart-form.server.ts';
import { shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { swatchSettings } from '#app/domain/catalog/swatch-settings.server.ts';
import {
  type SwatchSettings,
  productForBrowser,
} from '#app/domain/catalog/swatch-settings.view.ts';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { listReviews } from '#app/domain/reviews/reviews.server.ts';
import { productSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data.product.name} | ${data.shopName}` },
  { name: 'description', content: data.product.shortDescription },
  ...data.seo.social,
];

export const handle = {
  messageAreas: ['product', 'compliance', 'price', 'rating', 'stock', 'delivery', 'unit'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, locale, t } = context;
  const product = await getProduct(db, { slug: args.params.slug }, locale);
  if (!product) pageNotFound('error.product_not_found');
  const [reviews, swatches] = await Promise.all([listReviews(db, product.id), swatchSettings(db)]);
  return {
    product: productForBrowser(product),
    reviews,
    swatches,
    shopName: t('shop.name'),
    seo: productSeo(seoSite(context), product, reviews),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleCartForm(args);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.seo.jsonLd} />
      <Product
        product={loaderData.product}
        reviews={loaderData.reviews}
        swatches={loaderData.swatches}
      />
    </>
  );
}

function Product({
  product,
  reviews,
  swatches,
}: {
  product: ProductDetail;
  reviews: Route.ComponentProps['loaderData']['reviews'];
  swatches: SwatchSettings;
}) {
  const { t, locale } = useI18n();
  const result = useActionData<typeof action>();
  const selection = useVariationChoice(product);
  const shown = selection.variation;
  const compliance = shown?.compliance ?? product.compliance;
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
      <CartResultNotice result={result} />
      <ProductSummary product={product} selection={selection} form={{ swatches }} />
      <div className="product-details">
        <ProductTabs
          label={t('product.details')}
          sections={[
            ...(product.description
              ? [
                  {
                    id: 'description',
                    label: t('product.description'),
                    content: <ProductDescription text={product.description} name={product.name} />,
                  },
                ]
              : []),
            ...(info.length > 0
              ? [
                  {
                    id: ADDITIONAL_INFORMATION_TAB,
                    label: t('product.additional_information'),
                    content: (
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
                    ),
                  },
                ]
              : []),
            {
              id: REVIEWS_TAB,
              label: t('product.reviews', { count: product.rating.count }),
              content: <Reviews reviews={reviews} />,
            },
          ]}
        />
        <section aria-labelledby="compliance-title" className="detail-section">
          <h2 id="compliance-title">{t('compliance.title')}</h2>
          <ComplianceDetails compliance={compliance} />
        </section>
      </div>
      <StickyAddToCart
        product={product}
        variation={shown}
        choice={selection.choice}
        formId={ADD_TO_CART_FORM_ID}
      />
    </div>
  );
}

function Reviews({ reviews }: { reviews: Route.ComponentProps['loaderData']['reviews'] }) {
  const { t, locale } = useI18n();
  return (
    <div id="reviews">
      {reviews.length === 0 ? (
        <p>{t('rating.none')}</p>
      ) : (
        <ol className="review-list" id="comments">
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
    </div>
  );
}
