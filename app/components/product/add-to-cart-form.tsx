import { type FetcherWithComponents, Form, useNavigation } from 'react-router';
import { QuantityInput } from '#app/components/ui/quantity-input.tsx';
import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import type { CartActionData } from '#app/http/pages/cart-form.view.ts';
import { useI18n } from '#app/lib/i18n.ts';

/** The form's id (with the idPrefix in front): the sticky bar submits it through `form=`. */
export const ADD_TO_CART_FORM_ID = 'add-to-cart-form';

export type AddToCartFormProps = {
  product: ProductDetail;
  variation: VariationView | null;
  choice: Record<string, string>;
  onChoice: (choice: Record<string, string>) => void;
  /** Where the form posts; the product page posts to itself. */
  action?: string;
  /** Submits in the background (quick view) instead of navigating (product page). */
  fetcher?: FetcherWithComponents<CartActionData>;
  /** Keeps field ids unique when a second form shares the page (quick view). */
  idPrefix?: string;
};

/** Variation selects, quantity and the add-to-cart button: a plain form that works without JS. */
export function AddToCartForm({
  product,
  variation,
  choice,
  onChoice,
  action,
  fetcher,
  idPrefix = '',
}: AddToCartFormProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = fetcher
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const attrs = product.attributes.filter((a) => a.usedForVariations);
  const rules = variation?.quantity ?? product.quantity;
  const status = variation?.stockStatus ?? product.stockStatus;
  const selectionComplete = attrs.every((a) => choice[a.slug]);
  const unavailable =
    product.type === 'variable' &&
    selectionComplete &&
    (!variation || variation.stockStatus === 'outofstock' || !variation.isPurchasable);
  if (product.type === 'simple' && (status === 'outofstock' || !product.isPurchasable)) return null;
  const FormElement = fetcher ? fetcher.Form : Form;
  return (
    <FormElement
      id={`${idPrefix}${ADD_TO_CART_FORM_ID}`}
      method="post"
      action={action}
      className="add-to-cart-form"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={product.id} />
      {attrs.map((a) => (
        <div className="field" key={a.slug}>
          <label htmlFor={`${idPrefix}attribute_${a.slug}`}>{a.name}</label>
          <select
            id={`${idPrefix}attribute_${a.slug}`}
            name={`attribute_${a.slug}`}
            required
            value={choice[a.slug] ?? ''}
            onChange={(e) => onChoice({ ...choice, [a.slug]: e.target.value })}
          >
            <option value="">{t('product.variant_select')}</option>
            {a.terms.map((term) => (
              <option key={term.slug} value={term.slug}>
                {term.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      {unavailable && (
        <p className="error-text" role="alert">
          {t('product.not_available')}
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
            />
          </div>
        )}
        <button
          type="submit"
          className={`button button-large${busy ? ' is-loading' : ''}`}
          disabled={unavailable}
          aria-disabled={busy || undefined}
        >
          {t('product.add_to_cart')}
        </button>
      </div>
    </FormElement>
  );
}
