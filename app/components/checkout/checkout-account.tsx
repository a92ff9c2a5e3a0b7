import { useCallback, useState } from 'react';
import { NewPassword } from '#app/components/account/new-password.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { useI18n } from '#app/lib/i18n.ts';
import type { CheckoutAccountOffer } from '#app/domain/checkout/checkout.view.ts';

export type CheckoutAccountProps = {
  offer: CheckoutAccountOffer;
  /** The box as the last post left it. */
  requested: boolean;
  error?: string;
  /** Told whether the order may be sent as far as the password goes. */
  onAcceptable: (acceptable: boolean) => void;
};

/**
 * "Create an account?" with its password. Unticking removes the password field, so ticking
 * again starts from an empty one. Without JavaScript both show and the box decides.
 */
export function CheckoutAccount({ offer, requested, error, onAcceptable }: CheckoutAccountProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(requested);
  const showPassword = offer.mode === 'required' || wanted || !hydrated;
  const report = useCallback(
    (acceptable: boolean) => onAcceptable(!offer.enforced || acceptable),
    [onAcceptable, offer.enforced],
  );
  return (
    <div className="woocommerce-account-fields">
      {offer.mode === 'optional' && (
        <p className="create-account-toggle">
          <label className="choice">
            <input
              type="checkbox"
              id="createaccount"
              name="createaccount"
              value="1"
              checked={wanted}
              onChange={(event) => {
                setWanted(event.currentTarget.checked);
                if (!event.currentTarget.checked) onAcceptable(true);
              }}
            />
            <span>{t('checkout.create_account')}</span>
          </label>
        </p>
      )}
      {showPassword && (
        <div className="create-account">
          <NewPassword
            name="account_password"
            label={t('checkout.account_password')}
            required={offer.mode === 'required' || wanted}
            marks="star"
            minimum={offer.minimum}
            blacklist={offer.blacklist}
            errorField={error ? 'account_password' : undefined}
            error={error}
            onAcceptable={report}
          />
        </div>
      )}
    </div>
  );
}
