import path from 'node:path';
import type { AppLoadContext } from 'react-router';
import {
  captchaAudioSecret,
  createChallenge,
  verifyChallenge,
} from '#app/domain/forms/captcha.server.ts';
import { compileRules } from '#app/domain/forms/compile.ts';
import {
  CAPTCHA_ANSWER_FIELD,
  type ContactFormRow,
  RATE_LIMIT,
  findForm,
  processSubmission,
} from '#app/domain/forms/forms.server.ts';
import type { CaptchaView, ContactFormView, Feedback } from '#app/domain/forms/forms.view.ts';
import { receiveForm } from '#app/domain/forms/uploads.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { z } from 'zod';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { createMailer } from '#app/lib/mail.server.ts';
import { mailFrom } from '../mail/mail-sender.server.ts';
import { shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import type { Session } from '#app/lib/session.server.ts';
import { type Result, notFound } from '#app/domain/kernel/result.ts';

type Args = { request: Request; context: AppLoadContext };

const rateLimitSchema = z.object({
  submissions: z.number().int().positive(),
  windowMs: z.number().int().positive(),
});

export function unitTagOf(formId: number, containerPost: number): string {
  return `f${formId}-p${containerPost}-o1`;
}

/** Where the picture is served; Contact Form 7's script reads the key from the digits before `.png`. */
export function captchaImageUrl(key: string): string {
  return `/forms/v1/captcha/${encodeURIComponent(key)}.png`;
}

/**
 * The captcha part of a feedback or refill answer: `captcha` maps the answer field to the
 * picture's address as Contact Form 7's script expects; `captcha_details` carries the key and
 * the audio address for the shop's own script.
 */
export function captchaReply(captcha: CaptchaView | null) {
  return captcha
    ? {
        captcha: { [CAPTCHA_ANSWER_FIELD]: captcha.image },
        captcha_details: { [CAPTCHA_ANSWER_FIELD]: captcha },
      }
    : { captcha: {} };
}

export async function newCaptcha(
  args: Args,
  formId: number,
  session: Session,
): Promise<CaptchaView> {
  const { db, env } = shop(args);
  const { key, text } = await createChallenge(db, {
    sessionIdHash: session.idHash,
    formId,
    secret: env.SESSION_SECRET,
  });
  return {
    key,
    image: captchaImageUrl(key),
    audio: `/wc-ajax/captcha_audio?key=${encodeURIComponent(key)}&secret=${captchaAudioSecret(key, env.SESSION_SECRET)}`,
    ...(env.NODE_ENV === 'test' ? { testAnswer: text } : {}),
  };
}

/** Everything the page needs to render a form; starts a session, as the captcha is bound to one. */
export async function contactFormView(args: Args, slug: string, containerPost: number) {
  const { db, locale, t, startSession } = shop(args);
  const form = await findForm(db, { slug });
  if (!form) return null;
  const { session, setCookie } = await startSession();
  const def = form.definition;
  const view: ContactFormView = {
    id: form.id,
    slug: form.slug,
    version: form.version,
    locale,
    unitTag: unitTagOf(form.id, containerPost),
    containerPost,
    title: localize(form.title, locale),
    submitLabel: localize(def.submitLabel, locale),
    fields: def.fields.map((f) => ({
      name: f.name,
      type: f.type,
      label: localize(f.label, locale),
      required: Boolean(f.required) || (f.type === 'acceptance' && !f.optional),
      placeholder: localize(f.placeholder, locale),
      help: localize(f.help, locale),
      autocomplete: f.autocomplete,
      options: (f.options ?? []).map((o) => ({ value: o.value, label: localize(o.label, locale) })),
      exclusive: Boolean(f.exclusive),
      minLength: f.minLength,
      maxLength: f.maxLength,
      min: f.min,
      max: f.max,
      step: f.step,
      minDate: f.minDate,
      maxDate: f.maxDate,
      accept: f.accept,
      maxFileSize: f.maxFileSize,
      multiple: Boolean(f.multiple),
      optional: Boolean(f.optional),
      invert: Boolean(f.invert),
      question: f.quiz ? localize(f.quiz.question, locale) : undefined,
    })),
    rules: compileRules(def, locale, t),
    captcha: def.captcha ? await newCaptcha(args, form.id, session) : null,
  };
  return { view, setCookie };
}

/** Reads, decides, stores and mails one submission; used by the REST call and the plain page post. */
export async function submitContactForm(
  args: Args,
  form: ContactFormRow,
): Promise<{ feedback: Feedback; httpStatus: number; posted: Record<string, string[]> }> {
  const { db, env, locale, t, session: current } = shop(args);
  const session = await current();
  const uploadDir = path.resolve(env.DATA_DIR, 'uploads');
  const received = await receiveForm(args.request, uploadDir);
  // Contact Form 7's own form names the page `_wpcf7_container_post`.
  const containerPost =
    Number(
      received.fields._form_container_post?.[0] ?? received.fields._wpcf7_container_post?.[0] ?? 0,
    ) || 0;
  const mailer = createMailer(env, await mailFrom(db, env));
  const result = await processSubmission(
    {
      db,
      mailer,
      locale,
      t,
      secret: env.SESSION_SECRET,
      rateLimit: await getSetting(db, 'forms.rate_limit', rateLimitSchema, RATE_LIMIT),
      verifyCaptcha: (key, answer) =>
        session
          ? verifyChallenge(db, { key, answer, sessionIdHash: session.idHash, formId: form.id })
          : Promise.resolve('missing'),
    },
    {
      form,
      received,
      sessionIdHash: session?.idHash ?? null,
      clientAddress: args.request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown',
      unitTag: unitTagOf(form.id, containerPost),
    },
  );
  return {
    feedback: result.feedback,
    httpStatus: result.refusal ? STATUS_OF_KIND[result.refusal] : 200,
    posted: received.fields,
  };
}

/** The form a REST call names by id; an unknown or malformed id is not found. */
export async function formOfCall(
  args: Args,
  rawId: string | undefined,
): Promise<Result<ContactFormRow>> {
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const form = id === null ? null : await findForm(shop(args).db, { id });
  return form ? { ok: true, value: form } : { ok: false, error: notFound('forms.not_found') };
}
