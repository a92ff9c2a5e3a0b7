import { useEffect, useMemo, useState } from 'react';
import { fetchJson } from '#app/client/fetch-json.ts';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import {
  type SwatchSettings,
  variationsLeftOut,
} from '#app/domain/catalog/swatch-settings.view.ts';
import type { VariationAnswer } from '#app/domain/catalog/variation.view.ts';

export type Choice = Record<string, string>;

/** Whether a variation offers `term` for `attribute` ("any" offers every term). */
function offers(v: VariationView, attribute: string, term: string): boolean {
  const own = v.attributes[attribute];
  return own === undefined || own === '' || own === term;
}

/** Variations that agree with every chosen value, leaving out `except`. */
function compatible(variations: readonly VariationView[], choice: Choice, except?: string) {
  return variations.filter((v) =>
    Object.entries(choice).every(([a, term]) => !term || a === except || offers(v, a, term)),
  );
}

/** A variation a shopper may choose at all: it has a price and is published. */
const isEnabled = (v: VariationView) => v.isPurchasable;
const isSellable = (v: VariationView) => v.isPurchasable && v.stockStatus !== 'outofstock';

/** The variation whose attributes match every chosen value; none until all are chosen. */
export function matchVariation(
  variations: VariationView[],
  choice: Choice,
  attributeCount: number,
): VariationView | undefined {
  if (attributeCount === 0 || Object.values(choice).filter(Boolean).length < attributeCount)
    return undefined;
  return variations.find((v) =>
    Object.entries(v.attributes).every(([k, term]) => term === '' || choice[k] === term),
  );
}

export type SwatchState = 'selected' | 'disabled' | 'no-stock' | 'normal';

/**
 * One swatch's state. In ajax-variation mode nothing is disabled; otherwise a term is disabled
 * unless an enabled variation matches it together with the other chosen values, and marked
 * no-stock when every such variation is out of stock.
 */
export function swatchState(
  variations: readonly VariationView[],
  choice: Choice,
  attribute: string,
  term: string,
  ajax: boolean,
): SwatchState {
  if (choice[attribute] === term) return 'selected';
  if (ajax) return 'normal';
  const candidates = compatible(variations, choice, attribute).filter(
    (v) => isEnabled(v) && offers(v, attribute, term),
  );
  if (candidates.length === 0) return 'disabled';
  return candidates.some(isSellable) ? 'normal' : 'no-stock';
}

/** Whether a swatch in this state reacts to a click. */
export function isClickable(state: SwatchState, settings: SwatchSettings): boolean {
  if (state === 'disabled') return false;
  if (state === 'no-stock') return settings.clickableOutOfStock;
  return true;
}

/**
 * The choice after a click on `term`: a click on the selected term clears it when
 * clear-on-reselect is on; with deselect-unavailable on, other chosen values that have no
 * in-stock match with the new one are cleared.
 */
export function chooseTerm(
  variations: readonly VariationView[],
  choice: Choice,
  attribute: string,
  term: string,
  settings: SwatchSettings,
  ajax: boolean,
): Choice {
  if (choice[attribute] === term) {
    return settings.clearOnReselect ? { ...choice, [attribute]: '' } : choice;
  }
  const next = { ...choice, [attribute]: term };
  if (!term || ajax || !settings.deselectUnavailable) return next;
  const sellable = variations.filter(isSellable);
  for (const [other, value] of Object.entries(next)) {
    if (other === attribute || !value) continue;
    if (compatible(sellable, { [attribute]: term, [other]: value }).length === 0) next[other] = '';
  }
  return next;
}

/** What the page knows about the chosen combination. */
export type VariationLookup =
  | { state: 'incomplete' }
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'found'; purchasable: boolean; inStock: boolean; visible: boolean };

export type AddToCartState = 'needs-selection' | 'loading' | 'no-match' | 'unavailable' | 'enabled';

/** The add-to-cart button of a variation form (spec, section 4). */
export function addToCartState(lookup: VariationLookup): AddToCartState {
  switch (lookup.state) {
    case 'incomplete':
      return 'needs-selection';
    case 'loading':
      return 'loading';
    case 'none':
      return 'no-match';
    case 'found':
      return lookup.purchasable && lookup.inStock && lookup.visible ? 'enabled' : 'unavailable';
  }
}

export type VariationChoice = {
  choice: Choice;
  setChoice: (choice: Choice) => void;
  /** The variation the choice names, or null while it is incomplete or matches none. */
  variation: VariationView | null;
  /** Whether the chosen combination is asked from the server (many variations). */
  ajax: boolean;
  lookup: VariationLookup;
};

/** Attribute values as `get_variation` takes them: attribute_{slug}, product_id, custom_data. */
function variationRequest(productId: number, choice: Choice): URLSearchParams {
  const body = new URLSearchParams({ product_id: String(productId), custom_data: '' });
  for (const [attribute, term] of Object.entries(choice)) body.set(`attribute_${attribute}`, term);
  return body;
}

/** The shopper's attribute choice and the variation it selects. */
export function useVariationChoice(product: ProductDetail): VariationChoice {
  // The back office's preselection, as WooCommerce's default attributes.
  const [choice, setChoice] = useState<Choice>(() => ({ ...product.defaultAttributes }));
  const attributes = product.attributes.filter((a) => a.usedForVariations);
  const attributeCount = attributes.length;
  const ajax = variationsLeftOut(product);
  const complete = attributeCount > 0 && attributes.every((a) => Boolean(choice[a.slug]));
  const local = useMemo(
    () => matchVariation(product.variations, choice, attributeCount),
    [product.variations, choice, attributeCount],
  );
  const [answer, setAnswer] = useState<{ key: string; found: VariationAnswer | null } | null>(null);
  const requestKey = complete ? JSON.stringify(choice) : '';

  useEffect(() => {
    if (!ajax || !requestKey) return;
    const controller = new AbortController();
    void fetchJson<VariationAnswer | false>('/wc-ajax/get_variation', {
      body: variationRequest(product.id, JSON.parse(requestKey) as Choice),
      signal: controller.signal,
    }).then((result) => {
      if (result.ok) setAnswer({ key: requestKey, found: result.data || null });
      else if (result.kind !== 'aborted') setAnswer({ key: requestKey, found: null });
    });
    return () => controller.abort();
  }, [ajax, requestKey, product.id]);

  let lookup: VariationLookup;
  let variation: VariationView | null;
  if (!complete) {
    lookup = { state: 'incomplete' };
    variation = null;
  } else if (ajax) {
    if (answer?.key !== requestKey) {
      lookup = { state: 'loading' };
      variation = null;
    } else if (!answer.found) {
      lookup = { state: 'none' };
      variation = null;
    } else {
      const found = answer.found;
      lookup = {
        state: 'found',
        purchasable: found.is_purchasable,
        inStock: found.is_in_stock,
        visible: found.variation_is_visible,
      };
      variation = found.variation_view;
    }
  } else if (!local) {
    lookup = { state: 'none' };
    variation = null;
  } else {
    lookup = {
      state: 'found',
      purchasable: local.isPurchasable,
      inStock: local.stockStatus !== 'outofstock',
      visible: true,
    };
    variation = local;
  }
  return { choice, setChoice, variation, ajax, lookup };
}
