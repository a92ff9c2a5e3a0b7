import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { handleLogout } from '#app/http/pages/account-login.server.ts';

/** Logging out changes state: only by POST with the session's token; a visit goes to the account. */
export function loader() {
  return redirect('/my-account');
}

export async function action(args: Route.ActionArgs) {
  return handleLogout(args);
}
