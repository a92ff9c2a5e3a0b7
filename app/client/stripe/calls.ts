import { fetchJson } from '#app/client/fetch-json.ts';
import type { Translate } from '#app/lib/i18n.ts';

export type LegacyAnswer<T> = { ok: true; data: T } | { ok: false; message: string };

/** How long a call may take before it ends with the timeout text. */
export const TIMEOUT_MS = 30_000;

/**
 * A `/wc-ajax/wc_stripe_{endpoint}` call with its nonce; every failure becomes the error
 * catalogue's text (timeout, abort, other transport, or the server's own message).
 */
export function stripeAjax<T>(
  endpoint: string,
  fields: Record<string, string>,
  nonce: string,
  t: Translate,
): Promise<LegacyAnswer<T>> {
  return ajaxCall<T>(`/wc-ajax/wc_stripe_${endpoint}`, fields, nonce, t);
}

/** The same for an action of the generic ajax URL (`action` field). */
export function adminAjax<T>(
  action: string,
  fields: Record<string, string>,
  nonce: string,
  t: Translate,
): Promise<LegacyAnswer<T>> {
  return ajaxCall<T>('/wp-admin/admin-ajax.php', { ...fields, action }, nonce, t);
}

const errorMessage = (body: unknown) =>
  (body as { data?: { error?: { message?: string } } } | null)?.data?.error?.message;

async function ajaxCall<T>(
  url: string,
  fields: Record<string, string>,
  nonce: string,
  t: Translate,
): Promise<LegacyAnswer<T>> {
  // The page's own timer (not AbortSignal.timeout) ends a call that takes too long.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The call took too long.', 'TimeoutError')),
    TIMEOUT_MS,
  );
  const answer = await fetchJson<{ success?: boolean; data?: unknown; result?: string }>(url, {
    body: new URLSearchParams({ ...fields, _ajax_nonce: nonce }),
    signal: controller.signal,
  }).finally(() => clearTimeout(timer));
  if (!answer.ok) {
    if (answer.kind === 'aborted') {
      // Ours when the timer ran out; otherwise the browser dropped it (the page was stopped).
      const timedOut = (controller.signal.reason as Error | undefined)?.name === 'TimeoutError';
      return { ok: false, message: t(timedOut ? 'stripe.error.timeout' : 'stripe.error.abort') };
    }
    if (answer.kind === 'http') {
      const message = errorMessage(answer.body) ?? answer.error.message;
      if (message) return { ok: false, message };
    }
    return { ok: false, message: t('stripe.error.transport') };
  }
  const body = answer.data ?? {};
  if (body.success === false) {
    return { ok: false, message: errorMessage(body) || t('stripe.error.unknown') };
  }
  return { ok: true, data: body.data as T };
}
