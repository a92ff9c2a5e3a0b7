import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeElementsOptions,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { withParts } from '#app/components/ui/with-parts.tsx';
import { usePersonal } from '#app/components/personal.ts';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { scrollToElement } from '#app/client/scroll-to.ts';
import { loadShopStripe } from '#app/client/stripe/load-stripe.ts';
import { ExpressNonces } from '#app/client/express/express-calls.ts';
import {
  SCROLL_MS,
  buttonHeight,
  buttonRadius,
  elementOptions,
  elementsIntent,
  expressVisible,
  paymentMethodTypes,
  reservedRows,
  walletCount,
} from '#app/client/express/express.rules.ts';
import { type ExpressAmounts, useExpressAmounts } from '#app/client/express/use-express-amounts.ts';
import { useWalletSheet } from '#app/client/express/use-wallet-sheet.ts';
import {
  type WalletSheet,
  consentBoxIds,
  initialWalletSheet,
  usesPageTerms,
} from '#app/client/express/wallet-sheet.ts';
import type {
  ExpressCheckoutParams,
  ExpressPageKind,
} from '#app/domain/payments/stripe/express.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { loadAttribution, useConsent } from '#app/components/site/consent.tsx';

/** The product page's part: the chosen variation, the add-to-cart state and the form. */
export type ExpressProduct = {
  /** The chosen variation's id; 0 or null while none is chosen. */
  variationId: number | null;
  /** The attribute choice, by attribute slug. */
  attributes: Record<string, string>;
  /** The add-to-cart button's state: enabled, or why it is not. */
  addToCart: 'enabled' | 'needs-selection' | 'unavailable';
  /** The unit price of the product or chosen variation, in minor units. */
  unitPrice: number | null;
  /** The add-to-cart form's id: its quantity input drives the sheet's amounts. */
  formId: string;
};

/** The texts the express area shows, for a page's `messageAreas`. */
export const EXPRESS_MESSAGE_AREAS = [
  'express',
  'stripe',
  'checkout.terms',
  'checkout.terms_agb',
  'checkout.terms_widerruf',
  'checkout.error.terms',
  'checkout.digital',
  'checkout.error.digital',
  'forms.required_mark',
  'forms.optional_mark',
] as const;

/**
 * The express checkout area (payments spec sections 2 to 9): the wallet buttons of Stripe's
 * Express Checkout Element with the legal consent they need first, on the product, cart,
 * checkout and pay-for-order pages. The separator stands between it and the page's own way
 * to buy.
 */
export function ExpressCheckout({
  params,
  kind,
  product,
  separator,
}: {
  params: ExpressCheckoutParams | null | undefined;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  /** Where the "or" goes: above the area (below a buy button) or below it (above a form). */
  separator: 'before' | 'after';
}) {
  const hydrated = useHydrated();
  if (!params) return null;
  if (!hydrated) {
    // The server's HTML holds the area's place, so the page below does not move when the
    // buttons arrive (no layout shift); it stays empty where the area will not show.
    const shown = expressVisible({
      total: params.cart_total,
      hasFreeTrial: params.checkout.has_free_trial,
      needsVariation: params.product?.needs_variation ?? false,
      variationId: product ? product.variationId : 1,
    });
    return shown ? <ExpressReservedArea params={params} kind={kind} separator={separator} /> : null;
  }
  return <ExpressArea params={params} kind={kind} product={product} separator={separator} />;
}

function ExpressArea({
  params,
  kind,
  product,
  separator,
}: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  separator: 'before' | 'after';
}) {
  const { locale } = useI18n();
  const currency = params.checkout.currency_code;
  const nonces = useMemo(() => new ExpressNonces(params), [params]);
  const amounts = useExpressAmounts(params, product, nonces);
  const live = amounts.live;
  const [availability, setAvailability] = useState<'loading' | 'shown' | 'none'>('loading');
  const stripeData = params.stripe;
  const stripe = useMemo(() => loadShopStripe({ ...stripeData, locale }), [stripeData, locale]);

  const visible = expressVisible({
    total: live.total,
    hasFreeTrial: params.checkout.has_free_trial,
    needsVariation: params.product?.needs_variation ?? false,
    variationId: product ? product.variationId : 1,
  });
  if (!visible || availability === 'none') return null;

  const options: StripeElementsOptions = {
    ...elementsIntent(live.total, params.checkout),
    currency,
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: paymentMethodTypes(params),
    locale: locale === 'de' ? 'de' : 'en',
    appearance: { variables: { borderRadius: `${buttonRadius(params.button.radius)}px` } },
  };
  return (
    <ExpressFrame kind={kind} separator={separator} loading={availability === 'loading'}>
      <Elements stripe={stripe} options={options}>
        <ExpressButtons
          params={params}
          kind={kind}
          product={product}
          nonces={nonces}
          amounts={amounts}
          onAvailability={setAvailability}
        />
      </Elements>
    </ExpressFrame>
  );
}

