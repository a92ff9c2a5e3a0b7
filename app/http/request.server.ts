import type { AppLoadContext } from 'react-router';
import '#app/lib/context.server.ts';
import { requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import { ensureSession, readSession } from '#app/lib/session.server.ts';

/** What every loader and action needs about the current request, computed the same way everywhere. */
export function shop({ request, context }: { request: Request; context: AppLoadContext }) {
  const { db, env } = context;
  const locale = requestLocale(request, env.SHOP_LOCALE);
  return {
    db,
    env,
    locale,
    currency: env.SHOP_CURRENCY,
    t: serverTranslator(locale),
    session: () => readSession(db, request, context),
    startSession: () => ensureSession(db, request, env, context),
  };
}

/** Reads a positive page number from the query; anything else is page 1. */
export function pageParam(url: URL, name = 'page', max = 10_000): number {
  const raw = url.searchParams.get(name);
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(n, 1), max);
}

/** Only paths on this site are followed after a form; anything else goes home. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.includes('\\')
  ) {
    return fallback;
  }
  return target;
}
