import type { Route } from './+types/packing-slips';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { PackingSlip, PrintButton } from '#app/components/admin/packing-slip.tsx';
import { loadPackingSlipList } from '#app/http/admin/packing-slips.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/packing-slip.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.pageTitle },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'order', 'cart', 'coupon'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPackingSlipList(args, handle.messageAreas);
}

/** Packing slips of several orders (`?ids=1,2,3`), each on its own printed page. */
export default function PackingSlipsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { slips, owner, title } = loaderData;
  return (
    <AdminPage title={title} crumbs={[{ label: t('admin.orders'), to: '/admin/orders' }]}>
      <p className="slip-actions">
        <PrintButton />
      </p>
      <div className="slip-sheets">
        {slips.map((slip) => (
          <PackingSlip key={slip.id} slip={slip} owner={owner} />
        ))}
      </div>
    </AdminPage>
  );
}
