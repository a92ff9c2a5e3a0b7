import type { Route } from './+types/contact';
import { shop } from '#app/lib/request.server.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, displayOwner, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export async function loader(args: Route.LoaderArgs) {
  const { db, t, locale } = shop(args);
  const owner = displayOwner(
    await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
    locale,
  );
  return { owner, title: `${t('contact.title')} | ${t('shop.name')}` };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { owner } = loaderData;
  return (
    <div className="container narrow contact-page">
      <h1>{t('contact.title')}</h1>
      <p>{t('contact.lead')}</p>
      <div className="contact-cards">
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
      </div>
    </div>
  );
}
