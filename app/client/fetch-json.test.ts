import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchClient } from './fetch-json.ts';

type Call = { url: string; init: RequestInit };

/** Replaces the global fetch with one that answers from the list, and records every call. */
function stubFetch(...answers: (Response | Error)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return calls;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });

const header = (call: Call | undefined, name: string) => new Headers(call?.init.headers).get(name);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchJson', () => {
  it('GETs with same-origin credentials and asks for JSON', async () => {
    const calls = stubFetch(json({ items: [1, 2] }));
    const result = await createFetchClient().fetchJson<{ items: number[] }>('/wc/store/v1/cart');
    expect(result).toMatchObject({ ok: true, status: 200, data: { items: [1, 2] } });
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(header(calls[0], 'Accept')).toBe('application/json');
  });

  it('POSTs FormData as is, and plain values as JSON', async () => {
    const calls = stubFetch(json({}), json({}));
    const client = createFetchClient();
    const form = new FormData();
    form.set('your-name', 'Erika');
    await client.fetchJson('/forms/v1/contact-forms/1/feedback', { body: form });
    await client.fetchJson('/wc/store/v1/cart/add-item', { json: { id: 7, quantity: 2 } });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(form);
    // The browser sets the multipart boundary itself.
    expect(header(calls[0], 'Content-Type')).toBeNull();
    expect(calls[1]!.init.method).toBe('POST');
    expect(calls[1]!.init.body).toBe('{"id":7,"quantity":2}');
    expect(header(calls[1], 'Content-Type')).toBe('application/json');
  });

  it('keeps the nonce of the last answer and sends it with the next calls', async () => {
    const calls = stubFetch(
      json({}, { headers: { Nonce: 'first' } }),
      json({}),
      json({}, { headers: { Nonce: 'second' } }),
      json({}),
    );
    const client = createFetchClient();
    await client.fetchJson('/wc/store/v1/cart');
    await client.fetchJson('/wc/store/v1/cart/add-item', { json: { id: 7 } });
    await client.fetchJson('/wc/store/v1/cart/add-item', { json: { id: 7 } });
    await client.fetchJson('/wc/store/v1/cart/remove-item', { json: { key: 'k' } });
    expect(calls.map((c) => header(c, 'Nonce'))).toEqual([null, 'first', 'first', 'second']);
    expect(client.nonce()).toBe('second');
  });

  it('never sends the nonce to another origin', async () => {
    const calls = stubFetch(json({}, { headers: { Nonce: 'secret' } }), json({}), json({}));
    const client = createFetchClient();
    await client.fetchJson('/wc/store/v1/cart');
    await client.fetchJson('https://elsewhere.example/api');
    await client.fetchJson('//elsewhere.example/api');
    expect(header(calls[1], 'Nonce')).toBeNull();
    expect(header(calls[2], 'Nonce')).toBeNull();
  });

  it('turns an error answer into a typed result', async () => {
    stubFetch(
      json(
        {
          code: 'woocommerce_rest_cart_invalid_key',
          message: 'Zu diesem Schlüssel gibt es keinen Artikel im Warenkorb.',
          data: { status: 409, params: { key: 'abc' } },
        },
        { status: 409 },
      ),
    );
    const result = await createFetchClient().fetchJson('/wc/store/v1/cart/remove-item', {
      json: { key: 'abc' },
    });
    expect(result).toMatchObject({
      ok: false,
      kind: 'http',
      status: 409,
      error: {
        code: 'woocommerce_rest_cart_invalid_key',
        message: 'Zu diesem Schlüssel gibt es keinen Artikel im Warenkorb.',
        data: { status: 409, params: { key: 'abc' } },
      },
    });
  });

  it('keeps the body of an error answer of another shape, with a fallback code', async () => {
    const feedback = { status: 'aborted', message: 'Zu viele Nachrichten.' };
    stubFetch(json(feedback, { status: 429 }));
    const result = await createFetchClient().fetchJson('/forms/v1/contact-forms/1/feedback', {
      body: new FormData(),
    });
    expect(result).toMatchObject({
      ok: false,
      kind: 'http',
      status: 429,
      body: feedback,
      error: { code: 'http_429', message: 'Zu viele Nachrichten.', data: { status: 429 } },
    });
  });

  it('gives null data for 204 and an error for any other empty success', async () => {
    stubFetch(new Response(null, { status: 204 }), new Response('', { status: 200 }));
    const client = createFetchClient();
    expect(await client.fetchJson('/a')).toMatchObject({ ok: true, status: 204, data: null });
    expect(await client.fetchJson('/b')).toMatchObject({
      ok: false,
      kind: 'invalid_json',
      status: 200,
    });
  });

  it('reports a body that is not JSON, whatever the status', async () => {
    stubFetch(
      new Response('<html>Bad gateway</html>', { status: 502 }),
      new Response('<p>hello</p>', { status: 200 }),
    );
    const client = createFetchClient();
    expect(await client.fetchJson('/a')).toMatchObject({
      ok: false,
      kind: 'invalid_json',
      status: 502,
    });
    expect(await client.fetchJson('/b')).toMatchObject({
      ok: false,
      kind: 'invalid_json',
      status: 200,
    });
  });

  it('reports a network failure instead of throwing', async () => {
    const offline = new TypeError('Failed to fetch');
    stubFetch(offline);
    const result = await createFetchClient().fetchJson('/a');
    expect(result).toEqual({ ok: false, kind: 'network', error: offline });
  });

  it('passes the AbortSignal on and reports an aborted call as such', async () => {
    const controller = new AbortController();
    const calls = stubFetch(new DOMException('The operation was aborted.', 'AbortError'));
    controller.abort();
    const result = await createFetchClient().fetchJson('/a', { signal: controller.signal });
    expect(calls[0]!.init.signal).toBe(controller.signal);
    expect(result).toEqual({ ok: false, kind: 'aborted' });
  });
});

describe('fetchText', () => {
  it('answers the markup of a success and of an error, and keeps the nonce', async () => {
    const calls = stubFetch(
      new Response('<span class="captcha-inner"></span>', { headers: { Nonce: 'n1' } }),
      new Response('{"code":"rest_invalid_param"}', { status: 400 }),
    );
    const client = createFetchClient();
    const body = new URLSearchParams({ toggle: 'f1-p2-o1' });
    expect(await client.fetchText('/wc-ajax/captcha_regenerate', { body })).toMatchObject({
      ok: true,
      status: 200,
      text: '<span class="captcha-inner"></span>',
    });
    expect(await client.fetchText('/wc-ajax/captcha_regenerate', { body })).toMatchObject({
      ok: false,
      kind: 'http',
      status: 400,
    });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(body);
    expect(header(calls[0], 'Accept')).toBeNull();
    expect(header(calls[1], 'Nonce')).toBe('n1');
  });

  it('reports a network failure instead of throwing', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    expect(await createFetchClient().fetchText('/a')).toMatchObject({
      ok: false,
      kind: 'network',
    });
  });
});
