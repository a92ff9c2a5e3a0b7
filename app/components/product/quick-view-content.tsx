import type { FetcherWithComponents } from 'react-router';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import type { GalleryOptions } from '#app/domain/catalog/gallery-settings.view.ts';
import type { SwatchSettings } from '#app/domain/catalog/swatch-settings.view.ts';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import { ProductSummary } from './product-summary.tsx';
import { useVariationChoice } from './variation.ts';

export { PRODUCT_SUMMARY_MESSAGES } from './product-summary.tsx';

/**
 * The product summary as the quick view shows it: its form posts to the cart, and links lead to
 * the full product page.
 */
export function QuickViewContent({
  product,
  heading,
  fetcher,
  swatches,
  gallery,
}: {
  product: ProductDetail;
  /** False inside the shop's modal, whose title already names the product. */
  heading: 'h2' | false;
  fetcher?: FetcherWithComponents<CartActionData>;
  swatches?: SwatchSettings;
  gallery?: GalleryOptions;
}) {
  const selection = useVariationChoice(product);
  return (
    <div className="quick-view">
      <ProductSummary
        product={product}
        selection={selection}
        heading={heading}
        productUrl={`/product/${product.slug}`}
        form={{ action: '/cart', fetcher, idPrefix: `quick-view-${product.id}-`, swatches }}
        gallerySizes="(max-width: 849px) 90vw, 420px"
        gallery={gallery}
      />
    </div>
  );
}
