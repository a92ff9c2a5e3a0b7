import { useActionData } from 'react-router';
import type { Route } from './+types/payment-settings';
import { ErrorSummary } from '#app/components/admin/form-errors.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  PaymentSettingChanges,
  PaymentSettingsForm,
} from '#app/components/admin/payment-settings.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { PaymentSettingsAnswer } from '#app/domain/payments/payment-settings.view.ts';
import {
  handlePaymentSettingsForm,
  loadPaymentSettings,
} from '#app/http/admin/payment-settings.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import paymentsStylesheet from '#app/styles/admin-payments.css?url';
import stylesheet from '#app/styles/admin-settings.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: paymentsStylesheet },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPaymentSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handlePaymentSettingsForm(args);
}

/** Which payment methods the checkout offers, in what order, and the offline methods' details. */
export default function PaymentSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<PaymentSettingsAnswer>();
  const { saved, changes, version, ...form } = loaderData;
  return (
    <AdminPage
      title={t('admin.payments.title')}
      crumbs={[{ label: t('admin.settings.nav') }]}
      className="admin-payment-settings"
    >
      {saved && !answer && (
        <Notice kind={saved === 'yes' ? 'success' : 'info'}>
          {t(saved === 'yes' ? 'admin.payments.saved' : 'admin.payments.unchanged')}
        </Notice>
      )}
      <ErrorSummary answer={answer} />
      <PaymentSettingsForm
        // A refused post shows what was typed; a saved one starts from the settings in force.
        key={answer ? JSON.stringify(answer.typed ?? {}) : version}
        settings={form.settings}
        invoiceLimit={form.invoiceLimit}
        defaults={form.defaults}
        methods={form.methods}
        codCountries={form.codCountries}
        stripe={form.stripe}
        security={form.security}
        version={version}
        answer={answer}
      />
      <PaymentSettingChanges changes={changes} />
    </AdminPage>
  );
}
