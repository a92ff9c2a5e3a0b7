import type { Route } from './+types/form-refill';
import { findForm } from '#app/domain/forms/forms.server.ts';
import { formIdParam, newCaptcha } from '#app/lib/contact-form.server.ts';
import { localize } from '#app/lib/localized.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, json, methodNotAllowed } from '#app/lib/store-api.server.ts';

/** After a sent form is reset: a fresh captcha and the quiz questions, so it can be used again. */
export async function loader(args: Route.LoaderArgs) {
  const { db, t, locale, startSession } = shop(args);
  const id = formIdParam(args.params.id);
  const form = id === null ? null : await findForm(db, { id });
  if (!form)
    return apiError({ code: 'wpcf7_not_found', status: 404, message: 'error.not_found_title' }, t);
  const { session, setCookie } = await startSession();
  const quiz = Object.fromEntries(
    form.definition.fields
      .filter((f) => f.quiz)
      .map((f) => [f.name, [localize(f.quiz!.question, locale), '']]),
  );
  const captcha = form.definition.captcha
    ? { kc_captcha: await newCaptcha(args, form.id, session) }
    : {};
  return json({ captcha, quiz }, { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
