import type { Route } from './+types/form-schema';
import { compileRules } from '#app/domain/forms/compile.ts';
import { findForm } from '#app/domain/forms/forms.server.ts';
import { formIdParam } from '#app/lib/contact-form.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, json, methodNotAllowed } from '#app/lib/store-api.server.ts';

/** The rules the form is validated with, in the visitor's language. */
export async function loader(args: Route.LoaderArgs) {
  const { db, t, locale } = shop(args);
  const id = formIdParam(args.params.id);
  const form = id === null ? null : await findForm(db, { id });
  if (!form)
    return apiError({ code: 'wpcf7_not_found', status: 404, message: 'error.not_found_title' }, t);
  return json({ version: form.version, locale, rules: compileRules(form.definition, locale, t) });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
