import { redirect } from 'react-router';
import type { Route } from './+types/set-language';
import { serializeCookie } from '#app/lib/cookies.ts';
import { LANG_COOKIE } from '#app/lib/i18n.server.ts';
import { isLocale } from '#app/lib/locale.ts';
import { readForm, refusedWithoutPage, safeRedirectPath } from '#app/http/request.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return refusedWithoutPage(args) ?? redirect('/');
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const refused = refusedWithoutPage(args);
  if (refused) return refused;
  const read = await readForm(request);
  // Unreadable or hostile input changes nothing: back home in the current language.
  if (!read.ok) return redirect('/', 303);
  const lang = read.value.get('lang');
  const target = safeRedirectPath(read.value.get('redirectTo'));
  if (!isLocale(lang)) return redirect(target, 303);
  return redirect(target, {
    status: 303,
    headers: {
      'Set-Cookie': serializeCookie(LANG_COOKIE, lang, { maxAge: 365 * 86_400, sameSite: 'Lax' }),
    },
  });
}
