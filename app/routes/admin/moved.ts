import { redirect } from 'react-router';
import type { Route } from './+types/moved';

/** Where each former staff address lives now. */
function target(pathname: string): string {
  const rest = pathname.replace(/^\/my-account\//, '');
  if (rest === 'review-settings') return '/admin/reviews/settings';
  return `/admin/${rest}`;
}

/** The staff pages moved from /my-account into the back office: 301, the query kept. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${target(url.pathname)}${url.search}`, 301);
}

/** A form posted to a former address keeps its method and body (308). */
export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  return redirect(`${target(url.pathname)}${url.search}`, 308);
}
