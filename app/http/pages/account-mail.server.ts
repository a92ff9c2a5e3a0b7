import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import { createMailer } from '#app/lib/mail.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { mailFrom } from '../mail/mail-sender.server.ts';

export type AccountMail =
  | { kind: 'activate'; token: string }
  | { kind: 'exists' }
  | { kind: 'reset'; token: string; name: string }
  | { kind: 'email_change'; token: string; name: string };

/** The text of an account mail in the customer's language; plain text, so names stay inert. */
export function composeAccountMail(
  mail: AccountMail,
  env: Env,
  locale: Locale,
): { subject: string; text: string } {
  const t = serverTranslator(locale);
  const shopName = t('shop.name');
  const url = (path: string) => `${env.SHOP_URL}${path}`;
  switch (mail.kind) {
    case 'activate':
      return {
        subject: t('mail.account.activate_subject', { shop: shopName }),
        text: t('mail.account.activate_body', {
          shop: shopName,
          link: url(`/my-account/activate?key=${mail.token}`),
        }),
      };
    case 'exists':
      return {
        subject: t('mail.account.exists_subject', { shop: shopName }),
        text: t('mail.account.exists_body', {
          shop: shopName,
          login: url('/my-account'),
          lost: url('/my-account/lost-password'),
        }),
      };
    case 'reset':
      return {
        subject: t('mail.account.reset_subject', { shop: shopName }),
        text: t('mail.account.reset_body', {
          shop: shopName,
          name: mail.name,
          link: url(`/my-account/lost-password?key=${mail.token}`),
        }),
      };
    case 'email_change':
      return {
        subject: t('mail.account.email_change_subject', { shop: shopName }),
        text: t('mail.account.email_change_body', {
          shop: shopName,
          name: mail.name,
          link: url(`/my-account/confirm-email?key=${mail.token}`),
        }),
      };
  }
}

/**
 * Sends an account mail without holding up the answer: the visitor sees the same page, just
 * as fast, whether or not a mail goes out (no account enumeration by timing).
 */
export function sendAccountMail(
  db: Tx,
  env: Env,
  to: string,
  locale: Locale,
  mail: AccountMail,
): void {
  const { subject, text } = composeAccountMail(mail, env, locale);
  void mailFrom(db, env)
    .then((from) => createMailer(env, from).send({ to: [to], subject, text }))
    .then(
      (result) => {
        if (!result.ok) console.error(`account mail (${mail.kind}) not sent: ${result.error}`);
      },
      (error: Error) => console.error(`account mail (${mail.kind}) not sent: ${error.message}`),
    );
}
