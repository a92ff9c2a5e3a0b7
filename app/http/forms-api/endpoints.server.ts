import { compileRules } from '#app/domain/forms/compile.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { shop } from '../request.server.ts';
import { FORMS_API_CODES } from './codes.ts';
import { formOfCall, newCaptcha, submitContactForm } from './contact-form.server.ts';

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
        ? { kc_captcha: await newCaptcha(args, form.value.id, session) }
        : {};
    return json({ ...feedback, captcha, quiz: {} }, { status: httpStatus });
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
    const captcha = definition.captcha
      ? { kc_captcha: await newCaptcha(args, form.value.id, session!) }
      : {};
    return { ok: true, value: { captcha, quiz } };
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
