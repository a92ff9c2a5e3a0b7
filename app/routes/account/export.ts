import { redirect } from 'react-router';
import type { Route } from './+types/export';
import { handleExport } from '#app/http/pages/account-details.server.ts';

/** The download is a POST with the session's token; a visit goes to the account. */
export function loader() {
  return redirect('/my-account/edit-account');
}

export async function action(args: Route.ActionArgs) {
  return handleExport(args);
}
