import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { Route } from './+types/captcha-regenerate';
import { CaptchaFull, CaptchaInner, type CaptchaLabels } from '#app/components/captcha.tsx';
import { formOfCall, newCaptcha } from '#app/lib/contact-form.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { isLocale } from '#app/lib/localized.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, methodNotAllowed, readBody } from '#app/lib/store-api.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

/** POST toggle (the form's unit tag), generate (generate_full | regenerate_inner), lang: answers the captcha's new HTML. */
export async function action(args: Route.ActionArgs) {
  const { t, startSession, locale: pageLocale } = shop(args);
  const body = await readBody(args.request, t);
  if ('response' in body) return body.response;
  const { toggle, generate, lang } = body.fields as Record<string, unknown>;
  const unit = typeof toggle === 'string' ? /^f(\d{1,9})-p(\d{1,9})-o\d+$/.exec(toggle) : null;
  if (!unit || (generate !== 'generate_full' && generate !== 'regenerate_inner')) {
    return apiError(
      {
        code: 'rest_invalid_param',
        status: 400,
        message: 'error.invalid_param',
        params: { param: unit ? 'generate' : 'toggle' },
      },
      t,
    );
  }
  const form = await formOfCall(args, unit[1]);
  if (form instanceof Response) return form;
  if (!form.definition.captcha) {
    return apiError({ code: 'contact_form_not_found', status: 404, message: 'forms.not_found' }, t);
  }
  const locale =
    typeof lang === 'string' && isLocale(lang.slice(0, 2))
      ? (lang.slice(0, 2) as 'de' | 'en')
      : pageLocale;
  const tl = serverTranslator(locale);
  const { session, setCookie } = await startSession();
  const captcha = await newCaptcha(args, form.id, session);
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
}
