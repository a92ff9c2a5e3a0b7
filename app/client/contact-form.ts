// The contact form's browser side: reading the fields for the rule engine, and the calls that
// renew its captcha.
import { fetchJson, fetchText } from '#app/client/fetch-json.ts';
import type { CaptchaView, Feedback, FieldView } from '#app/domain/forms/forms.view.ts';
import type { FormValues } from '#app/domain/forms/rules.ts';

export type FieldErrors = Record<string, string>;
/**
 * The captcha part of the feedback and refill answers: `captcha` maps the field to the picture
 * (Contact Form 7's shape), `captcha_details` has everything this script shows.
 */
export type CaptchaReply = {
  captcha?: Record<string, string>;
  captcha_details?: { kc_captcha?: CaptchaView };
};
/** The feedback endpoint's answer: the verdict, with a new captcha when one was used. */
export type FeedbackReply = Feedback & CaptchaReply;

export function isFeedback(body: unknown): body is FeedbackReply {
  return (
    typeof body === 'object' && body !== null && typeof (body as FeedbackReply).status === 'string'
  );
}

export function browserSupportsForm(): boolean {
  return (
    typeof fetch === 'function' &&
    typeof FormData === 'function' &&
    typeof NodeList !== 'undefined' &&
    typeof NodeList.prototype.forEach === 'function' &&
    typeof String.prototype.replaceAll === 'function'
  );
}

/** Field values as the rule engine reads them; files by name, size and declared type. */
export function valuesOf(form: HTMLFormElement, fields: FieldView[]): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const f of fields) {
    const raw = data.getAll(f.multiple || f.type === 'checkbox' ? `${f.name}[]` : f.name);
    values[f.name] = raw.map((v) =>
      typeof v === 'string' ? v : { name: v.name, size: v.size, type: v.type },
    );
  }
  return values;
}

export function errorsFrom(feedback: Feedback | undefined): FieldErrors {
  return Object.fromEntries((feedback?.invalid_fields ?? []).map((i) => [i.field, i.message]));
}

/** A new captcha for the form, read from the regenerate call's HTML; null when it failed. */
export async function regeneratedCaptcha(unitTag: string): Promise<CaptchaView | null> {
  const body = new URLSearchParams({
    toggle: unitTag,
    generate: 'regenerate_inner',
    lang: document.documentElement.lang.slice(0, 2),
  });
  const result = await fetchText('/wc-ajax/captcha_regenerate', { body });
  if (!result.ok) return null;
  const html = new DOMParser().parseFromString(result.text, 'text/html');
  const key = html.querySelector<HTMLInputElement>('input[name="kc_key"]')?.value;
  const image = html.querySelector('img')?.getAttribute('src');
  const audio = html.querySelector<HTMLElement>('[data-audio]')?.dataset.audio;
  return key && image && audio ? { key, image, audio } : null;
}

/** The captcha a sent form shows next (the refill call); null when there is none. */
export async function refilledCaptcha(formId: number): Promise<CaptchaView | null> {
  const result = await fetchJson<CaptchaReply>(`/forms/v1/contact-forms/${formId}/refill`);
  if (result.ok) return result.data?.captcha_details?.kc_captcha ?? null;
  if (result.kind !== 'http')
    console.error(result.kind, 'error' in result ? result.error : undefined);
  return null;
}
