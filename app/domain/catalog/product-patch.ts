// What a write may change on a product: every field optional, absent means unchanged. Shared by
// the REST API, the product editor, the variations tab and the import.
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { ProductStatus } from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';

/** Text given in some languages; the others keep what they had. */
export type LocalizedPatch = Partial<Localized>;

/** The columns a REST call or an import may set; absent means unchanged. */
export type ProductPatch = Partial<
  Pick<
    ProductRow,
    | 'featured'
    | 'menuOrder'
    | 'gtin'
    | 'regularPrice'
    | 'salePrice'
    | 'saleFrom'
    | 'saleTo'
    | 'taxClass'
    | 'shippingClass'
    | 'manageStock'
    | 'stockQuantity'
    | 'stockStatus'
    | 'backorders'
    | 'lowStockAmount'
    | 'soldIndividually'
    | 'digital'
    | 'weightKg'
    | 'lengthCm'
    | 'widthCm'
    | 'heightCm'
    | 'unit'
    | 'productUnits'
    | 'unitBase'
    | 'deliveryTimeId'
    | 'variationAttributes'
  >
> & {
  name?: LocalizedPatch;
  description?: LocalizedPatch;
  shortDescription?: LocalizedPatch;
  slug?: string;
  status?: ProductStatus;
  sku?: string | null;
  categoryIds?: number[];
  imageIds?: number[];
  attributes?: AttributeLink[];
  /** Alt texts of the pictures named in `imageIds` (REST `images[].alt`), merged per language. */
  imageAlts?: { imageId: number; alt: LocalizedPatch }[];
  /** An external product's address and button text. */
  externalUrl?: string | null;
  buttonText?: Localized | null;
  /** A grouped product's children, in order; given: replaces the list. */
  groupedIds?: number[];
  /** The publish date (WooCommerce's `date_created`); a scheduled product appears then. */
  publishAt?: Date;
} & EditorPatch &
  VariationsTabPatch &
  ProductLinksPatch;

/** The columns only the product editor sets (legal data, quantities, the product's kind). */
export type EditorPatch = Partial<
  Pick<
    ProductRow,
    | 'minQuantity'
    | 'maxQuantity'
    | 'quantityStep'
    | 'depositTypeId'
    | 'depositQuantity'
    | 'manufacturerId'
    | 'responsiblePersonId'
    | 'safetyInstructions'
    | 'defectDescription'
    | 'taxInfo'
    | 'shippingCostsInfo'
    | 'subscription'
    | 'food'
    | 'powerSupply'
  >
> & { type?: 'simple' | 'variable' | 'grouped' | 'external' };

/** Columns the variations tab sets directly (a variation's own picture, deposit, defaults). */
export type VariationsTabPatch = Partial<
  Pick<ProductRow, 'imageId' | 'depositTypeId' | 'depositQuantity' | 'defaultAttributes'>
>;

export type AttributeLink = {
  attributeId: number;
  termIds: number[];
  visible: boolean;
  usedForVariations: boolean;
};

/** Upsells, cross-sells and tags; a list given replaces the one saved, absent means unchanged. */
export type ProductLinksPatch = {
  upsellIds?: number[];
  crossSellIds?: number[];
  /** Existing tags by id; with `tagNames` they make the product's tags. */
  tagIds?: number[];
  /** Tags by name: the tag of that name (German or English), else a new one. */
  tagNames?: string[];
};
