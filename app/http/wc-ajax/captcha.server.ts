import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CaptchaFull, CaptchaInner, type CaptchaLabels } from '#app/components/captcha.tsx';
import { captchaAudio, verifyAudioSecret } from '#app/domain/forms/captcha.server.ts';
import { domainError, notFound } from '#app/domain/kernel/result.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { isLocale } from '#app/lib/locale.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { FORMS_API_CODES } from '../forms-api/codes.ts';
import { formOfCall, newCaptcha } from '../forms-api/contact-form.server.ts';
import { shop } from '../request.server.ts';
import { uncachedFile } from '../response.ts';

/** POST toggle (the form's unit tag), generate (generate_full | regenerate_inner), lang: the captcha's new HTML. */
export const captchaRegenerate = defineEndpoint({
  methods: ['POST'],
  codes: FORMS_API_CODES,
  handle: async ({ args, input, locale: pageLocale }) => {
    const { toggle, generate, lang } = input;
    const unit = typeof toggle === 'string' ? /^f(\d{1,9})-p(\d{1,9})-o\d+$/.exec(toggle) : null;
    if (!unit || (generate !== 'generate_full' && generate !== 'regenerate_inner')) {
      const param = unit ? 'generate' : 'toggle';
      return { ok: false, error: domainError('invalid', 'error.invalid_param', { param }) };
    }
    const form = await formOfCall(args, unit[1]);
    if (!form.ok) return form;
    if (!form.value.definition.captcha) return { ok: false, error: notFound('forms.not_found') };
    const asked = typeof lang === 'string' ? lang.slice(0, 2) : '';
    const tl = serverTranslator(isLocale(asked) ? asked : pageLocale);
    const { session, setCookie } = await shop(args).startSession();
    const captcha = await newCaptcha(args, form.value.id, session);
    const labels: CaptchaLabels = {
      label: tl('forms.captcha_label'),
      hint: tl('forms.captcha_hint'),
      image: tl('forms.captcha_image'),
      renew: tl('forms.captcha_new'),
      listen: tl('forms.captcha_listen'),
    };
    const element =
      generate === 'generate_full'
        ? createElement(CaptchaFull, { captcha, labels, unitTag: toggle as string })
        : createElement(CaptchaInner, { captcha, labels });
    return new Response(renderToStaticMarkup(element), {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
      },
    });
  },
});

/** GET key, secret: the session's live captcha spoken character by character, as WAV. */
export const captchaAudioCall = defineEndpoint({
  methods: ['GET'],
  codes: FORMS_API_CODES,
  session: 'read',
  handle: async ({ db, env, locale, input, session }) => {
    const key = typeof input.key === 'string' ? input.key : '';
    const secret = typeof input.secret === 'string' ? input.secret : '';
    const audio =
      session && verifyAudioSecret(key, secret, env.SESSION_SECRET)
        ? await captchaAudio(db, {
            key,
            sessionIdHash: session.idHash,
            locale,
            secret: env.SESSION_SECRET,
          })
        : null;
    if (!audio) return { ok: false, error: notFound('forms.captcha_expired') };
    return uncachedFile(audio, 'audio/wav');
  },
});
