import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { CategoryLink } from '#app/domain/catalog/listing.view.ts';

/** The category tree with product counts; links keep the search, sort and filters. */
export function CategoryList({ nodes, query }: { nodes: CategoryLink[]; query: string }) {
  const { t } = useI18n();
  return (
    <ul className="filter-category-list">
      {nodes.map((c) => (
        <li key={c.slug}>
          <Link
            to={`/product-category/${c.slug}${query}`}
            aria-current={c.current ? 'page' : undefined}
          >
            {c.name}{' '}
            <span className="filter-count">{t('listing.filter_count', { count: c.count })}</span>
          </Link>
          {c.children.length > 0 && <CategoryList nodes={c.children} query={query} />}
        </li>
      ))}
    </ul>
  );
}
