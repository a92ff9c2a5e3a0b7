import type { Route } from './+types/form-feedback';
import { findForm } from '#app/domain/forms/forms.server.ts';
import { formIdParam, newCaptcha, submitContactForm } from '#app/lib/contact-form.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, json, methodNotAllowed } from '#app/lib/store-api.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

export async function action(args: Route.ActionArgs) {
  const { db, t, session } = shop(args);
  const id = formIdParam(args.params.id);
  const form = id === null ? null : await findForm(db, { id });
  if (!form)
    return apiError({ code: 'wpcf7_not_found', status: 404, message: 'error.not_found_title' }, t);
  const { feedback, httpStatus } = await submitContactForm(args, form);
  // A consumed captcha is replaced at once, so the visitor can try again without reloading.
  const current = await session();
  const captcha =
    form.definition.captcha && current && feedback.status !== 'mail_sent'
      ? { kc_captcha: await newCaptcha(args, form.id, current) }
      : {};
  return json({ ...feedback, captcha, quiz: {} }, { status: httpStatus });
}
