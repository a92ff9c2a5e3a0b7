import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import {
  type ListingFilters,
  type ListingOrder,
  listingQuery,
  parseListingParams,
} from '#app/domain/catalog/listing.ts';
import type { ListingFormState } from '#app/domain/catalog/listing.view.ts';

/** The state the forms show: where a pending navigation leads, else the page's own. */
export function usePendingFilters(d: ListingFormState): {
  orderby: ListingOrder;
  filters: ListingFilters;
} {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.location && navigation.location.pathname === location.pathname) {
    return parseListingParams(new URLSearchParams(navigation.location.search));
  }
  return { orderby: d.orderby, filters: d.filters };
}

/** Where a change of sort or filters leads: the listing URL for the form's current values. */
export function useListingNavigate(d: Pick<ListingFormState, 'search' | 'searchCategory'>) {
  const navigate = useNavigate();
  const { locale } = useI18n();
  const location = useLocation();
  return (params: URLSearchParams) => {
    const { orderby, filters } = parseListingParams(params);
    const query = listingQuery(
      { search: d.search, category: d.searchCategory, orderby, filters },
      locale,
    );
    void navigate(`${location.pathname}${query}`, { preventScrollReset: true });
  };
}
