import type { Route } from './+types/activate';
import { useActionData } from 'react-router';
import { LinkResult } from '#app/components/account/link-result.tsx';
import { loadLinkPage, followLink } from '#app/http/pages/account-pages.server.ts';
import { ACCOUNT_MESSAGE_AREAS } from '#app/domain/customers/account-form.view.ts';
import type { MessagesHandle } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ACCOUNT_MESSAGE_AREAS } satisfies MessagesHandle;

/** The link's secret is in the address: never sent on to another site. */
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer' });

export async function loader(args: Route.LoaderArgs) {
  return loadLinkPage(args, 'activate');
}

export async function action(args: Route.ActionArgs) {
  return followLink(args, 'activate');
}

export default function LinkResultPage({ loaderData }: Route.ComponentProps) {
  const used = useActionData<typeof action>();
  return <LinkResult titleKey="account.activate_title" kind="activate" page={used ?? loaderData} />;
}
