import { Form, Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import { Icon } from '../icon.tsx';

/** What a search page shows when nothing matched: a spelling hint, categories, a new search. */
export function NoSearchResults({
  query,
  suggestion,
  categories,
}: {
  query: string;
  suggestion: string | null;
  categories: { slug: string; name: string }[];
}) {
  const { t } = useI18n();
  const [before, after] = t('search_results.did_you_mean', { suggestion: '\u0000' }).split(
    '\u0000',
  );
  return (
    <section className="no-search-results" aria-labelledby="no-search-results-title">
      <h2 id="no-search-results-title">{t('search_results.no_results_title', { query })}</h2>
      {suggestion && (
        <p className="search-spelling">
          {before}
          <Link to={`/shop?${new URLSearchParams({ s: suggestion })}`}>
            <strong>{suggestion}</strong>
          </Link>
          {after}
        </p>
      )}
      <p>{t('search_results.no_results_tips')}</p>
      {categories.length > 0 && (
        <nav aria-label={t('nav.categories')}>
          <ul className="chip-list">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Form method="get" action="/shop" className="search-again" role="search">
        <label htmlFor="search-again-input">{t('search_results.again')}</label>
        <div className="search-again-row">
          <input
            id="search-again-input"
            type="search"
            name="s"
            defaultValue={query}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit" className="button">
            <Icon name="search" size={18} /> {t('search.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}
