import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import {
  type ListingFilters,
  filterSearchParams,
  listingOrders,
} from '#app/domain/catalog/listing.ts';
import type { ListingFormState } from '#app/domain/catalog/listing.view.ts';
import { usePendingFilters } from './use-listing-navigation.ts';

/** Hidden fields that carry the current filters through the sort form without JavaScript. */
function FilterHiddenFields({ filters }: { filters: ListingFilters }) {
  const { locale } = useI18n();
  return (
    <>
      {[...filterSearchParams(filters, locale)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The listing's sort order: applied on change, with a button where JavaScript is off. */
export function SortForm({
  data: d,
  onApply,
}: {
  data: ListingFormState;
  onApply: (params: URLSearchParams) => void;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const pending = usePendingFilters(d);
  return (
    <form
      method="get"
      className="sort-form"
      onChange={(e) => {
        e.preventDefault();
        const params = new URLSearchParams(
          new FormData(e.currentTarget) as unknown as Record<string, string>,
        );
        onApply(params);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(
          new URLSearchParams(new FormData(e.currentTarget) as unknown as Record<string, string>),
        );
      }}
    >
      {d.search && <input type="hidden" name="s" value={d.search} />}
      {d.searchCategory && <input type="hidden" name="product_cat" value={d.searchCategory} />}
      <FilterHiddenFields filters={d.filters} />
      <label htmlFor="orderby">{t('listing.sort_label')}</label>
      <select id="orderby" name="orderby" value={pending.orderby} onChange={() => {}}>
        {listingOrders(Boolean(d.search)).map((o) => (
          <option key={o} value={o}>
            {t(`listing.sort.${o}` as TextKey)}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button-secondary button-small">
          {t('listing.sort_apply')}
        </button>
      )}
    </form>
  );
}
