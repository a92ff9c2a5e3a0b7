import type { Route } from './+types/mail-preview-html';
import { mailPreviewHtml } from '#app/http/admin/mail-settings.server.ts';

/** A mail preview's HTML part, locked down by its response headers; staff only. */
export async function loader(args: Route.LoaderArgs) {
  return mailPreviewHtml(args);
}
