import { redirect } from 'react-router';
import type { Route } from './+types/store-notice';
import { readForm, refusedWithoutPage, safeRedirectPath } from '#app/http/request.server.ts';
import { serializeCookie } from '#app/lib/cookies.ts';
import { secureCookies } from '#app/http/cart-cookies.server.ts';
import { NOTICE_ID, STORE_NOTICE_HIDDEN, storeNoticeCookieName } from '#app/lib/page-cookies.ts';

export async function loader(args: Route.LoaderArgs) {
  return refusedWithoutPage(args) ?? redirect('/');
}

/** Dismissing the store notice without JavaScript: the same cookie the browser would set. */
export async function action(args: Route.ActionArgs) {
  const refused = refusedWithoutPage(args);
  if (refused) return refused;
  const read = await readForm(args.request);
  if (!read.ok) return redirect('/', 303);
  const id = String(read.value.get('id') ?? '');
  const target = safeRedirectPath(read.value.get('redirectTo'));
  if (!NOTICE_ID.test(id)) return redirect(target, 303);
  // A browser-session cookie, as the notice bar's own script sets it.
  const cookie = serializeCookie(storeNoticeCookieName(id), STORE_NOTICE_HIDDEN, {
    secure: secureCookies(args.context.env),
  });
  return redirect(target, { status: 303, headers: { 'Set-Cookie': cookie } });
}
