import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '#app/lib/messages/en.ts';
import { de } from '#app/lib/messages/de.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { TIMEOUT_MS, stripeAjax } from './calls.ts';

/** The catalogue's texts as the page has them, in English or German. */
const translate =
  (messages: Record<string, string>): Translate =>
  (key: string) =>
    messages[key] ?? key;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answerWith(answer: Response | Error | 'never') {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    calls.push(init);
    if (answer === 'never') {
      // Held until its signal ends it, as a server that does not answer.
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    }
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  return calls;
}

describe('the wc_stripe calls’ failures (spec section 8)', () => {
  for (const [lang, messages] of [
    ['en', en],
    ['de', de],
  ] as const) {
    const t = translate(messages);

    it(`no answer within the time limit: the timeout text (${lang})`, async () => {
      vi.useFakeTimers();
      answerWith('never');
      const pending = stripeAjax('update_order_status', { order_id: '1' }, 'n', t);
      await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual({ ok: false, message: messages['stripe.error.timeout'] });
    });

    it(`a call the browser aborted: the abort text (${lang})`, async () => {
      answerWith(new DOMException('The user aborted a request.', 'AbortError'));
      expect(await stripeAjax('update_order_status', {}, 'n', t)).toEqual({
        ok: false,
        message: messages['stripe.error.abort'],
      });
    });

    it(`a dropped connection: the transport text (${lang})`, async () => {
      answerWith(new TypeError('Failed to fetch'));
      expect(await stripeAjax('update_order_status', {}, 'n', t)).toEqual({
        ok: false,
        message: messages['stripe.error.transport'],
      });
    });

    it(`a refusal without a message: the unknown-error text (${lang})`, async () => {
      answerWith(json({ success: false }));
      expect(await stripeAjax('update_order_status', {}, 'n', t)).toEqual({
        ok: false,
        message: messages['stripe.error.unknown'],
      });
    });
  }

  it('an error answer keeps the server’s own message; success gives the data', async () => {
    const t = translate(en);
    answerWith(json({ success: false, data: { error: { message: 'Order not found.' } } }, 404));
    expect(await stripeAjax('update_order_status', {}, 'n', t)).toEqual({
      ok: false,
      message: 'Order not found.',
    });
    const calls = answerWith(json({ success: true, data: { return_url: '/x' } }));
    expect(await stripeAjax('update_order_status', { order_id: '7' }, 'n9', t)).toEqual({
      ok: true,
      data: { return_url: '/x' },
    });
    const body = new URLSearchParams(String(calls[0]!.body));
    expect(body.get('order_id')).toBe('7');
    expect(body.get('_ajax_nonce')).toBe('n9');
  });
});
