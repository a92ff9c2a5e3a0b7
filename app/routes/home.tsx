import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ProductGrid } from '#app/components/product-card.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { Icon } from '#app/components/icon.tsx';
import { InstagramFeed } from '#app/components/site/instagram.tsx';
import { useShopClaims } from '#app/components/site/shop-claims.tsx';
import { CountUp } from '#app/components/chrome/count-up.tsx';
import { type HeroSlide, HeroSlider } from '#app/components/chrome/hero-slider.tsx';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { shop } from '#app/http/request.server.ts';
import { categoryTree } from '#app/domain/catalog/catalog.server.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import { homeSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';
import { instagramSetting } from '#app/domain/social/instagram.server.ts';
import { catalogFacts } from '#app/domain/reviews/facts.server.ts';
import type { CategoryNode, ProductSummary } from '#app/domain/catalog/catalog.view.ts';

const MAX_SLIDES = 5;

/** Slides of featured products with a picture; too few of those, then the top categories. */
function heroSlides(featured: ProductSummary[], categories: CategoryNode[]): HeroSlide[] {
  const products = featured
    .filter((p) => p.image)
    .slice(0, MAX_SLIDES)
    .map((p) => ({
      key: `product-${p.id}`,
      href: `/product/${p.slug}`,
      title: p.name,
      text: p.shortDescription,
      image: p.image!,
    }));
  if (products.length >= 2) return products;
  return categories
    .filter((c) => c.image)
    .slice(0, MAX_SLIDES)
    .map((c) => ({
      key: `category-${c.id}`,
      href: `/product-category/${c.slug}`,
      title: c.name,
      text: c.description,
      image: c.image!,
    }));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
  ...(data?.seo.social ?? []),
];

export const handle = {
  messageAreas: ['home', 'product', 'price', 'rating', 'delivery', 'unit', 'stock', 'ui.close'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, locale, t } = context;
  const [featured, categories, facts, instagram] = await Promise.all([
    listProducts(db, { locale, page: 1, perPage: 8, featured: true }),
    categoryTree(db, locale),
    catalogFacts(db),
    instagramSetting(db),
  ]);
  const featuredItems = featured?.items ?? [];
  const band = categories.find((c) => c.image && c.description);
  return {
    title: `${t('shop.name')} – ${t('shop.tagline')}`,
    description: t('home.hero_lead'),
    featured: featuredItems,
    slides: heroSlides(featuredItems, categories),
    band: band
      ? { slug: band.slug, name: band.name, text: band.description, image: band.image! }
      : null,
    facts,
    // The widget asks for the feed only when an account is set up.
    instagram: instagram.account !== '',
    categories: categories.map(({ slug, name, image }) => ({ slug, name, image })),
    seo: homeSeo(seoSite(context), {
      title: `${t('shop.name')} – ${t('shop.tagline')}`,
      description: t('home.hero_lead'),
      image: featured?.items.find((p) => p.image)?.image ?? null,
    }),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const claims = useShopClaims();
  return (
    <>
      <JsonLd data={loaderData.seo.jsonLd} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div className="hero-text">
            <h1 id="hero-title">{t('home.title', { name: t('shop.name') })}</h1>
            <p className="hero-lead">{t('home.hero_lead')}</p>
            <Link to="/shop" className="button button-large">
              {t('home.hero_cta')}
            </Link>
          </div>
          <HeroSlider slides={loaderData.slides} label={t('home.slider_label')} />
        </div>
      </section>
      <ul className="container usp-list">
        {claims.freeShipping && (
          <li>
            <Icon name="truck" /> {claims.freeShipping}
          </li>
        )}
        <li>
          <Icon name="undo" /> {t('home.usp_returns')}
        </li>
        {claims.securePayment && (
          <li>
            <Icon name="shield" /> {t('home.usp_secure')}
          </li>
        )}
      </ul>
      <section className="container section" aria-labelledby="categories-title">
        <h2 id="categories-title">{t('home.categories')}</h2>
        <ul className="category-tiles">
          {loaderData.categories.map((c) => (
            <li key={c.slug}>
              <Link to={`/product-category/${c.slug}`} className="category-tile">
                {c.image && (
                  <ProductImage image={{ ...c.image, alt: '' }} size="thumb" sizes="160px" />
                )}
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {loaderData.band && (
        <section className="parallax-band" aria-labelledby="band-title">
          <div className="parallax-media" aria-hidden="true">
            <ProductImage image={{ ...loaderData.band.image, alt: '' }} size="full" sizes="100vw" />
          </div>
          <div className="container parallax-content">
            <div className="parallax-panel">
              <h2 id="band-title">{loaderData.band.name}</h2>
              <p>{loaderData.band.text}</p>
              <Link to={`/product-category/${loaderData.band.slug}`} className="button">
                {t('home.band_cta', { name: loaderData.band.name })}
              </Link>
            </div>
          </div>
        </section>
      )}
      <section className="container section" aria-labelledby="featured-title">
        <h2 id="featured-title">{t('home.featured')}</h2>
        <ProductGrid products={loaderData.featured} eagerCount={4} />
      </section>
      <section className="container section home-facts" aria-labelledby="facts-title">
        <h2 id="facts-title">{t('home.facts_title', { name: t('shop.name') })}</h2>
        <dl className="facts-list">
          {(
            [
              ['home.fact_products', loaderData.facts.products],
              ['home.fact_categories', loaderData.facts.categories],
              ['home.fact_reviews', loaderData.facts.reviews],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="fact">
              <dt>{t(label)}</dt>
              <dd>
                <CountUp value={value} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {loaderData.instagram && <InstagramFeed />}
    </>
  );
}
