import { data } from 'react-router';
import type { MessageKey } from '#app/lib/i18n.ts';

export type NotFoundData = { message?: MessageKey };

/**
 * The one way a page says "not here": the root error boundary shows the 404 page (with the
 * message, when given) inside the shop's header and footer, with status 404.
 */
export function pageNotFound(message?: MessageKey): never {
  throw data<NotFoundData>(message ? { message } : {}, { status: 404 });
}
