import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  IMAGE_SIZES,
  ImageRejected,
  MAX_INPUT_PIXELS,
  renderImageFiles,
} from '#app/domain/media/images.server.ts';
import type { MediaStore } from '#app/domain/media/media-store.server.ts';
import { writeAtomically } from '#app/domain/media/images.server.ts';
import type { Database } from '#app/lib/db.server.ts';
import { attributeTerms, categories, images, productImages, products } from './catalog.schema.ts';
import type { VideoView } from './video.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Bytes one uploaded picture may have at most. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

export const PICTURE_REJECTIONS = [
  'too_large',
  'not_a_picture',
  'too_many_pixels',
  'unreadable',
] as const;
export type PictureRejection = (typeof PICTURE_REJECTIONS)[number];

type PictureFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Where the rendered files go: the shared store (in the caller's transaction) and this instance's cache. */
export type PictureMedia = { store: (db: Tx) => MediaStore; mediaDir: string };

/** The format a file's first bytes announce; names and browser-sent types are never trusted. */
export function pictureFormatOf(head: Buffer): PictureFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (head.toString('latin1', 4, 8) === 'ftyp') {
    // The major brand or one of the compatible brands of the ISO box names AVIF.
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = head.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** Checks an upload by its content: signature, then what sharp reads from its header. */
export async function checkPicture(bytes: Buffer): Promise<PictureRejection | null> {
  if (bytes.length > MAX_PICTURE_BYTES) return 'too_large';
  const format = pictureFormatOf(bytes.subarray(0, 64));
  if (!format) return 'not_a_picture';
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const read = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
    if (read !== format) return 'not_a_picture';
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) return 'too_many_pixels';
  } catch {
    return 'unreadable';
  }
  return null;
}

type Rendered = Awaited<ReturnType<typeof renderImageFiles>>;

async function renderChecked(bytes: Buffer): Promise<Rendered | PictureRejection> {
  const refused = await checkPicture(bytes);
  if (refused) return refused;
  try {
    return await renderImageFiles(bytes, `p-${randomBytes(8).toString('hex')}`);
  } catch (error) {
    if (error instanceof ImageRejected) return 'unreadable';
    throw error;
  }
}

async function saveRendered(
  tx: Tx,
  media: PictureMedia,
  { rendered, files }: Rendered,
  alt: { de: string; en: string },
): Promise<number> {
  const store = media.store(tx);
  for (const [name, bytes] of files) await store.put(name, { bytes, contentType: 'image/webp' });
  const [row] = await tx
    .insert(images)
    .values({
      key: rendered.key,
      width: rendered.width,
      height: rendered.height,
      alt,
      sizes: rendered.sizes,
    })
    .returning({ id: images.id });
  return row!.id;
}

/** Fills this instance's cache once the files are stored (a failure only costs a later read). */
async function cacheRendered(media: PictureMedia, { files }: Rendered) {
  try {
    await mkdir(media.mediaDir, { recursive: true });
    for (const [name, bytes] of files)
      await writeAtomically(path.join(media.mediaDir, name), (tmp) => writeFile(tmp, bytes));
  } catch {
    // The store has them; /media/ reads them from there.
  }
}

/**
 * Stores one uploaded picture as an image of its own (not yet on any product): checked by its
 * content, rendered into every size, kept in the shared store. For the import as well.
 */
export async function storeUploadedPicture(
  db: Database,
  bytes: Buffer,
  options: { alt?: { de?: string; en?: string }; media: PictureMedia },
): Promise<{ ok: true; imageId: number } | { ok: false; rejection: PictureRejection }> {
  const rendered = await renderChecked(bytes);
  if (typeof rendered === 'string') return { ok: false, rejection: rendered };
  const alt = { de: options.alt?.de ?? '', en: options.alt?.en ?? '' };
  const imageId = await db.transaction((tx) => saveRendered(tx, options.media, rendered, alt));
  await cacheRendered(options.media, rendered);
  return { ok: true, imageId };
}

export type GalleryItem = {
  imageId: number;
  key: string;
  alt: { de: string; en: string };
  video: VideoView | null;
};

/** The product's pictures in gallery order; the first is the main picture. */
export async function productGallery(db: Tx, productId: number): Promise<GalleryItem[]> {
  const rows = await db
    .select({
      imageId: images.id,
      key: images.key,
      alt: images.alt,
      provider: productImages.videoProvider,
      videoId: productImages.videoId,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.imageId));
  return rows.map((r) => ({
    imageId: r.imageId,
    key: r.key,
    alt: { de: r.alt.de ?? '', en: r.alt.en ?? '' },
    video: r.provider && r.videoId ? { provider: r.provider, id: r.videoId } : null,
  }));
}

/** The picture product (a product or the parent of variations), or null for none or a variation. */
export async function pictureProduct(db: Tx, productId: number) {
  const [row] = await db
    .select({ id: products.id, type: products.type, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row && row.type !== 'variation' ? row : null;
}

/** Writes the order and the main picture (the first) after any change of the gallery. */
async function writeOrder(tx: Tx, productId: number, order: number[]) {
  for (const [position, imageId] of order.entries()) {
    await tx
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.productId, productId), eq(productImages.imageId, imageId)));
  }
  await tx
    .update(products)
    .set({ imageId: order[0] ?? null })
    .where(eq(products.id, productId));
}

