import { renderImage, type RenderedImage } from '#app/domain/media/images.server.ts';
import { buildProductSvg, type ProductImageSpec } from './product-svg.ts';

/** Draws a demo product picture and stores it in every responsive size, as an upload would be. */
export function renderProductImage(
  spec: ProductImageSpec,
  mediaDir: string,
): Promise<RenderedImage> {
  return renderImage(Buffer.from(buildProductSvg(spec)), spec.key, mediaDir);
}
