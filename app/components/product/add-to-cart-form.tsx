import { useEffect, useRef, useState } from 'react';
import { type FetcherWithComponents, Form, useNavigation } from 'react-router';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { QuantityInput } from '#app/components/ui/quantity-input.tsx';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import {
  DEFAULT_SWATCH_SETTINGS,
  type SwatchSettings,
} from '#app/domain/catalog/swatch-settings.view.ts';
import type { CartActionData } from '#app/domain/cart/cart-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { Swatches } from './swatches.tsx';
import {
  type Choice,
  type SwatchState,
  type VariationChoice,
  addToCartState,
  chooseTerm,
  isClickable,
  swatchState,
} from './variation.ts';

/** The id of the product page's add-to-cart form: a sticky bar submits it with `form=`. */
export const ADD_TO_CART_FORM_ID = 'add-to-cart-form';

/** Swatches are re-read from the selects this long after any background call (spec, section 9). */
export const SWATCH_REINIT_DELAY_MS = 1000;

export type AddToCartFormProps = {
  product: ProductDetail;
  selection: VariationChoice;
  /** Where the form posts; the product page posts to itself. */
  action?: string;
  /** Submits in the background (quick view) instead of navigating (product page). */
  fetcher?: FetcherWithComponents<CartActionData>;
  /** Keeps field ids unique when a second form shares the page (quick view). */
  idPrefix?: string;
  /** How swatches behave; the shop's defaults when not given. */
  swatches?: SwatchSettings;
};

/**
 * Variation selects (with swatches once the script runs), quantity and the add-to-cart
 * button: a plain form that works without JS, where the server resolves the variation.
 */
