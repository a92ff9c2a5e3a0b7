import { useState } from 'react';
import { ProductImage } from '#app/components/product-image.tsx';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { useI18n } from '#app/lib/i18n.ts';

export type GalleryImage = ProductDetail['gallery'][number];

/** The product pictures: one large image and a row of thumbnails that choose it. */
export function Gallery({
  images,
  name,
  sizes = '(max-width: 849px) 100vw, 600px',
}: {
  images: GalleryImage[];
  name: string;
  /** How wide the large image is shown, for `srcset`. */
  sizes?: string;
}) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery" />;
  return (
    <div className="gallery" aria-label={t('product.gallery')} role="group">
      <a href={imageUrl(current.key, 'full')} className="gallery-main">
        <ProductImage image={current} size="large" eager sizes={sizes} />
      </a>
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('product.show_image', { index: i + 1 }) + ` – ${img.alt || name}`}
              >
                <ProductImage image={{ ...img, alt: '' }} size="thumb" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
