import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AdminFrame } from '#app/components/admin/frame.tsx';
import { staffShop } from '#app/http/admin/staff.server.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { MessagesHandle } from '#app/lib/i18n.ts';
// Linked here only: the storefront's pages never load the back office's styles.
import stylesheet from '#app/styles/admin.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

/** Every /admin page: staff only (anyone else gets the 404 page), inside the back-office frame. */
export async function loader(args: Route.LoaderArgs) {
  const { viewer, locale } = await staffShop(args);
  return {
    backOffice: true as const,
    staffName: viewer.name || viewer.email,
    administrator: viewer.role === 'administrator',
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame staffName={loaderData.staffName} administrator={loaderData.administrator}>
      <Outlet />
    </AdminFrame>
  );
}