export function AddToCartForm({
  product,
  selection,
  action,
  fetcher,
  idPrefix = '',
  swatches: settings = DEFAULT_SWATCH_SETTINGS,
}: AddToCartFormProps) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempted, setAttempted] = useState(false);
  const { choice, setChoice, variation, ajax, lookup } = selection;
  const busy = fetcher
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const attrs = product.attributes.filter((a) => a.usedForVariations);
  const variable = product.type === 'variable';
  const rules = variation?.quantity ?? product.quantity;
  const state = variable ? addToCartState(lookup) : 'enabled';
  const choiceRef = useRef(choice);
  useEffect(() => {
    choiceRef.current = choice;
  }, [choice]);
  const slugList = attrs.map((a) => a.slug).join('\n');

  // Swatches follow the selects: re-read them after any background call, once it has settled.
  useEffect(() => {
    if (!variable || typeof PerformanceObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reinit = () => {
      const form = formRef.current;
      if (!form) return;
      const slugs = slugList.split('\n');
      const fromSelects: Choice = {};
      for (const slug of slugs) {
        const select = form.elements.namedItem(`attribute_${slug}`);
        if (select instanceof HTMLSelectElement) fromSelects[slug] = select.value;
      }
      const current = choiceRef.current;
      if (slugs.some((slug) => (current[slug] ?? '') !== (fromSelects[slug] ?? ''))) {
        setChoice(fromSelects);
      }
    };
    const observer = new PerformanceObserver((list) => {
      const calls = list
        .getEntries()
        .some((e) =>
          ['fetch', 'xmlhttprequest'].includes((e as PerformanceResourceTiming).initiatorType),
        );
      if (!calls) return;
      clearTimeout(timer);
      timer = setTimeout(reinit, SWATCH_REINIT_DELAY_MS);
    });
    observer.observe({ type: 'resource' });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [variable, slugList, setChoice]);

  if (!variable && (product.stockStatus === 'outofstock' || !product.isPurchasable)) return null;

  const states = (slug: string): Record<string, SwatchState> => {
    const attribute = attrs.find((a) => a.slug === slug)!;
    return Object.fromEntries(
      attribute.terms.map((term) => [
        term.slug,
        swatchState(product.variations, choice, slug, term.slug, ajax),
      ]),
    );
  };
  const pick = (attribute: string, term: string) => {
    setAttempted(false);
    setChoice(chooseTerm(product.variations, choice, attribute, term, settings, ajax));
  };
  const alert =
    state === 'unavailable'
      ? t('product.variation.unavailable')
      : state === 'no-match'
        ? t('product.variation.no_match')
        : state === 'needs-selection' && attempted
          ? t('product.variation.make_selection')
          : null;
  const blocked = hydrated && state !== 'enabled';
  const anyChosen = Object.values(choice).some(Boolean);
  const FormElement = fetcher ? fetcher.Form : Form;
  return (
    <FormElement
      ref={formRef}
      id={`${idPrefix}${ADD_TO_CART_FORM_ID}`}
      method="post"
      action={action}
      className="add-to-cart-form"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      {attrs.map((a) => {
        const selectId = `${idPrefix}attribute_${a.slug}`;
        const labelId = `${selectId}-label`;
        const withSwatches = hydrated && a.swatchType !== 'select';
        const termStates = states(a.slug);
        const chosen = a.terms.find((term) => term.slug === choice[a.slug]);
        return (
          <div className="field variation-field" key={a.slug}>
            {withSwatches ? (
              <span id={labelId} className="variation-label">
                {a.name}
                {chosen && <span className="variation-chosen">: {chosen.name}</span>}
              </span>
            ) : (
              <label id={labelId} htmlFor={selectId}>
                {a.name}
              </label>
            )}
            <select
              id={selectId}
              name={`attribute_${a.slug}`}
              required={!withSwatches}
              hidden={withSwatches}
              tabIndex={withSwatches ? -1 : undefined}
              value={choice[a.slug] ?? ''}
              onChange={(e) => pick(a.slug, e.target.value)}
            >
              <option value="">{t('product.variant_select')}</option>
              {a.terms.map((term) => (
                <option
                  key={term.slug}
                  value={term.slug}
                  disabled={
                    termStates[term.slug] !== 'selected' &&
                    !isClickable(termStates[term.slug] ?? 'normal', settings)
                  }
                >
                  {term.name}
                </option>
              ))}
            </select>
            {withSwatches && (
              <Swatches
                attribute={a}
                labelId={labelId}
                selected={choice[a.slug] ?? ''}
                states={termStates}
                settings={settings}
                onPick={(term) => pick(a.slug, term)}
              />
            )}
          </div>
        );
      })}
      {variable && hydrated && anyChosen && (
        <button
          type="button"
          className="reset-variations link-button"
          onClick={() => {
            setAttempted(false);
            setChoice({});
          }}
        >
          {t('product.variation.reset')}
        </button>
      )}
      {alert && (
        <p className="error-text variation-alert" role="alert">
          {alert}
        </p>
      )}
      {state === 'loading' && (
        <p className="hint" role="status">
          {t('product.variation.loading')}
        </p>
      )}
      <div className="add-to-cart-row">
        {rules.soldIndividually ? (
          <>
            <input type="hidden" name="quantity" value="1" />
            <p className="hint">{t('product.sold_individually')}</p>
          </>
        ) : (
          <div className="field quantity-field">
            <QuantityInput
              id={`${idPrefix}quantity`}
              name="quantity"
              label={t('product.quantity')}
              rules={rules}
              defaultValue={rules.min}
              required
              steppers={{
                decrease: t('product.quantity_decrease'),
                increase: t('product.quantity_increase'),
              }}
            />
          </div>
        )}
        <button
          type="submit"
          className={`button button-large${busy ? ' is-loading' : ''}${blocked ? ' is-disabled' : ''}`}
          aria-disabled={blocked || busy || undefined}
          onClick={(event) => {
            if (!blocked) return;
            event.preventDefault();
            if (state === 'needs-selection') setAttempted(true);
          }}
        >
          {t('product.add_to_cart')}
        </button>
      </div>
    </FormElement>
  );
}
