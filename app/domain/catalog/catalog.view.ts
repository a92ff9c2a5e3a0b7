// What the catalog queries return: plain data for pages, components and serializers.
// Types only, so the browser bundle may import this file.
import type { SubscriptionTerms } from './subscription-terms.ts';
import type {
  DeliveryTimeView,
  DepositView,
  FoodView,
  ManufacturerView,
} from '#app/domain/compliance/compliance.view.ts';
import type { PowerSupply } from '#app/domain/compliance/compliance.types.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import type { StockStatus, SwatchType } from './catalog.schema.ts';
import type { TaxClass } from '#app/domain/pricing/tax.ts';
import type { VideoView } from './video.ts';

export type PriceView = {
  regular: number | null;
  active: number | null;
  onSale: boolean;
  /** Set for variable products whose variations differ in price. */
  range: { min: number; max: number } | null;
  saleEndsAt: string | null;
  /**
   * For a reduced price: the lowest price of the 30 days before the reduction began
   * (PAngV § 11); null when the price is not reduced.
   */
  lowestPrior: number | null;
};

export type UnitPriceView = { amount: number; base: number; unit: string; productUnits: number };

export type ProductSummary = {
  id: number;
  slug: string;
  type: 'simple' | 'variable' | 'grouped' | 'external';
  name: string;
  shortDescription: string;
  image: ImageView | null;
  hoverImage: ImageView | null;
  price: PriceView;
  unitPrice: UnitPriceView | null;
  taxClass: TaxClass;
  taxRate: number;
  deposit: DepositView | null;
  rating: { average: number; count: number };
  stockStatus: StockStatus;
  isPurchasable: boolean;
  soldIndividually: boolean;
  deliveryTime: DeliveryTimeView | null;
  variations: { id: number; attributes: Record<string, string> }[];
  /** A subscription product's terms: the price recurs on them. */
  subscription?: SubscriptionTerms | null;
  /** An external product: its buy button leads to this address instead of the cart. */
  external?: { url: string; buttonText: string } | null;
};

export type Listing = { items: ProductSummary[]; total: number; page: number; pages: number };

export type ComplianceView = {
  deliveryTime: DeliveryTimeView | null;
  unitPrice: UnitPriceView | null;
  deposit: DepositView | null;
  food: FoodView | null;
  manufacturer: ManufacturerView | null;
  responsiblePerson: ManufacturerView | null;
  safetyInstructions: string;
  attachments: { title: string; url: string; mimeType: string; byteSize: number }[];
  powerSupply: PowerSupply | null;
  defectDescription: string;
  taxInfo: string;
  shippingCostsInfo: string;
  hasProductSafetyInformation: boolean;
};

export type AttributeView = {
  slug: string;
  name: string;
  swatchType: SwatchType;
  visible: boolean;
  usedForVariations: boolean;
  terms: {
    slug: string;
    name: string;
    color: string | null;
    imageKey: string | null;
    label: string | null;
  }[];
};

export type VariationView = {
  id: number;
  attributes: Record<string, string>;
  sku: string | null;
  gtin: string | null;
  price: PriceView;
  stockStatus: StockStatus;
  stockQuantity: number | null;
  isPurchasable: boolean;
  image: ImageView | null;
  weightKg: number | null;
  quantity: QuantityRules;
  compliance: ComplianceView;
  /** The variation's own description (plain text, paragraphs apart by a blank line); '' if none. */
  description: string;
};

export type QuantityRules = {
  min: number;
  max: number | null;
  step: number;
  soldIndividually: boolean;
};

/** A gallery picture; with a video it is the video's poster and plays it when chosen. */
export type GalleryItemView = ImageView & { video?: VideoView | null };

export type ProductDetail = Omit<ProductSummary, 'variations'> & {
  description: string;
  sku: string | null;
  gtin: string | null;
  weightKg: number | null;
  dimensionsCm: { length: number; width: number; height: number } | null;
  categories: { slug: string; name: string }[];
  gallery: GalleryItemView[];
  attributes: AttributeView[];
  /**
   * The published variations, or none when there are more than the page judges itself
   * (ajax-variation mode): then the chosen one comes with its `get_variation` answer.
   */
  variations: VariationView[];
  /** Published variations, whether or not the page carries them. */
  variationCount: number;
  /** The combination the page starts with (attribute slug to term slug), set in the back office. */
  defaultAttributes?: Record<string, string>;
  /** Whether any variation shows a unit price (the page reserves its line). */
  variationsHaveUnitPrice: boolean;
  stockQuantity: number | null;
  lowStockAmount: number | null;
  quantity: QuantityRules;
  compliance: ComplianceView;
  /** A grouped product's shown children, in order, each bought on its own. */
  children?: GroupedChildView[];
};

export type GroupedChildView = ProductSummary & { quantity: QuantityRules };

export type CategoryNode = {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: ImageView | null;
  children: CategoryNode[];
};

/** Whole-shop counts the home page shows as count-up numbers. */
export type CatalogFacts = { products: number; categories: number; reviews: number };
