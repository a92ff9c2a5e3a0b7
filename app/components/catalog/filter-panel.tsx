import { useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import { FILTER_PREFIX, defaultOrder, listingQuery } from '#app/domain/catalog/listing.ts';
import type { ListingFilterData } from '#app/domain/catalog/listing.view.ts';
import { CategoryList } from './category-list.tsx';
import { PriceInput } from './price-input.tsx';
import { usePendingFilters } from './use-listing-navigation.ts';

/**
 * The listing's filters: categories as links, then price, attribute terms, availability and
 * rating in one GET form that applies on change (price fields when left) and works without
 * JavaScript.
 */
export function FilterPanel({
  data: d,
  idPrefix,
  onApply,
}: {
  data: ListingFilterData;
  idPrefix: string;
  onApply: (params: URLSearchParams) => void;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const pending = usePendingFilters(d);
  const id = (name: string) => `${idPrefix}-${name}`;
  const f = pending.filters;
  const chosen = (attribute: string, term: string) =>
    f.attributes?.some((a) => a.attribute === attribute && a.terms.includes(term)) ?? false;
  const submit = (form: HTMLFormElement) =>
    onApply(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  const categoryQuery = listingQuery(
    { search: d.search, orderby: d.orderby, filters: d.filters },
    locale,
  );
  return (
    <div className="filter-panel">
      {d.categories.length > 0 && (
        <nav className="filter-categories" aria-labelledby={id('categories')}>
          <h3 id={id('categories')} className="filter-title">
            {t('listing.filter_categories')}
          </h3>
          <CategoryList nodes={d.categories} query={categoryQuery} />
        </nav>
      )}
      <form
        method="get"
        action={location.pathname}
        className="filter-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
        onChange={(e) => {
          // Price fields apply when left or submitted, not at every keystroke.
          if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
          submit(e.currentTarget);
        }}
      >
        {d.search && <input type="hidden" name="s" value={d.search} />}
        {d.searchCategory && <input type="hidden" name="product_cat" value={d.searchCategory} />}
        {d.orderby !== defaultOrder(Boolean(d.search)) && (
          <input type="hidden" name="orderby" value={d.orderby} />
        )}
        <fieldset className="filter-group">
          <legend className="filter-title">{t('listing.filter_price')}</legend>
          <div className="filter-price">
            <PriceInput
              id={id('min-price')}
              name="min_price"
              label={t('listing.filter_min_price')}
              amount={d.filters.minPrice}
              onCommit={submit}
            />
            <PriceInput
              id={id('max-price')}
              name="max_price"
              label={t('listing.filter_max_price')}
              amount={d.filters.maxPrice}
              onCommit={submit}
            />
          </div>
        </fieldset>
        {d.attributes.map((a) => (
          <fieldset key={a.slug} className="filter-group">
            <legend className="filter-title">{a.name}</legend>
            <ul className="filter-options">
              {a.terms.map((term) => (
                <li key={term.slug}>
                  <input
                    type="checkbox"
                    id={id(`${a.slug}-${term.slug}`)}
                    name={`${FILTER_PREFIX}${a.slug}`}
                    value={term.slug}
                    checked={chosen(a.slug, term.slug)}
                    onChange={() => {}}
                  />
                  <label htmlFor={id(`${a.slug}-${term.slug}`)}>
                    {term.name}{' '}
                    <span className="filter-count">
                      {t('listing.filter_count', { count: term.count })}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <fieldset className="filter-group">
          <legend className="filter-title">{t('listing.filter_availability')}</legend>
          <ul className="filter-options">
            <li>
              <input
                type="checkbox"
                id={id('instock')}
                name="stock_status"
                value="instock"
                checked={f.stockStatus?.includes('instock') ?? false}
                onChange={() => {}}
              />
              <label htmlFor={id('instock')}>{t('listing.filter_instock')}</label>
            </li>
            <li>
              <input
                type="checkbox"
                id={id('on-sale')}
                name="on_sale"
                value="1"
                checked={f.onSale ?? false}
                onChange={() => {}}
              />
              <label htmlFor={id('on-sale')}>{t('listing.filter_on_sale')}</label>
            </li>
          </ul>
        </fieldset>
        <fieldset className="filter-group">
          <legend className="filter-title">{t('listing.filter_rating')}</legend>
          <ul className="filter-options">
            {[0, 4, 3, 2, 1].map((rating) => (
              <li key={rating}>
                <input
                  type="radio"
                  id={id(`rating-${rating}`)}
                  name="rating_filter"
                  value={rating === 0 ? '' : String(rating)}
                  checked={(f.minRating ?? 0) === rating}
                  onChange={() => {}}
                />
                <label htmlFor={id(`rating-${rating}`)}>
                  {rating === 0
                    ? t('listing.filter_rating_any')
                    : t('listing.filter_rating_min', { count: rating })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button button-secondary button-small">
          {t('listing.filters_apply')}
        </button>
      </form>
    </div>
  );
}
