import { data, useActionData } from 'react-router';
import type { Route } from './+types/callback';
import { ContactForm } from '#app/components/contact-form.tsx';
import { loadContactForm, postContactForm } from '#app/http/pages/contact-page.server.ts';
import { shop } from '#app/http/request.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';

const CONTAINER_POST = 2;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export const handle = {
  messageAreas: ['callback', 'forms', 'product.variant_select'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { t, locale } = shop(args);
  const { view, setCookie } = await loadContactForm(args, 'rueckruf', CONTAINER_POST);
  return data(
    {
      form: view,
      title: `${t('callback.title')} | ${t('shop.name')}`,
      messages: messagesFor(locale, handle.messageAreas),
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}

export async function action(args: Route.ActionArgs) {
  return postContactForm(args, 'rueckruf');
}

export default function Callback({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  return (
    <div className="container narrow contact-page">
      <h1>{t('callback.title')}</h1>
      <p className="lead">{t('callback.lead')}</p>
      <ContactForm view={loaderData.form} result={result} />
    </div>
  );
}
