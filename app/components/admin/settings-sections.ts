import type { TextKey } from '#app/lib/i18n.ts';

/** One section of the settings area: its page and the words the overview shows for it. */
export type SettingsSection = { to: string; title: TextKey; about: TextKey };

/** The settings area's sections in the order the overview lists them. */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    to: '/admin/settings/shop',
    title: 'admin.shopSettings.title',
    about: 'admin.settings.about_shop',
  },
  {
    to: '/admin/settings/checkout',
    title: 'admin.checkoutSettings.title',
    about: 'admin.settings.about_checkout',
  },
  {
    to: '/admin/settings/catalog',
    title: 'admin.catalogSettings.title',
    about: 'admin.catalogSettings.about',
  },
  {
    to: '/admin/settings/payments',
    title: 'admin.payments.title',
    about: 'admin.settings.about_payments',
  },
  {
    to: '/admin/settings/express',
    title: 'admin.expressSettings.title',
    about: 'admin.expressSettings.about',
  },
  { to: '/admin/settings/shipping', title: 'admin.shipping.title', about: 'admin.shipping.about' },
  { to: '/admin/settings/tax', title: 'admin.taxSettings.title', about: 'admin.taxSettings.about' },
  {
    to: '/admin/settings/mails',
    title: 'admin.mailSettings.title',
    about: 'admin.mailSettings.about',
  },
  {
    to: '/admin/settings/invoices',
    title: 'admin.invoiceSettings.title',
    about: 'admin.settings.about_invoices',
  },
  {
    to: '/admin/reviews/settings',
    title: 'admin.settings.reviews',
    about: 'admin.settings.about_reviews',
  },
  { to: '/admin/legal-pages', title: 'admin.legal_pages', about: 'admin.settings.about_legal' },
];
