import { redirect } from 'react-router';
import type { Route } from './+types/cookie-settings';
import { TRACKING_COOKIE_NAMES } from '#app/domain/attribution/attribution.rules.ts';
import { readForm, safeRedirectPath, shop } from '#app/http/request.server.ts';
import { serializeCookie } from '#app/lib/cookies.ts';
import { secureCookies } from '#app/http/cart-cookies.server.ts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE, parseConsent } from '#app/lib/page-cookies.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { CONSENT_PATH, ConsentForm } from '#app/components/site/consent.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ''}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader(args: Route.LoaderArgs) {
  const { t } = shop(args);
  return { title: `${t('site.consent_settings')} | ${t('shop.name')}` };
}

/** The choice without JavaScript: the consent cookie, and on refusal every tracking cookie gone. */
export async function action(args: Route.ActionArgs) {
  const { env } = shop(args);
  const read = await readForm(args.request);
  const choice = read.ok ? parseConsent(String(read.value.get('choice') ?? '')) : null;
  const target = read.ok
    ? safeRedirectPath(read.value.get('redirectTo'), CONSENT_PATH)
    : CONSENT_PATH;
  if (!choice) return redirect(CONSENT_PATH, 303);
  const secure = secureCookies(env);
  const headers = new Headers();
  headers.append(
    'Set-Cookie',
    serializeCookie(CONSENT_COOKIE, choice, { maxAge: CONSENT_MAX_AGE, secure }),
  );
  if (choice === 'refuse') {
    for (const name of TRACKING_COOKIE_NAMES) {
      headers.append('Set-Cookie', serializeCookie(name, '', { maxAge: 0, secure }));
    }
  }
  return redirect(target, { status: 303, headers });
}

export default function CookieSettings() {
  const { t } = useI18n();
  return (
    <div className="container consent-page">
      <h1>{t('site.consent_settings')}</h1>
      <p>{t('site.consent_text')}</p>
      <ConsentForm redirectTo={CONSENT_PATH} />
    </div>
  );
}
