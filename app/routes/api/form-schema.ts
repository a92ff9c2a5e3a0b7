import type { Route } from './+types/form-schema';
import { compileRules } from '#app/domain/forms/compile.ts';
import { formOfCall } from '#app/lib/contact-form.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { json, methodNotAllowed } from '#app/lib/store-api.server.ts';

/** The rules the form is validated with, in the visitor's language. */
export async function loader(args: Route.LoaderArgs) {
  const { t, locale } = shop(args);
  const form = await formOfCall(args, args.params.id);
  if (form instanceof Response) return form;
  return json({ version: form.version, locale, rules: compileRules(form.definition, locale, t) });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
