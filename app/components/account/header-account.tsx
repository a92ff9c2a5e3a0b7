import { useEffect, useState } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { Icon } from '#app/components/icon.tsx';
import { usePersonal } from '#app/components/personal.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { LoginPopup } from './login-popup.tsx';

/** The mark of the header's account link among the personal parts the server fills in. */
export const ACCOUNT_PART = 'header-account';

/**
 * The header's account link: "My account" for a customer, "Log in" for a guest, where a click
 * opens the login popup (without scripts it leads to the login page). A personal part of the
 * shared page, filled in per visitor by the server.
 */
export function HeaderAccount() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const root = useRouteLoaderData('root') as { currency?: string } | undefined;
  const { account } = usePersonal(root?.currency ?? 'EUR');
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // The popup's form leads to another page (the account, or its own popup with the errors).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setOpen(false), [location.key]);
  const label = account ? t('nav.account') : t('login.header_link');
  return (
    <div data-personal={ACCOUNT_PART} className="header-account">
      <Link
        to="/my-account"
        className={`header-action${account ? ' is-logged-in' : ''}`}
        aria-label={label}
        aria-haspopup={!account && hydrated ? 'dialog' : undefined}
        onClick={(event) => {
          if (account || !hydrated || location.pathname === '/my-account') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="user" />
        <span className="header-action-label" aria-hidden="true">
          {label}
        </span>
      </Link>
      {!account && hydrated && open && (
        <LoginPopup
          open={open}
          onClose={() => setOpen(false)}
          redirectTo={location.pathname + location.search}
        />
      )}
    </div>
  );
}
