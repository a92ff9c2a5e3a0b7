/**
 * The one way the browser calls the shop: same-origin cookies, the session nonce, and every
 * outcome (network failure, abort, error answer, broken body) as a value, never a throw.
 */

/** An error answer of the shop's JSON endpoints. */
export type JsonError = {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, unknown> };
};

/** Why a call produced no usable answer. */
export type FetchFailure =
  /** The request never got an answer: offline, DNS, connection reset. */
  | { ok: false; kind: 'network'; error: unknown }
  /** The caller's AbortSignal ended the call. */
  | { ok: false; kind: 'aborted' };

export type FetchJsonResult<T> =
  /** A 2xx answer; `data` is null when it had no body (204). */
  | { ok: true; status: number; data: T | null; headers: Headers }
  /**
   * A non-2xx answer with a JSON body. `error` reads the `{ code, message, data }` shape (with
   * fallbacks when the body has another shape); `body` is the parsed body as sent.
   */
  | { ok: false; kind: 'http'; status: number; error: JsonError; body: unknown }
  /** The body was not JSON (an HTML error page from a proxy, say), whatever the status. */
  | { ok: false; kind: 'invalid_json'; status: number; error: unknown }
  | FetchFailure;

export type FetchTextResult =
  | { ok: true; status: number; text: string; headers: Headers }
  | { ok: false; kind: 'http'; status: number; text: string }
  | FetchFailure;

export type FetchOptions = {
  /** GET without a body, POST with one, unless given. */
  method?: string;
  /** Sent as is: multipart for FormData, form-encoded for URLSearchParams. */
  body?: FormData | URLSearchParams;
  /** Sent as a JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export const NONCE_HEADER = 'Nonce';

function isSameOrigin(url: string): boolean {
  if (typeof location === 'undefined') return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
  return new URL(url, location.href).origin === location.origin;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

function asJsonError(body: unknown, status: number): JsonError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data =
    typeof fields.data === 'object' && fields.data !== null
      ? (fields.data as Record<string, unknown>)
      : {};
  return {
    code: typeof fields.code === 'string' ? fields.code : `http_${status}`,
    message: typeof fields.message === 'string' ? fields.message : '',
    data: {
      status: typeof data.status === 'number' ? data.status : status,
      params:
        typeof data.params === 'object' && data.params !== null
          ? (data.params as Record<string, unknown>)
          : undefined,
    },
  };
}

/**
 * A client with its own memory of the session nonce. The shop uses the shared one below;
 * tests make fresh ones.
 */
export function createFetchClient() {
  let nonce: string | null = null;

  async function send(
    url: string,
    options: FetchOptions,
    accept: string | undefined,
  ): Promise<{ ok: true; response: Response } | FetchFailure> {
    const headers = new Headers(options.headers);
    if (accept && !headers.has('Accept')) headers.set('Accept', accept);
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    }
    // The nonce belongs to this shop's session: never hand it to another origin.
    const sameOrigin = isSameOrigin(url);
    if (nonce && sameOrigin && !headers.has(NONCE_HEADER)) headers.set(NONCE_HEADER, nonce);
    try {
      const response = await fetch(url, {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        body,
        headers,
        credentials: 'same-origin',
        signal: options.signal,
      });
      const next = response.headers.get(NONCE_HEADER);
      if (next && sameOrigin) nonce = next;
      return { ok: true, response };
    } catch (error) {
      return isAbort(error, options.signal)
        ? { ok: false, kind: 'aborted' }
        : { ok: false, kind: 'network', error };
    }
  }

  /** Reads the body; a failure here is the connection's or the signal's, like one in `send`. */
  async function readText(
    response: Response,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; text: string } | FetchFailure> {
    try {
      return { ok: true, text: await response.text() };
    } catch (error) {
      return isAbort(error, signal)
        ? { ok: false, kind: 'aborted' }
        : { ok: false, kind: 'network', error };
    }
  }

  async function fetchJson<T>(
    url: string,
    options: FetchOptions = {},
  ): Promise<FetchJsonResult<T>> {
    const sent = await send(url, options, 'application/json');
    if (!sent.ok) return sent;
    const { response } = sent;
    const read = await readText(response, options.signal);
    if (!read.ok) return read;
    let body: unknown = null;
    if (read.text.trim() !== '') {
      try {
        body = JSON.parse(read.text);
      } catch (error) {
        return { ok: false, kind: 'invalid_json', status: response.status, error };
      }
    } else if (response.ok && response.status !== 204) {
      // Only "no content" may come without a body from a call that succeeded.
      return {
        ok: false,
        kind: 'invalid_json',
        status: response.status,
        error: new SyntaxError('Empty response body'),
      };
    }
    if (!response.ok) {
      return {
        ok: false,
        kind: 'http',
        status: response.status,
        error: asJsonError(body, response.status),
        body,
      };
    }
    return { ok: true, status: response.status, data: body as T | null, headers: response.headers };
  }

  /** For the few calls that answer with markup (captcha regeneration, say). */
  async function fetchText(url: string, options: FetchOptions = {}): Promise<FetchTextResult> {
    const sent = await send(url, options, undefined);
    if (!sent.ok) return sent;
    const { response } = sent;
    const read = await readText(response, options.signal);
    if (!read.ok) return read;
    return response.ok
      ? { ok: true, status: response.status, text: read.text, headers: response.headers }
      : { ok: false, kind: 'http', status: response.status, text: read.text };
  }

  return { fetchJson, fetchText, nonce: () => nonce };
}

const shared = createFetchClient();

export const fetchJson = shared.fetchJson;
export const fetchText = shared.fetchText;
