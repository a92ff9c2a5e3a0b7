import { useState } from 'react';
import { Field } from '#app/components/ui/field.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import type { CheckoutReview } from '#app/domain/checkout/checkout.view.ts';
import type { LegalSection } from '#app/content/legal.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { type Marks, rowClasses } from './address-fields.tsx';
import { OrderSummary, withParts } from './order-review.tsx';

/**
 * The foot of the order review: the summary, the terms consent (with the terms to unfold),
 * the digital-content consent when the cart needs it, the privacy note and the order button.
 */
export function PlaceOrder({
  review,
  marks,
  terms,
  chosenPayment,
  processing,
  accountAcceptable,
}: {
  review: CheckoutReview;
  marks: Marks;
  terms: LegalSection[];
  chosenPayment: string | null;
  processing: boolean;
  accountAcceptable: boolean;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [showTerms, setShowTerms] = useState(false);
  const termsMark = marks.terms;
  return (
    <div className="place-order">
      <OrderSummary review={review} />
      <Field
        id="terms"
        layout="choice"
        required
        label={withParts(t('checkout.terms'), {
          agb: <a href="/agb">{t('checkout.terms_agb')}</a>,
          widerruf: <a href="/widerruf">{t('checkout.terms_widerruf')}</a>,
        })}
        error={termsMark?.failure ? termsMark.message : undefined}
        className={rowClasses(['terms', 'form-row-wide'], termsMark, ['validate-required'])}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name="terms"
            value="1"
            data-kind="checkbox"
            data-required="true"
            data-label={t('checkout.terms_agb')}
          />
        )}
      </Field>
      <p className="terms-toggle">
        <a
          href="/agb"
          className="woocommerce-terms-and-conditions-link"
          aria-expanded={hydrated ? showTerms : undefined}
          aria-controls={hydrated ? 'terms-text' : undefined}
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            setShowTerms((v) => !v);
          }}
        >
          {t('checkout.terms_toggle')}
        </a>
      </p>
      {showTerms && (
        <div id="terms-text" className="woocommerce-terms-and-conditions">
          {terms.map((section) => (
            <section key={section.heading}>
              <h4>{section.heading}</h4>
              {section.blocks.map((block, i) =>
                block.type === 'paragraph' ? <p key={i}>{block.text}</p> : null,
              )}
            </section>
          ))}
        </div>
      )}
      {review.needsDigitalConsent && (
        <Field
          id="terms-digital"
          layout="choice"
          required
          label={t('checkout.digital')}
          error={marks['terms-digital']?.failure ? t('checkout.error.digital') : undefined}
          className={rowClasses(['form-row-wide'], marks['terms-digital'], ['validate-required'])}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              name="terms-digital"
              value="1"
              data-kind="checkbox"
              data-required="true"
            />
          )}
        </Field>
      )}
      <p className="privacy-note">
        {withParts(t('checkout.privacy'), {
          datenschutz: <a href="/datenschutz">{t('checkout.privacy_link')}</a>,
        })}
      </p>
      <button
        type="submit"
        className="button button-large button-block alt"
        name="intent"
        value="place_order"
        id="place_order"
        aria-disabled={processing || undefined}
        // Only a shop that holds checkout passwords to the minimum stops here.
        disabled={!accountAcceptable}
      >
        {processing
          ? t('checkout.processing')
          : (review.paymentMethods.find((m) => m.id === chosenPayment)?.orderButtonText ??
            t('checkout.place_order'))}
      </button>
    </div>
  );
}
