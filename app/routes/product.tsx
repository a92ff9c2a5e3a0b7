import { Link, useActionData } from 'react-router';
import { startingSession } from '#app/client/session-start.ts';
import type { Route } from './+types/product';
import { ComplianceDetails, hasComplianceDetails } from '#app/components/compliance.tsx';
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
import { addToCartState, useVariationChoice } from '#app/components/product/variation.ts';
import {
  EXPRESS_MESSAGE_AREAS,
  ExpressCheckout,
} from '#app/components/express/express-checkout.tsx';
import { type MessagesHandle, type TextKey, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { handleCartForm } from '#app/http/pages/cart-form.server.ts';
import { shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { swatchSettings } from '#app/domain/catalog/swatch-settings.server.ts';
import { galleryOptions } from '#app/domain/catalog/gallery-settings.server.ts';
import type { GalleryOptions } from '#app/domain/catalog/gallery-settings.view.ts';
import {
  type SwatchSettings,
  productForBrowser,
} from '#app/domain/catalog/swatch-settings.view.ts';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { listReviews, reviewPage, reviewSummary } from '#app/domain/reviews/reviews.server.ts';
import { formSettings, reviewSettings } from '#app/domain/reviews/review-settings.server.ts';
import { commentPage, ratingFilter } from '#app/domain/reviews/reviews.view.ts';
import { handleReviewForm } from '#app/http/pages/review-form.server.ts';
import { expressCheckoutParams } from '#app/http/stripe/express-page-data.server.ts';
import { isReviewActionData } from '#app/domain/reviews/review-form.view.ts';
import { Reviews } from '#app/components/product/reviews.tsx';
import { REVIEW_MESSAGE_AREAS } from '#app/components/product/review-personal.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { productSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';
import { LinkedProductGrid } from '#app/components/product-card-content.tsx';
import { productTagLinks, upsellCards } from '#app/domain/catalog/product-links.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data.product.name} | ${data.shopName}` },
  { name: 'description', content: data.product.shortDescription },
  ...data.seo.social,
];

export const handle = {
  messageAreas: [
    'product',
    'compliance',
    'price',
    'rating',
    'stock',
    'delivery',
    'unit',
    'subscription',
    'pagination',
    ...EXPRESS_MESSAGE_AREAS,
    ...REVIEW_MESSAGE_AREAS,
  ],
} satisfies MessagesHandle;

/** A comment page in the path (`/product/:slug/comment-page-2`); any other segment is not there. */
const COMMENT_PAGE_SEGMENT = /^comment-page-\d{1,6}$/;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, env, locale, currency, t } = context;
  const segment = (args.params as { commentPage?: string }).commentPage;
  if (segment !== undefined && !COMMENT_PAGE_SEGMENT.test(segment)) pageNotFound();
  const product = await getProduct(db, { slug: args.params.slug }, locale);
  if (!product) pageNotFound('error.product_not_found');
  const url = new URL(args.request.url);
  const replyTo = Number(url.searchParams.get('replytocom'));
  const [reviews, summary, page, settings, swatches, gallery, express, upsells, tags] =
    await Promise.all([
      listReviews(db, product.id),
      reviewSummary(db, product.id),
      reviewPage(db, {
        productId: product.id,
        page: commentPage(url),
        rating: ratingFilter(url.searchParams.get('rating')),
      }),
      reviewSettings(db),
      swatchSettings(db),
      galleryOptions(db),
      // Shared by every visitor (decision 0016): knows no session.
      expressCheckoutParams({ db, env, t, currency }, { kind: 'product', product }),
      upsellCards(db, product.id, locale),
      productTagLinks(db, product.id, locale),
    ]);
  return {
    product: productForBrowser(product, swatches.ajaxThreshold),
    reviews: {
      summary,
      page,
      settings: formSettings(settings, locale),
      replyTo: Number.isSafeInteger(replyTo) && replyTo > 0 ? replyTo : null,
    },
    swatches,
    gallery,
    express,
    upsells,
    tags,
    shopName: t('shop.name'),
    seo: productSeo(seoSite(context), product, reviews),
    moderated: url.searchParams.get('moderated'),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  // The comment form and the cart forms post to the product's page.
  const form = await args.request
    .clone()
    .formData()
    .catch(() => null);
  if (form?.get('intent') === 'review') {
    const { db, locale } = shop(args);
    const product = await getProduct(db, { slug: args.params.slug }, locale);
    if (!product) pageNotFound('error.product_not_found');
    return handleReviewForm(args, product.id);
  }
  return handleCartForm(args);
}

