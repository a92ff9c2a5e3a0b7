import { NotFoundContent } from '#app/components/not-found.tsx';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { refuseHostileAddress } from '#app/http/request.server.ts';
import type { Route } from './+types/not-found';

/** Every address no other route takes: the shop's 404 page (400 for a refused address). */
export async function loader({ context }: Route.LoaderArgs) {
  refuseHostileAddress(context);
  return pageNotFound();
}

export async function action({ context }: Route.ActionArgs) {
  refuseHostileAddress(context);
  return pageNotFound();
}

export default function NotFound() {
  return <NotFoundContent />;
}
