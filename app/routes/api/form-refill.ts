import type { Route } from './+types/form-refill';
import { formOfCall, newCaptcha } from '#app/lib/contact-form.server.ts';
import { localize } from '#app/lib/localized.ts';
import { shop } from '#app/lib/request.server.ts';
import { json, methodNotAllowed } from '#app/lib/store-api.server.ts';

/** After a sent form is reset: a fresh captcha and the quiz questions, so it can be used again. */
export async function loader(args: Route.LoaderArgs) {
  const { locale, startSession } = shop(args);
  const form = await formOfCall(args, args.params.id);
  if (form instanceof Response) return form;
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
