import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ProductGrid } from '#app/components/product-card.tsx';
import { ProductImage } from '#app/components/product-image.tsx';
import { Icon } from '#app/components/icon.tsx';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { shop } from '#app/http/request.server.ts';
import { categoryTree, listProducts } from '#app/domain/catalog/catalog.server.ts';
import { homeSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
  ...(data?.seo.social ?? []),
];

export const handle = {
  messageAreas: ['home', 'product', 'price', 'rating', 'delivery', 'unit', 'ui.close'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, locale, t } = context;
  const [featured, categories] = await Promise.all([
    listProducts(db, { locale, page: 1, perPage: 8, featured: true }),
    categoryTree(db, locale),
  ]);
  return {
    title: `${t('shop.name')} – ${t('shop.tagline')}`,
    description: t('home.hero_lead'),
    featured: featured?.items ?? [],
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
          <div className="hero-pictures" aria-hidden="true">
            {loaderData.featured
              .filter((p) => p.image)
              .slice(0, 3)
              .map((p, i) => (
                <ProductImage
                  key={p.id}
                  image={{ ...p.image!, alt: '' }}
                  size="medium"
                  eager={i === 0}
                  sizes="(max-width: 849px) 0px, 260px"
                />
              ))}
          </div>
        </div>
      </section>
      <ul className="container usp-list">
        <li>
          <Icon name="truck" /> {t('home.usp_shipping')}
        </li>
        <li>
          <Icon name="undo" /> {t('home.usp_returns')}
        </li>
        <li>
          <Icon name="shield" /> {t('home.usp_secure')}
        </li>
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
      <section className="container section" aria-labelledby="featured-title">
        <h2 id="featured-title">{t('home.featured')}</h2>
        <ProductGrid products={loaderData.featured} eagerCount={4} />
      </section>
    </>
  );
}
