import type { Route } from './+types/form-feedback';
import { formOfCall, newCaptcha, submitContactForm } from '#app/lib/contact-form.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { json, methodNotAllowed } from '#app/lib/store-api.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return methodNotAllowed(shop(args).t, 'POST');
}

export async function action(args: Route.ActionArgs) {
  const { session } = shop(args);
  const form = await formOfCall(args, args.params.id);
  if (form instanceof Response) return form;
  const { feedback, httpStatus } = await submitContactForm(args, form);
  // A consumed captcha is replaced at once, so the visitor can try again without reloading.
  const current = await session();
  const captcha =
    form.definition.captcha && current && feedback.status !== 'mail_sent'
      ? { kc_captcha: await newCaptcha(args, form.id, current) }
      : {};
  return json({ ...feedback, captcha, quiz: {} }, { status: httpStatus });
}
