import type { Route } from './+types/packing-slip';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { PackingSlip, PrintButton } from '#app/components/admin/packing-slip.tsx';
import { loadPackingSlip } from '#app/http/admin/packing-slips.server.ts';
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
  return loadPackingSlip(args, handle.messageAreas);
}

/** One order's packing slip, ready to print on A4. */
export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { slips, owner, title } = loaderData;
  const slip = slips[0]!;
  return (
    <AdminPage
      title={title}
      crumbs={[
        { label: t('admin.orders'), to: '/admin/orders' },
        { label: t('admin.order_title', { number: slip.number }), to: `/admin/orders/${slip.id}` },
      ]}
    >
      <p className="slip-actions">
        <PrintButton />
      </p>
      <div className="slip-sheets">
        <PackingSlip slip={slip} owner={owner} />
      </div>
    </AdminPage>
  );
}
