import { useMemo, useState } from 'react';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';

/** The variation whose attributes match every chosen value; none until all are chosen. */
export function matchVariation(
  variations: VariationView[],
  choice: Record<string, string>,
  attributeCount: number,
): VariationView | undefined {
  if (attributeCount === 0 || Object.values(choice).filter(Boolean).length < attributeCount)
    return undefined;
  return variations.find((v) =>
    Object.entries(v.attributes).every(([k, term]) => term === '' || choice[k] === term),
  );
}

export type VariationChoice = {
  choice: Record<string, string>;
  setChoice: (choice: Record<string, string>) => void;
  /** The variation the choice names, or null while it is incomplete or matches none. */
  variation: VariationView | null;
};

/** The shopper's attribute choice and the variation it selects. */
export function useVariationChoice(product: ProductDetail): VariationChoice {
  const [choice, setChoice] = useState<Record<string, string>>({});
  const attributeCount = product.attributes.filter((a) => a.usedForVariations).length;
  const variation = useMemo(
    () => matchVariation(product.variations, choice, attributeCount),
    [product.variations, choice, attributeCount],
  );
  return { choice, setChoice, variation: variation ?? null };
}
