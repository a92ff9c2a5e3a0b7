import { Link } from 'react-router';
import { Modal } from '#app/components/ui/modal.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import type { AccountActionData } from '#app/domain/customers/account-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { LoginForm } from './login-form.tsx';

/**
 * The login popup. Opened from the header's account link; it opens by itself when its notices
 * hold errors (a failed login from the popup comes back so). Before scripts run an open popup
 * is shown in place, as a plain box with the same form.
 */
export function LoginPopup({
  open,
  onClose,
  redirectTo,
  result,
}: {
  open: boolean;
  onClose: () => void;
  redirectTo: string;
  result?: AccountActionData;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const body = (
    <>
      <LoginForm source="popup" redirectTo={redirectTo} result={result} autoFocus={hydrated} />
      <p className="login-popup-register">
        {t('login.no_account')} <Link to="/my-account#register">{t('login.create_account')}</Link>
      </p>
    </>
  );
  if (!hydrated) {
    if (!open) return null;
    return (
      <section className="login-popup login-popup-static" aria-labelledby="login-popup-title">
        <div className="dialog-header">
          <h2 id="login-popup-title" className="dialog-title">
            {t('login.title')}
          </h2>
        </div>
        <div className="dialog-body">{body}</div>
      </section>
    );
  }
  return (
    <Modal open={open} onClose={onClose} title={t('login.title')} className="login-popup">
      {body}
    </Modal>
  );
}
