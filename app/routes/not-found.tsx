import { NotFoundContent } from '#app/components/not-found.tsx';
import { pageNotFound } from '#app/http/pages/not-found.ts';

/** Every address no other route takes: the shop's 404 page. */
export async function loader() {
  return pageNotFound();
}

export async function action() {
  return pageNotFound();
}

export default function NotFound() {
  return <NotFoundContent />;
}
