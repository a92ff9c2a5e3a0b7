import { imageSrcSet, imageUrl, type ImageView } from '#app/domain/media/media.ts';

/** A responsive product picture; width and height are set so nothing shifts while it loads. */
export function ProductImage({
  image,
  sizes,
  size = 'medium',
  eager = false,
  className,
}: {
  image: ImageView;
  sizes: string;
  size?: 'thumb' | 'medium' | 'large' | 'full';
  eager?: boolean;
  className?: string;
}) {
  const chosen = image.sizes.find((s) => s.name === size) ?? image.sizes[0];
  return (
    <img
      className={className}
      src={imageUrl(image.key, size)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={chosen?.width ?? image.width}
      height={chosen?.height ?? image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
