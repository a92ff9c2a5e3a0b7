import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFoundContent } from '#app/components/not-found.tsx';
import { shop } from '#app/lib/request.server.ts';

export async function loader(args: Route.LoaderArgs) {
  return data({ title: shop(args).t('error.not_found_title') }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  return data({ title: shop(args).t('error.not_found_title') }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return <NotFoundContent />;
}
