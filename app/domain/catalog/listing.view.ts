import type { ListingFacets, ListingFilters, ListingOrder } from './listing.ts';

/** A category of the listing's filter panel, with the products the other filters leave. */
export type CategoryLink = {
  slug: string;
  name: string;
  count: number;
  current: boolean;
  children: CategoryLink[];
};

/** What the listing's sort and filter forms carry: the search, the sort and the filters shown. */
export type ListingFormState = {
  search: string;
  /** The header search's category choice, kept through every form. */
  searchCategory: string;
  orderby: ListingOrder;
  filters: ListingFilters;
};

/** The filter panel's data: the forms' state with the categories and attribute terms to offer. */
export type ListingFilterData = ListingFormState & {
  categories: CategoryLink[];
  attributes: ListingFacets['attributes'];
};
