// The variation object of `POST /wc-ajax/get_variation` (spec, section 3), with the spec's
// field names. Types only, so the browser may import them.
import type { ManufacturerView } from '#app/domain/compliance/compliance.view.ts';
import type { FoodView } from '#app/domain/compliance/compliance.view.ts';
import type { PowerSupply } from '#app/domain/compliance/compliance.types.ts';
import type { VariationView } from '#app/domain/catalog/catalog.view.ts';

export type VariationImage = {
  src: string;
  src_w: number;
  src_h: number;
  srcset: string;
  sizes: string;
  title: string;
  caption: string;
  alt: string;
  full_src: string;
  full_src_w: number;
  full_src_h: number;
  thumb_src: string;
  thumb_src_w: number;
  thumb_src_h: number;
  gallery_thumbnail_src: string;
  gallery_thumbnail_src_w: number;
  gallery_thumbnail_src_h: number;
};

/** Legal data per variation (the spec's compliance extras). Money in minor units. */
export type VariationCompliance = {
  delivery_time: string;
  defect_description: string;
  tax_info: string;
  manufacturer: ManufacturerView | null;
  safety_instructions: string;
  product_safety_attachments: {
    title: string;
    url: string;
    mime_type: string;
    byte_size: number;
  }[];
  power_supply: PowerSupply | null;
  deposit_amount: number | null;
  deposit_packaging_type: 'reusable' | 'disposable' | '';
  food_description: string;
  nutri_score: string;
  food_distributor: string;
  food_place_of_origin: string;
  net_filling_quantity: string;
  drained_weight: string;
  includes_alcohol: boolean;
  alcohol_content: number | null;
  nutrients: FoodView['nutrients'] | null;
  ingredients: string;
  allergenic: FoodView['allergens'];
  shipping_costs_info: string;
  /** The unit price as shown ("1,78 € / 100 g"), empty when the product has none. */
  unit_price: string;
  product_units: number | null;
  has_product_safety_information: boolean;
};

export type VariationObject = VariationCompliance & {
  variation_id: number;
  ean: string;
  /** attribute_{slug} -> term slug ("" = any). */
  attributes: Record<string, string>;
  sku: string;
  weight: string;
  weight_html: string;
  dimensions: { length: string; width: string; height: string };
  dimensions_html: string;
  min_qty: number;
  /** Empty when unlimited. */
  max_qty: number | '';
  is_sold_individually: 'yes' | 'no';
  is_purchasable: boolean;
  is_in_stock: boolean;
  variation_is_visible: boolean;
  variation_is_active: boolean;
  price_html: string;
  /**
   * The price a shopper pays and the regular one, in major units as WooCommerce sends them
   * (19.99): for scripts that read them, the shop's own reads `variation_view`.
   */
  display_price: number | null;
  display_regular_price: number | null;
  /** The stock line as the product page shows it, `<p class="stock in-stock">…</p>`. */
  availability_html: string;
  /** The variation's description as paragraphs of markup; '' without one. */
  variation_description: string;
  image: VariationImage | null;
  /** The picture's key; the shop's images are named by key, not by number. */
  image_id: string;
  image_link: string;
  /** Stock left when max_qty is at or below the stock label threshold, else null. */
  variation_stock_left: number | null;
};

/**
 * The shop's own answer adds the variation as its pages render it (gallery, price, legal
 * data), so a page in ajax-variation mode needs no second request and carries no variations.
 * Scripts that know only the spec's fields ignore it.
 */
export type VariationAnswer = VariationObject & { variation_view: VariationView };
