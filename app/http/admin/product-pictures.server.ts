import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type PictureRejection,
  addProductPictures,
  MAX_PICTURE_BYTES,
  pictureProduct,
  productGallery,
  removeProductPicture,
  reorderPictures,
  updatePictureAlts,
} from '#app/domain/catalog/product-pictures.server.ts';
import { videoFromUrl } from '#app/domain/catalog/video.ts';
import { type ReceivedFile, discardFiles, receiveForm } from '#app/domain/forms/uploads.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { isUnsafeText } from '#app/lib/hostile-input.ts';
import { pictureMediaOf } from '../media-store.server.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0] & { params: { id?: string } };

/** Files one upload takes at most, and the alt text's length. */
export const MAX_PICTURES_PER_UPLOAD = 20;
const MAX_ALT_LENGTH = 300;

export type PicturesNotice =
  | { kind: 'uploaded'; added: number; rejected: { name: string; rejection: PictureRejection }[] }
  | { kind: 'saved' | 'moved' | 'removed' | 'video_added' }
  | {
      kind: 'error';
      code: 'expired' | 'invalid' | 'no_files' | 'video_invalid' | 'poster_missing' | 'not_found';
    };

async function pageProduct(args: Args, db: Parameters<typeof pictureProduct>[0]) {
  const raw = args.params.id ?? '';
  const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
  const product = id === null ? null : await pictureProduct(db, id);
  if (!product) pageNotFound();
  return product;
}

/** The pictures page: the product's gallery with the alt texts of both languages. */
export async function loadProductPictures(args: Args, areas: readonly MessageArea[]) {
  const { db, env, current, locale, t } = await staffShop(args);
  const product = await pageProduct(args, db);
  const gallery = await productGallery(db, product.id);
  const name = localize(product.name, locale);
  return {
    product: { id: product.id, name, variable: product.type === 'variable' },
    gallery: gallery.map((g) => ({ ...g, thumb: imageUrl(g.key, 'thumb') })),
    maxBytes: MAX_PICTURE_BYTES,
    security: sessionNonce(current, env),
    title: `${t('admin.pictures.title', { name })} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/**
 * The page's forms: upload (multipart), the gallery form (alt texts, with a move or remove
 * button), a video with its poster, and the order from drag and drop.
 */
export async function handleProductPictures(args: Args): Promise<PicturesNotice> {
  const { db, env, current, viewer } = await staffShop(args);
  const product = await pageProduct(args, db);
  const actor = { channel: 'admin' as const, id: viewer.id, label: viewer.email };
  const media = pictureMediaOf(env);
  const received = await receiveForm(args.request, path.resolve(env.DATA_DIR, 'uploads'), {
    fields: 2 * 3 * 200 + 10,
    fieldBytes: 16 * 1024,
    files: MAX_PICTURES_PER_UPLOAD,
    fileBytes: MAX_PICTURE_BYTES,
    totalFileBytes: 64 * 1024 * 1024,
  });
  try {
    const field = (name: string) => received.fields[name]?.[0] ?? '';
    if (received.broken || received.unsafeField) return { kind: 'error', code: 'invalid' };
    if (!verifyNonce(current, field('security'), env)) return { kind: 'error', code: 'expired' };
    const intent = field('intent');
    if (intent === 'upload') {
      const files = received.files.filter((f) => f.field === 'pictures');
      if (files.length === 0) return { kind: 'error', code: 'no_files' };
      const { uploads, rejected } = await readUploads(files);
      const outcome = await addProductPictures(db, product.id, uploads, actor, media);
      return {
        kind: 'uploaded',
        added: outcome.added.length,
        rejected: [...rejected, ...outcome.rejected],
      };
    }
    if (intent === 'video') {
      const video = videoFromUrl(field('video_url').slice(0, 500));
      if (!video) return { kind: 'error', code: 'video_invalid' };
      const poster = received.files.find((f) => f.field === 'poster');
      if (!poster) return { kind: 'error', code: 'poster_missing' };
      const { uploads, rejected } = await readUploads([poster]);
      const outcome = await addProductPictures(
        db,
        product.id,
        uploads.map((u) => ({ ...u, video })),
        actor,
        media,
      );
      if (outcome.added.length === 0)
        return { kind: 'uploaded', added: 0, rejected: [...rejected, ...outcome.rejected] };
      return { kind: 'video_added' };
    }
    if (intent === 'order') {
      const order = field('order')
        .split(',')
        .map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN));
      if (order.some(Number.isNaN)) return { kind: 'error', code: 'invalid' };
      const done = await reorderPictures(db, product.id, { order }, actor);
      return done ? { kind: 'moved' } : { kind: 'error', code: 'invalid' };
    }
    // The gallery form: its alt texts are saved whichever of its buttons was pressed.
    const gallery = await productGallery(db, product.id);
    const alts: { imageId: number; de: string; en: string }[] = [];
    for (const item of gallery) {
      const de = received.fields[`alt_de_${item.imageId}`]?.[0];
      const en = received.fields[`alt_en_${item.imageId}`]?.[0];
      if (de === undefined || en === undefined) continue;
      if (de.length > MAX_ALT_LENGTH || en.length > MAX_ALT_LENGTH || isUnsafeText(de + en))
        return { kind: 'error', code: 'invalid' };
      alts.push({ imageId: item.imageId, de: de.trim(), en: en.trim() });
    }
    await updatePictureAlts(db, product.id, alts, actor);
    const match = /^(up|down|remove):(\d{1,9})$/.exec(intent);
    if (intent === 'save') return { kind: 'saved' };
    if (!match) return { kind: 'error', code: 'invalid' };
    const imageId = Number(match[2]);
    if (match[1] === 'remove') {
      const done = await removeProductPicture(db, product.id, imageId, actor, media);
      return done ? { kind: 'removed' } : { kind: 'error', code: 'not_found' };
    }
    const move = match[1] as 'up' | 'down';
    const done = await reorderPictures(db, product.id, { move, imageId }, actor);
    return done ? { kind: 'moved' } : { kind: 'error', code: 'invalid' };
  } finally {
    await discardFiles(received.files);
  }
}

/** The bytes of each received file; those cut off at the size limit are refused by name. */
async function readUploads(files: ReceivedFile[]) {
  const uploads: { name: string; bytes: Buffer }[] = [];
  const rejected: { name: string; rejection: PictureRejection }[] = [];
  for (const file of files) {
    if (file.oversized || !file.path) rejected.push({ name: file.name, rejection: 'too_large' });
    else uploads.push({ name: file.name, bytes: await readFile(file.path) });
  }
  return { uploads, rejected };
}