async function lockedOrder(tx: Tx, productId: number): Promise<number[]> {
  // One writer per product at a time: two uploads must not take the same position.
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return (await productGallery(tx, productId)).map((g) => g.imageId);
}

export type UploadOutcome = {
  added: number[];
  rejected: { name: string; rejection: PictureRejection }[];
};

/**
 * Adds uploaded pictures at the end of the gallery (with a video each, when given). Each file is
 * checked on its own: refused files are reported, the others are stored, all in one transaction.
 */
export async function addProductPictures(
  db: Database,
  productId: number,
  uploads: { name: string; bytes: Buffer; video?: VideoView | null }[],
  actor: Actor,
  media: PictureMedia,
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { added: [], rejected: [] };
  const accepted: { rendered: Rendered; video: VideoView | null }[] = [];
  for (const upload of uploads) {
    const rendered = await renderChecked(upload.bytes);
    if (typeof rendered === 'string')
      outcome.rejected.push({ name: upload.name, rejection: rendered });
    else accepted.push({ rendered, video: upload.video ?? null });
  }
  if (accepted.length === 0) return outcome;
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, productId);
    for (const { rendered, video } of accepted) {
      const imageId = await saveRendered(tx, media, rendered, { de: '', en: '' });
      await tx.insert(productImages).values({
        productId,
        imageId,
        position: order.length,
        videoProvider: video?.provider ?? null,
        videoId: video?.id ?? null,
      });
      order.push(imageId);
      outcome.added.push(imageId);
      await recordChange(tx, actor, {
        entity: 'product',
        entityId: productId,
        action: video ? 'picture.video_added' : 'picture.added',
        after: { imageId, key: rendered.rendered.key, ...(video ? { video } : {}) },
      });
    }
    await writeOrder(tx, productId, order);
  });
  for (const { rendered } of accepted) await cacheRendered(media, rendered);
  return outcome;
}

/** Sets the alt texts of the product's pictures; pictures of other products are not touched. */
export async function updatePictureAlts(
  db: Database,
  productId: number,
  alts: { imageId: number; de: string; en: string }[],
  actor: Actor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const gallery = new Map((await productGallery(tx, productId)).map((g) => [g.imageId, g]));
    let changed = 0;
    for (const alt of alts) {
      const current = gallery.get(alt.imageId);
      if (!current || (current.alt.de === alt.de && current.alt.en === alt.en)) continue;
      await tx
        .update(images)
        .set({ alt: { de: alt.de, en: alt.en } })
        .where(eq(images.id, alt.imageId));
      await recordChange(tx, actor, {
        entity: 'image',
        entityId: alt.imageId,
        action: 'alt.updated',
        before: { alt: current.alt },
        after: { alt: { de: alt.de, en: alt.en } },
      });
      changed++;
    }
    return changed;
  });
}

/**
 * Puts the gallery into a new order: a move by one step (`up`, `down`) or a whole order (from
 * drag and drop), which must name exactly the product's pictures. False when it does not apply.
 */
export async function reorderPictures(
  db: Database,
  productId: number,
  change: { move: 'up' | 'down'; imageId: number } | { order: number[] },
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockedOrder(tx, productId);
    let after: number[];
    if ('order' in change) {
      const same =
        change.order.length === before.length &&
        new Set(change.order).size === before.length &&
        change.order.every((id) => before.includes(id));
      if (!same) return false;
      after = change.order;
    } else {
      const at = before.indexOf(change.imageId);
      const to = change.move === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= before.length) return false;
      after = [...before];
      [after[at], after[to]] = [after[to]!, after[at]!];
    }
    if (after.every((id, i) => id === before[i])) return true;
    await writeOrder(tx, productId, after);
    await recordChange(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'picture.reordered',
      before: { order: before },
      after: { order: after },
    });
    return true;
  });
}

/**
 * Takes a picture off the product; the image itself (row and files) goes too when no product,
 * variation, category or swatch uses it any more.
 */
export async function removeProductPicture(
  db: Database,
  productId: number,
  imageId: number,
  actor: Actor,
  media: PictureMedia,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, productId);
    if (!order.includes(imageId)) return false;
    await tx
      .delete(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.imageId, imageId)));
    await writeOrder(
      tx,
      productId,
      order.filter((id) => id !== imageId),
    );
    await recordChange(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'picture.removed',
      before: { imageId },
    });
    if (await imageInUse(tx, imageId)) return true;
    const [gone] = await tx
      .delete(images)
      .where(eq(images.id, imageId))
      .returning({ key: images.key });
    // The cached copies may stay: nothing links to them any more.
    if (gone) await media.store(tx).remove(IMAGE_SIZES.map((s) => `${gone.key}-${s.name}.webp`));
    return true;
  });
}

async function imageInUse(tx: Tx, imageId: number): Promise<boolean> {
  const result = await tx.execute(sql`select
      exists(select 1 from ${productImages} where ${productImages.imageId} = ${imageId})
      or exists(select 1 from ${products} where ${products.imageId} = ${imageId})
      or exists(select 1 from ${categories} where ${categories.imageId} = ${imageId})
      or exists(select 1 from ${attributeTerms}
        where ${attributeTerms.swatch}->>'imageId' = ${String(imageId)})
      as used`);
  const [row] = (result as unknown as { rows: { used: boolean }[] }).rows;
  return Boolean(row?.used);
}
