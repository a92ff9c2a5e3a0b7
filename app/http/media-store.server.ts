import {
  type MediaStore,
  databaseMediaStore,
  s3MediaStore,
} from '#app/domain/media/media-store.server.ts';
import type { PictureMedia } from '#app/domain/catalog/product-pictures.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import path from 'node:path';

/** The store MEDIA_STORE names: the database (default) or an S3-compatible bucket. */
export function mediaStoreOf(
  env: Pick<
    Env,
    | 'MEDIA_STORE'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
  db: Tx,
): MediaStore {
  if (env.MEDIA_STORE !== 's3') return databaseMediaStore(db);
  return s3MediaStore({
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  });
}

/** Where an upload's rendered files go: the configured store and this instance's media folder. */
export function pictureMediaOf(env: Env): PictureMedia {
  return {
    store: (tx) => mediaStoreOf(env, tx),
    mediaDir: path.resolve(env.DATA_DIR, 'media'),
  };
}
