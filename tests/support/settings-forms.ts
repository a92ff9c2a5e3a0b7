import { expect } from 'vitest';

// Reading the answers of the settings area's no-JS forms.

/** The error summary's text (the page also carries the area's messages, so look only there). */
export const alertOf = (page: string) =>
  /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';

/** The message beside a field (`setting-<field>`). */
export const tipOf = (page: string, field: string) =>
  new RegExp(`id="setting-${field}-tip"[^>]*>([^<]*)<`).exec(page)?.[1] ?? '';

/** The version the page's form carries. */
export const versionOf = (page: string) => /name="version" value="([^"]+)"/.exec(page)?.[1];

/**
 * Posts each body and expects a 400 whose summary and the message beside the named field both
 * contain the text: `[body, field, text]`.
 */
export async function expectRefusedBesideField(
  post: (body: string) => Promise<Response>,
  cases: readonly (readonly [string, string, string])[],
) {
  for (const [body, field, text] of cases) {
    const res = await post(body);
    const label = body.slice(0, 100);
    expect(res.status, label).toBe(400);
    const page = await res.text();
    expect(alertOf(page), label).toContain(text);
    expect(tipOf(page, field), label).toContain(text);
  }
}
