import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { pageNotFound } from '../pages/not-found.ts';
import { viewerOf } from '../pages/review-form.server.ts';
import { shop } from '../request.server.ts';

type Args = Parameters<typeof shop>[0];

/**
 * The back office's door: a shop manager's or administrator's session passes; anyone else gets
 * the shop's 404 page, so the back office does not exist for them. Every admin loader and action
 * calls it (a layout's check does not guard the loaders that run beside it).
 */
export async function staffShop(args: Args) {
  const base = shop(args);
  const current = await base.session();
  const viewer = await viewerOf(base.db, current);
  if (!current || !viewer || !canEditContent(viewer)) pageNotFound();
  return { ...base, current, viewer };
}
