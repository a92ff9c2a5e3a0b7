import { redirect } from 'react-router';
import type { Route } from './+types/set-language';
import { serializeCookie } from '#app/lib/cookies.ts';
import { LANG_COOKIE } from '#app/lib/i18n.server.ts';
import { isLocale } from '#app/lib/locale.ts';
import { safeRedirectPath } from '#app/http/request.server.ts';

export async function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const lang = form?.get('lang');
  const target = safeRedirectPath(form?.get('redirectTo'));
  if (!isLocale(lang)) return redirect(target, 303);
  return redirect(target, {
    status: 303,
    headers: {
      'Set-Cookie': serializeCookie(LANG_COOKIE, lang, { maxAge: 365 * 86_400, sameSite: 'Lax' }),
    },
  });
}
