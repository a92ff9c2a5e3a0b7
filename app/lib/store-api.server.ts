import type { AppLoadContext } from 'react-router';
import type { DomainError } from './errors.ts';
import type { TextKey, Translate } from './i18n.ts';
import { shop } from './request.server.ts';
import { type Session, nonceFromHeaders, sessionNonce, verifyNonce } from './session.server.ts';
import { formatMoney, minorUnit } from '#app/domain/pricing/money.ts';
import { type Locale, intlLocale } from './localized.ts';

export const MAX_JSON_BYTES = 64 * 1024;

type Args = { request: Request; context: AppLoadContext };

/** JSON with the shop's API headers; never cached by browsers or proxies. */
export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  });
}

/** The error shape every JSON endpoint uses: code, translated message, data.status. */
export function apiError(
  error: DomainError,
  t: Translate,
  headers?: Record<string, string>,
): Response {
  return json(
    {
      code: error.code,
      message: t(error.message as TextKey, error.params),
      data: { status: error.status, params: error.params ?? {} },
    },
    { status: error.status, headers },
  );
}

export function methodNotAllowed(t: Translate, allow: string): Response {
  return json(
    { code: 'rest_no_route', message: t('error.method_not_allowed'), data: { status: 405 } },
    { status: 405, headers: { Allow: allow } },
  );
}

/**
 * Reads a JSON or form body. Returns the fields, or an error response for malformed
 * or oversized input.
 */
export async function readBody(
  request: Request,
  t: Translate,
): Promise<{ fields: Record<string, unknown> } | { response: Response }> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) {
    return {
      response: apiError(
        {
          code: 'rest_request_too_large',
          status: 413,
          message: 'error.invalid_param',
          params: { param: 'body' },
        },
        t,
      ),
    };
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return { fields: Object.fromEntries(new URLSearchParams(text)) };
  }
  if (text.trim() === '') return { fields: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error('not an object');
    return { fields: parsed as Record<string, unknown> };
  } catch {
    return {
      response: apiError(
        { code: 'rest_invalid_json', status: 400, message: 'error.invalid_json' },
        t,
      ),
    };
  }
}

/** Loads or starts the session of a Store API call; the nonce goes out in every response. */
export async function storeSession(args: Args) {
  const { env, startSession } = shop(args);
  const { session, setCookie } = await startSession();
  const headers: Record<string, string> = { Nonce: sessionNonce(session, env) };
  if (setCookie) headers['Set-Cookie'] = setCookie;
  return { session, headers };
}

/** A state-changing Store API call needs the session's nonce in a header or the `security` field. */
export async function requireNonce(
  args: Args,
  fields: Record<string, unknown>,
): Promise<{ session: Session } | { response: Response }> {
  const { env, t, session: current } = shop(args);
  const candidate = nonceFromHeaders(args.request) ?? fields.security;
  if (candidate === undefined || candidate === null || candidate === '') {
    return {
      response: apiError(
        { code: 'woocommerce_rest_missing_nonce', status: 403, message: 'error.missing_nonce' },
        t,
      ),
    };
  }
  const session = await current();
  if (!session || !verifyNonce(session, candidate, env)) {
    return {
      response: apiError(
        { code: 'woocommerce_rest_invalid_nonce', status: 403, message: 'error.invalid_nonce' },
        t,
      ),
    };
  }
  return { session };
}

const currencyBlocks = new Map<string, ReturnType<typeof buildCurrencyFields>>();

/** The currency block WooCommerce clients expect beside every amount. */
export function currencyFields(currency: string, locale: Locale) {
  const id = `${currency}|${locale}`;
  let block = currencyBlocks.get(id);
  if (!block) {
    block = buildCurrencyFields(currency, locale);
    currencyBlocks.set(id, block);
  }
  return block;
}

function buildCurrencyFields(currency: string, locale: Locale) {
  const parts = new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
  }).formatToParts(1234.5);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
  const symbolFirst =
    parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  return {
    currency_code: currency,
    currency_symbol: symbol,
    currency_minor_unit: minorUnit(currency),
    currency_decimal_separator: parts.find((p) => p.type === 'decimal')?.value ?? ',',
    currency_thousand_separator: parts.find((p) => p.type === 'group')?.value ?? '.',
    currency_prefix: symbolFirst ? symbol : '',
    currency_suffix: symbolFirst ? '' : ` ${symbol}`,
  };
}

export const amount = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : String(minor);
export { formatMoney };
