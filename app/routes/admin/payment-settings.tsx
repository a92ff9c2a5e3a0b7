import { useActionData } from 'react-router';
import type { Route } from './+types/payment-settings';
import {
  PaymentSettingChanges,
  PaymentSettingsForm,
} from '#app/components/admin/payment-settings.tsx';
import {
  SettingsPage,
  settingsHandle,
  settingsLinks,
  settingsMeta,
} from '#app/components/admin/settings-page.tsx';
import { StripeKeysForm } from '#app/components/admin/stripe-keys-form.tsx';
import type {
  PaymentSettingsAnswer,
  StripeKeysAnswer,
} from '#app/domain/payments/payment-settings.view.ts';
import {
  handlePaymentSettingsForm,
  loadPaymentSettings,
} from '#app/http/admin/payment-settings.server.ts';
import paymentsStylesheet from '#app/styles/admin-payments.css?url';

export const links = () => [...settingsLinks(), { rel: 'stylesheet', href: paymentsStylesheet }];
export const meta = settingsMeta;
export const handle = settingsHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadPaymentSettings(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handlePaymentSettingsForm(args);
}

const SAVED_TEXT = {
  yes: 'admin.payments.saved',
  unchanged: 'admin.payments.unchanged',
  keys: 'admin.stripeKeys.saved',
  keys_removed: 'admin.stripeKeys.removed',
} as const;

/** Which payment methods the checkout offers, in what order, and the offline methods' details. */
export default function PaymentSettingsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<PaymentSettingsAnswer | StripeKeysAnswer>();
  const answer = posted?.intent === 'payment-settings' ? posted : undefined;
  const keysAnswer = posted?.intent === 'stripe-keys' ? posted : undefined;
  // A connection test's outcome shows beside the keys, not as a refusal.
  const refusal = keysAnswer?.connection ? undefined : posted;
  const { saved, changes, version, stripeKeys, ...form } = loaderData;
  return (
    <SettingsPage
      title="admin.payments.title"
      className="admin-payment-settings"
      saved={saved}
      savedText={SAVED_TEXT}
      refusal={refusal}
      posted={posted !== undefined}
    >
      <PaymentSettingsForm
        // A refused post shows what was typed; a saved one starts from the settings in force.
        key={answer ? JSON.stringify(answer.typed ?? {}) : version}
        settings={form.settings}
        invoiceLimit={form.invoiceLimit}
        codFee={form.codFee}
        defaults={form.defaults}
        methods={form.methods}
        codCountries={form.codCountries}
        stripe={form.stripe}
        stripeSource={stripeKeys.source}
        security={form.security}
        version={version}
        answer={answer}
      />
      <StripeKeysForm
        // A saved or removed set starts from the keys in force; a test keeps what was typed.
        key={keysAnswer ? `${stripeKeys.version}-${keysAnswer.message}` : stripeKeys.version}
        keys={stripeKeys}
        security={form.security}
        answer={keysAnswer}
      />
      <PaymentSettingChanges changes={changes} />
    </SettingsPage>
  );
}
