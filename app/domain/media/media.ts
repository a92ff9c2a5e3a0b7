/** One rendered size of a picture (`${key}-${name}.webp`). */
export type ImageSize = {
  name: 'thumb' | 'medium' | 'large' | 'full';
  width: number;
  height: number;
};

export type ImageView = {
  key: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  sizes: ImageSize[];
};

export function imageUrl(key: string, size: ImageSize['name']): string {
  return `/media/${encodeURIComponent(key)}-${size}.webp`;
}

export function imageSrcSet(image: Pick<ImageView, 'key' | 'sizes'>): string {
  return image.sizes.map((s) => `${imageUrl(image.key, s.name)} ${s.width}w`).join(', ');
}