/** The cart and comment forms may start the session: never beside another call that may. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return startingSession(serverAction);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.seo.jsonLd} />
      <Product
        product={loaderData.product}
        reviews={loaderData.reviews}
        swatches={loaderData.swatches}
        gallery={loaderData.gallery}
        moderated={loaderData.moderated}
        express={loaderData.express}
        upsells={loaderData.upsells}
        tags={loaderData.tags}
      />
    </>
  );
}

function Product({
  product,
  reviews,
  swatches,
  gallery,
  moderated,
  express,
  upsells,
  tags,
}: {
  product: ProductDetail;
  upsells: Route.ComponentProps['loaderData']['upsells'];
  tags: Route.ComponentProps['loaderData']['tags'];
  express: Route.ComponentProps['loaderData']['express'];
  reviews: Route.ComponentProps['loaderData']['reviews'];
  swatches: SwatchSettings;
  gallery: GalleryOptions;
  moderated: string | null;
}) {
  const { t, locale } = useI18n();
  const posted = useActionData<typeof action>();
  const reviewPosted = isReviewActionData(posted) ? posted : undefined;
  const result = isReviewActionData(posted) ? undefined : posted;
  const selection = useVariationChoice(product);
  const shown = selection.variation;
  const compliance = shown?.compliance ?? product.compliance;
  // A grouped product is bought through its children, an external one at its seller's.
  const sellsItself = product.type !== 'grouped' && product.type !== 'external';
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
      {moderated && MODERATED.has(moderated) && (
        <Notice kind={['expired', 'invalid', 'missing'].includes(moderated) ? 'error' : 'success'}>
          {t(`reviews.moderated_${moderated}` as TextKey)}
        </Notice>
      )}
      <ProductSummary
        product={product}
        selection={selection}
        form={{ swatches }}
        gallery={gallery}
        afterForm={
          sellsItself && (
            <ExpressCheckout
              params={express}
              kind="product"
              separator="before"
              product={{
                variationId: shown?.id ?? null,
                attributes: selection.choice,
                addToCart: expressAddToCart(product, selection.lookup),
                unitPrice: (shown ?? product).price.active,
                formId: ADD_TO_CART_FORM_ID,
              }}
            />
          )
        }
      />
      {tags.length > 0 && (
        <p className="product-tags">
          <span>{t('product.tags_label')}:</span>{' '}
          {tags.map((tag, i) => (
            <span key={tag.slug}>
              {i > 0 && ', '}
              <Link to={`/product-tag/${tag.slug}`} rel="tag">
                {tag.name}
              </Link>
            </span>
          ))}
        </p>
      )}
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
              content: (
                <Reviews
                  product={{ id: product.id, name: product.name }}
                  summary={reviews.summary}
                  page={reviews.page}
                  settings={reviews.settings}
                  replyTo={reviews.replyTo}
                  posted={reviewPosted}
                />
              ),
            },
          ]}
        />
        {hasComplianceDetails(compliance) && (
          <section aria-labelledby="compliance-title" className="detail-section">
            <h2 id="compliance-title">{t('compliance.title')}</h2>
            <ComplianceDetails compliance={compliance} />
          </section>
        )}
      </div>
      {upsells.length > 0 && (
        <section aria-labelledby="upsells-title" className="upsells">
          <h2 id="upsells-title">{t('product.upsells_title')}</h2>
          <LinkedProductGrid products={upsells} />
        </section>
      )}
      {sellsItself && (
        <StickyAddToCart
          product={product}
          variation={shown}
          choice={selection.choice}
          formId={ADD_TO_CART_FORM_ID}
        />
      )}
    </div>
  );
}

/** The add-to-cart button's state as the express checkout's click rules read it (spec §4). */
function expressAddToCart(
  product: ProductDetail,
  lookup: ReturnType<typeof useVariationChoice>['lookup'],
): 'enabled' | 'needs-selection' | 'unavailable' {
  if (product.type !== 'variable') return 'enabled';
  const state = addToCartState(lookup);
  if (state === 'enabled') return 'enabled';
  return state === 'needs-selection' || state === 'loading' ? 'needs-selection' : 'unavailable';
}

const MODERATED = new Set([
  'approve',
  'unapprove',
  'spam',
  'delete',
  'expired',
  'invalid',
  'missing',
]);
