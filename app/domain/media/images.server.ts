import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageSize } from './media.ts';

/** Edge of the largest size: a source is cropped to this square once, then scaled down. */
export const FULL_IMAGE_SIZE = 1400;

/** Responsive sizes every product image is rendered in; all square. */
export const IMAGE_SIZES: readonly ImageSize[] = [
  { name: 'thumb', width: 160, height: 160 },
  { name: 'medium', width: 480, height: 480 },
  { name: 'large', width: 900, height: 900 },
  { name: 'full', width: FULL_IMAGE_SIZE, height: FULL_IMAGE_SIZE },
];

export type RenderedImage = { key: string; width: number; height: number; sizes: ImageSize[] };

const WEBP = { quality: 80, effort: 2 } as const;

/** File stems of the media folder: lower-case letters, digits and dashes, safe in URLs. */
export function isImageKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(key);
}

/** An image that was not stored: a key the media folder does not take, or no readable picture. */
export class ImageRejected extends Error {
  readonly reason: 'invalid_key' | 'unreadable';

  constructor(reason: ImageRejected['reason'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ImageRejected';
    this.reason = reason;
  }
}

/**
 * Renders a picture (a Buffer or a file path, in any format sharp reads: JPEG, PNG, WebP,
 * SVG...) into every responsive size as `${mediaDir}/${key}-${size}.webp`. Non-square pictures
 * are cropped around their centre; transparency becomes white. Throws `ImageRejected` before
 * writing anything when the key is not allowed or the input is not a readable picture.
 */
export async function renderImage(
  source: Buffer | string,
  key: string,
  mediaDir: string,
): Promise<RenderedImage> {
  if (!isImageKey(key)) throw new ImageRejected('invalid_key', `Invalid image key: ${key}`);
  const { data, info } = await decodeFullSize(source);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  await mkdir(mediaDir, { recursive: true });
  await Promise.all(
    IMAGE_SIZES.map(async (size) => {
      const file = path.join(mediaDir, `${key}-${size.name}.webp`);
      let pipeline = sharp(data, { raw });
      if (size.width !== raw.width) pipeline = pipeline.resize(size.width, size.height);
      await writeAtomically(file, (tmp) => pipeline.webp(WEBP).toFile(tmp));
    }),
  );
  return {
    key,
    width: FULL_IMAGE_SIZE,
    height: FULL_IMAGE_SIZE,
    sizes: IMAGE_SIZES.map((s) => ({ ...s })),
  };
}

/** Pixels an uploaded picture may have at most (a 10000 x 10000 photo): no decompression bombs. */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Renders a picture into every responsive size in memory, for a store that every instance
 * reads (`${key}-${size}.webp` => bytes). Throws `ImageRejected` like `renderImage`.
 */
export async function renderImageFiles(
  source: Buffer,
  key: string,
): Promise<{ rendered: RenderedImage; files: Map<string, Buffer> }> {
  if (!isImageKey(key)) throw new ImageRejected('invalid_key', `Invalid image key: ${key}`);
  const { data, info } = await decodeFullSize(source, MAX_INPUT_PIXELS);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const files = new Map<string, Buffer>();
  for (const size of IMAGE_SIZES) {
    let pipeline = sharp(data, { raw });
    if (size.width !== raw.width) pipeline = pipeline.resize(size.width, size.height);
    files.set(`${key}-${size.name}.webp`, await pipeline.webp(WEBP).toBuffer());
  }
  const rendered = {
    key,
    width: FULL_IMAGE_SIZE,
    height: FULL_IMAGE_SIZE,
    sizes: IMAGE_SIZES.map((s) => ({ ...s })),
  };
  return { rendered, files };
}

/** Decodes once at full size, so that each smaller size is a cheap resize of the same pixels. */
async function decodeFullSize(source: Buffer | string, limitInputPixels?: number) {
  try {
    return await sharp(source, {
      autoOrient: true,
      ...(limitInputPixels ? { limitInputPixels } : {}),
    })
      .resize(FULL_IMAGE_SIZE, FULL_IMAGE_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRejected('unreadable', 'The file is not a readable image', { cause: error });
  }
}

/** Another process writing the same file at the same moment must never see it half-written. */
export async function writeAtomically(
  file: string,
  write: (tmp: string) => Promise<unknown>,
): Promise<void> {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await write(tmp);
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
