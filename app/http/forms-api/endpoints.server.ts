import { captchaImage } from '#app/domain/forms/captcha.server.ts';
import { compileRules } from '#app/domain/forms/compile.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { notFound } from '#app/domain/kernel/result.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json, uncachedFile } from '../response.ts';
import { shop } from '../request.server.ts';
import { FORMS_API_CODES } from './codes.ts';
import { captchaReply, formOfCall, newCaptcha, submitContactForm } from './contact-form.server.ts';

/** POST (multipart or urlencoded): decides, stores and mails one submission. */
export const formFeedback = defineEndpoint({
  methods: ['POST'],
  codes: FORMS_API_CODES,
  body: 'raw',
  handle: async ({ args }) => {
    const form = await formOfCall(args, args.params.id);
    if (!form.ok) return form;
    const { feedback, httpStatus } = await submitContactForm(args, form.value);
    // A consumed captcha is replaced at once, so the visitor can try again without reloading.
    const session = await shop(args).session();
    const captcha =
      form.value.definition.captcha && session && feedback.status !== 'mail_sent'
        ? await newCaptcha(args, form.value.id, session)
        : null;
    return json({ ...feedback, ...captchaReply(captcha), quiz: {} }, { status: httpStatus });
  },
});

/** GET: after a sent form is reset, a fresh captcha and the quiz questions, so it can be used again. */
export const formRefill = defineEndpoint({
  methods: ['GET'],
  codes: FORMS_API_CODES,
  session: 'start',
  handle: async ({ args, locale, session }) => {
    const form = await formOfCall(args, args.params.id);
    if (!form.ok) return form;
    const { definition } = form.value;
    const quiz = Object.fromEntries(
      definition.fields
        .filter((f) => f.quiz)
        .map((f) => [f.name, [localize(f.quiz!.question, locale), '']]),
    );
    const captcha = definition.captcha ? await newCaptcha(args, form.value.id, session!) : null;
    return { ok: true, value: { ...captchaReply(captcha), quiz } };
  },
});

/** GET: the rules the form is validated with, in the visitor's language. */
export const formSchema = defineEndpoint({
  methods: ['GET'],
  codes: FORMS_API_CODES,
  handle: async ({ args, locale, t }) => {
    const form = await formOfCall(args, args.params.id);
    if (!form.ok) return form;
    const rules = compileRules(form.value.definition, locale, t);
    return { ok: true, value: { version: form.value.version, locale, rules } };
  },
});

/** GET `{key}.png`: the picture of the session's live challenge; anything else is not found. */
export const formCaptchaImage = defineEndpoint({
  methods: ['GET'],
  codes: FORMS_API_CODES,
  session: 'read',
  handle: async ({ args, db, env, session }) => {
    const key = /^(\d{1,64})\.png$/.exec(args.params.image ?? '')?.[1];
    const png =
      key && session
        ? await captchaImage(db, { key, sessionIdHash: session.idHash, secret: env.SESSION_SECRET })
        : null;
    if (!png) return { ok: false, error: notFound('forms.captcha_expired') };
    // Every request draws new noise; a kept copy must not outlive the challenge.
    return uncachedFile(png, 'image/png');
  },
});
