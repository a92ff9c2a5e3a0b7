import {
  type FormEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'react-router';
import type { Consent } from '#app/lib/page-cookies.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { saveConsent } from '#app/client/page-cookies.ts';
import { growl } from '#app/client/growl.ts';
import { loadChunk } from '#app/client/load-chunk.ts';

/** Where the choice can be made and changed without JavaScript. */
export const CONSENT_PATH = '/cookie-einstellungen';

type ConsentState = {
  consent: Consent | null;
  /** The hidden inputs' name prefix; null when attribution is switched off. */
  prefix: string | null;
  bannerOpen: boolean;
  choose: (choice: Consent) => void;
  /** Shows the banner again (from the footer), remembering where focus returns to. */
  reopen: (from: HTMLElement | null) => void;
};

const ConsentContext = createContext<ConsentState>({
  consent: null,
  prefix: null,
  bannerOpen: false,
  choose: () => {},
  reopen: () => {},
});

export const useConsent = () => useContext(ConsentContext);

export const loadAttribution = () => loadChunk(() => import('#app/client/attribution.ts'));

export function ConsentProvider({
  initial,
  prefix,
  children,
}: {
  initial: Consent | null;
  prefix: string | null;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState(initial);
  const [bannerOpen, setBannerOpen] = useState(initial === null);
  const returnTo = useRef<HTMLElement | null>(null);
  const location = useLocation();
  // A newer answer of the root loader (the cookie as the server read it) wins.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setConsent(initial);
  }

  // Each page view counts once tracking is allowed.
  useEffect(() => {
    if (consent === 'allow' && prefix) void loadAttribution().then((m) => m.track());
  }, [consent, prefix, location.pathname, location.search]);

  const choose = useCallback((choice: Consent) => {
    saveConsent(choice);
    setConsent(choice);
    setBannerOpen(false);
    const target = returnTo.current ?? document.getElementById('main');
    returnTo.current = null;
    target?.focus({ preventScroll: true });
  }, []);
  const reopen = useCallback((from: HTMLElement | null) => {
    returnTo.current = from;
    setBannerOpen(true);
  }, []);
  const value = useMemo(
    () => ({ consent, prefix, bannerOpen, choose, reopen }),
    [consent, prefix, bannerOpen, choose, reopen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

/**
 * The two equal choices as a form: posted to the consent page without JavaScript, decided in
 * the browser with it. Neither button is preselected or styled as the "right" one.
 */
export function ConsentForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useI18n();
  const { consent, choose } = useConsent();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice = submitter?.value;
    if (choice !== 'allow' && choice !== 'refuse') return;
    event.preventDefault();
    choose(choice);
    growl(t(choice === 'allow' ? 'site.consent_saved_allow' : 'site.consent_saved_refuse'));
  };
  return (
    <form method="post" action={CONSENT_PATH} className="consent-form" onSubmit={submit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {consent && (
        <p className="consent-current">
          {t(consent === 'allow' ? 'site.consent_current_allow' : 'site.consent_current_refuse')}
        </p>
      )}
      <div className="consent-actions">
        <button type="submit" name="choice" value="refuse" className="button consent-button">
          {t('site.consent_refuse')}
        </button>
        <button type="submit" name="choice" value="allow" className="button consent-button">
          {t('site.consent_allow')}
        </button>
      </div>
    </form>
  );
}

/**
 * The banner: a named region at the top of the page, not a modal and never over the content;
 * the shop stays usable while it shows.
 */
export function ConsentBanner() {
  const { t } = useI18n();
  const { bannerOpen, consent } = useConsent();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(bannerOpen);
  useEffect(() => {
    // Reopened from the footer: the shopper is taken to it.
    if (bannerOpen && !wasOpen.current) headingRef.current?.focus();
    wasOpen.current = bannerOpen;
  }, [bannerOpen]);
  // The consent page shows the same form in its body.
  if (!bannerOpen || location.pathname === CONSENT_PATH) return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <div className="container consent-inner">
        <div className="consent-text">
          <h2 id="consent-title" tabIndex={-1} ref={headingRef}>
            {t('site.consent_title')}
          </h2>
          <p>
            {t('site.consent_text')} <Link to="/datenschutz">{t('site.consent_privacy')}</Link>
          </p>
        </div>
        <ConsentForm key={consent ?? 'none'} redirectTo={location.pathname + location.search} />
      </div>
    </section>
  );
}

/** The footer's way back to the choice: the consent page, or the banner with JavaScript. */
export function ConsentSettingsLink() {
  const { t } = useI18n();
  const { reopen } = useConsent();
  return (
    <Link
      to={CONSENT_PATH}
      onClick={(event) => {
        event.preventDefault();
        reopen(event.currentTarget);
      }}
    >
      {t('site.consent_settings')}
    </Link>
  );
}
