import { type AppLoadContext, data } from 'react-router';
import '#app/lib/context.server.ts';
import { type DomainError, type Result, domainError } from '#app/domain/kernel/result.ts';
import { findUnsafeField, isUnsafeText } from '#app/lib/hostile-input.ts';
import { requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import { ensureSession, readSession } from '#app/lib/session.server.ts';

export type RefusedData = { refused: 'malformed' | 'too_long' };

/**
 * What every loader and action needs about the current request, computed the same way everywhere.
 * When the server refused the address, every page loader stops here with the 400 (414) page;
 * only the shell (`shell: true`, the root loader, which reads no address) still runs, so the
 * page keeps the shopper's language, header and footer.
 */
export function shop(
  { request, context }: { request: Request; context: AppLoadContext },
  options: { shell?: boolean } = {},
) {
  if (!options.shell) refuseHostileAddress(context);
  const { db, env } = context;
  const locale = requestLocale(request, env.SHOP_LOCALE);
  return {
    db,
    env,
    locale,
    currency: env.SHOP_CURRENCY,
    t: serverTranslator(locale),
    session: () => {
      context.readsSession = true;
      return readSession(db, request, context);
    },
    startSession: () => {
      context.readsSession = true;
      return ensureSession(db, request, env, context);
    },
  };
}

/** Throws the bad-request page when the server refused the address before routing. */
export function refuseHostileAddress(context: AppLoadContext): void {
  const status = context.refusedStatus;
  if (status) {
    throw data<RefusedData>({ refused: status === 414 ? 'too_long' : 'malformed' }, { status });
  }
}

/**
 * The same refusal for a route without a page: plain text in the shopper's language.
 * Null when the address was accepted.
 */
export function refusedWithoutPage(args: {
  request: Request;
  context: AppLoadContext;
}): Response | null {
  const status = args.context.refusedStatus;
  if (!status) return null;
  const { t } = shop(args, { shell: true });
  return new Response(t(status === 414 ? 'error.url_too_long' : 'error.url_malformed'), {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The form body of a page's action. A field whose name or value holds text no part of the
 * shop accepts (decision 0009) is refused by name; an unreadable body is an empty form.
 */
export async function readForm(
  request: Request,
  /** Fields the caller judges itself (any unexpected value counts as none), left unchecked. */
  lenient: readonly string[] = [],
): Promise<Result<FormData>> {
  const form = await request.formData().catch(() => new FormData());
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (lenient.includes(name)) continue;
    fields[name] = typeof value === 'string' ? value : value.name;
  }
  const refused = unsafeInputError(fields);
  return refused ? { ok: false, error: refused } : { ok: true, value: form };
}

/**
 * The invalid-parameter failure for parsed input holding unsafe text (decision 0009), naming
 * the field; a field whose very name is unsafe is not echoed back.
 */
export function unsafeInputError(fields: Record<string, unknown>): DomainError | null {
  const field = findUnsafeField(fields);
  if (field === null) return null;
  return isUnsafeText(field)
    ? domainError('invalid', 'error.invalid_characters')
    : domainError('invalid', 'error.invalid_param', { param: field });
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
    isUnsafeText(target) ||
    // Control characters would break (or split) the Location header.
    /\p{Cc}/u.test(target) ||
    target.startsWith('//') ||
    target.includes('\\')
  ) {
    return fallback;
  }
  return target;
}