/** The area's heading and box, with the "or" on the page's side. */
function ExpressFrame({
  kind,
  separator,
  loading,
  children,
}: {
  kind: ExpressPageKind;
  separator: 'before' | 'after';
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const divider = (
    <p className="express-separator">
      <span>{t('express.separator')}</span>
    </p>
  );
  return (
    <>
      {separator === 'before' && divider}
      <section
        className={`express-checkout${loading ? ' is-loading' : ''}`}
        aria-labelledby={`express-title-${kind}`}
      >
        <h2 id={`express-title-${kind}`} className="express-title">
          {t('express.title')}
        </h2>
        {children}
      </section>
      {separator === 'after' && divider}
    </>
  );
}

/**
 * The height the wallet buttons will take, as CSS custom properties: rows of buttons for each
 * number of buttons a row holds (the stylesheet picks one by the area's width).
 */
function buttonSlotStyle(params: ExpressCheckoutParams): CSSProperties {
  const count = walletCount(params);
  return {
    '--express-button-height': `${buttonHeight(params.button.height)}px`,
    '--express-rows-1': reservedRows(count, 1),
    '--express-rows-2': reservedRows(count, 2),
    '--express-rows-3': reservedRows(count, 3),
    '--express-rows-4': reservedRows(count, 4),
  } as CSSProperties;
}

/** The express area's own consent boxes (product and cart pages). */
function ConsentBoxes({
  kind,
  digital,
  sheet,
  onTick,
}: {
  kind: ExpressPageKind;
  /** The cart or product holds digital content or services. */
  digital: boolean;
  sheet: WalletSheet;
  onTick?: (box: 'terms' | 'digital', checked: boolean) => void;
}) {
  const { t } = useI18n();
  if (usesPageTerms(kind)) return null;
  const ids = consentBoxIds(kind);
  const label: ReactNode = withParts(t('checkout.terms'), {
    agb: <a href="/agb">{t('checkout.terms_agb')}</a>,
    widerruf: <a href="/widerruf">{t('checkout.terms_widerruf')}</a>,
  });
  const box = (which: 'terms' | 'digital', text: ReactNode) => (
    <Field
      id={ids[which]}
      layout="choice"
      required
      label={text}
      error={sheet[which].error}
      className="express-consent"
    >
      {(control) => (
        <input
          {...control}
          type="checkbox"
          checked={sheet[which].checked}
          onChange={(e) => onTick?.(which, e.target.checked)}
        />
      )}
    </Field>
  );
  return (
    <>
      {box('terms', label)}
      {digital && box('digital', t('checkout.digital'))}
    </>
  );
}

/** The server-rendered stand-in: the area as it will be, its buttons' place held empty. */
function ExpressReservedArea({
  params,
  kind,
  separator,
}: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  separator: 'before' | 'after';
}) {
  const { t } = useI18n();
  return (
    <ExpressFrame kind={kind} separator={separator} loading>
      <div className="express-body" style={buttonSlotStyle(params)}>
        <div className="express-notices" />
        <ConsentBoxes kind={kind} digital={params.consent.digital} sheet={initialWalletSheet} />
        <div className="express-buttons" />
        {params.checkout.taxes_based_on_billing && (
          <p className="express-note">{t('express.note.taxes_billing')}</p>
        )}
      </div>
    </ExpressFrame>
  );
}

function ExpressButtons({
  onAvailability,
  ...sheetInput
}: {
  params: ExpressCheckoutParams;
  kind: ExpressPageKind;
  product?: ExpressProduct;
  nonces: ExpressNonces;
  amounts: ExpressAmounts;
  onAvailability: (state: 'shown' | 'none') => void;
}) {
  const { params, kind } = sheetInput;
  const { t } = useI18n();
  const personal = usePersonal(params.checkout.currency_code.toUpperCase());
  const tracking = useConsent();
  const wallet = useWalletSheet({
    ...sheetInput,
    stripe: useStripe(),
    elements: useElements(),
    signedIn: Boolean(personal.account),
    attribution: async () =>
      tracking.consent === 'allow' && tracking.prefix
        ? ((await loadAttribution()).currentAttribution() as Record<string, string>)
        : {},
  });
  const { sheet, busy } = wallet;
  const notice = sheet.notice;
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice && noticeRef.current) scrollToElement(noticeRef.current, { duration: SCROLL_MS });
  }, [notice]);

  const onReady = (event: StripeExpressCheckoutElementReadyEvent) => {
    const any = Object.values(event.availablePaymentMethods ?? {}).some(Boolean);
    onAvailability(any ? 'shown' : 'none');
  };

  const elementOpts = useMemo(() => elementOptions(params), [params]);
  return (
    <div
      className={`express-body${busy ? ' is-busy' : ''}`}
      aria-busy={busy || undefined}
      style={buttonSlotStyle(params)}
    >
      <div ref={noticeRef} className="express-notices">
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      </div>
      <ConsentBoxes
        kind={kind}
        digital={params.consent.digital}
        sheet={sheet}
        onTick={wallet.tick}
      />
      <ExpressCheckoutElement
        className="express-buttons"
        options={elementOpts}
        onReady={onReady}
        onClick={(e) => void wallet.onClick(e)}
        onShippingAddressChange={(e) => void wallet.onShippingAddressChange(e)}
        onShippingRateChange={(e) => void wallet.onShippingRateChange(e)}
        onConfirm={(e) => void wallet.onConfirm(e)}
        onCancel={wallet.onCancel}
      />
      {params.checkout.taxes_based_on_billing && (
        <p className="express-note">{t('express.note.taxes_billing')}</p>
      )}
    </div>
  );
}
