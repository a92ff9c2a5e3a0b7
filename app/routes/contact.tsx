import { data, useActionData } from 'react-router';
import type { Route } from './+types/contact';
import { ContactForm } from '#app/components/contact-form.tsx';
import { loadContactForm, postContactForm } from '#app/http/pages/contact-page.server.ts';
import { shop } from '#app/http/request.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, displayOwner, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';

const CONTAINER_POST = 1;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export const handle = {
  messageAreas: ['contact', 'forms', 'product.variant_select'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { db, t, locale } = shop(args);
  const [owner, { view, setCookie }] = await Promise.all([
    getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
    loadContactForm(args, 'kontakt', CONTAINER_POST),
  ]);
  return data(
    {
      owner: displayOwner(owner, locale),
      form: view,
      title: `${t('contact.title')} | ${t('shop.name')}`,
      messages: messagesFor(locale, handle.messageAreas),
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}

export async function action(args: Route.ActionArgs) {
  return postContactForm(args, 'kontakt');
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const { owner, form } = loaderData;
  return (
    <div className="container contact-page">
      <h1>{t('contact.title')}</h1>
      <p className="lead">{t('contact.lead')}</p>
      <div className="contact-layout">
        <section aria-labelledby="contact-form-title" className="contact-form-section">
          <h2 id="contact-form-title">{t('contact.form_title')}</h2>
          <ContactForm view={form} result={result} />
        </section>
        <aside className="contact-cards" aria-label={t('contact.other_ways')}>
          <section aria-labelledby="contact-mail">
            <h2 id="contact-mail">{t('contact.by_mail')}</h2>
            <p>
              <a href={`mailto:${owner.email}`}>{owner.email}</a>
            </p>
          </section>
          <section aria-labelledby="contact-phone">
            <h2 id="contact-phone">{t('contact.by_phone')}</h2>
            <p>
              <a href={`tel:${owner.phone.replace(/[^\d+]/g, '')}`}>{owner.phone}</a>
            </p>
            <p className="muted">{t('contact.hours')}</p>
          </section>
          <section aria-labelledby="contact-post">
            <h2 id="contact-post">{t('contact.by_post')}</h2>
            <address>
              {owner.name}
              <br />
              {owner.street}
              <br />
              {owner.postcode} {owner.city}
              <br />
              {owner.country}
            </address>
          </section>
        </aside>
      </div>
    </div>
  );
}
