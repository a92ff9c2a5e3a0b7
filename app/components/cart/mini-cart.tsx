import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { Icon } from '#app/components/icon.tsx';
import { Drawer } from '#app/components/ui/drawer.tsx';
import { Money } from '#app/components/ui/price.tsx';
import { type MiniCartView, removeLineHref } from '#app/domain/cart/mini-cart.view.ts';
import { type MessageArea, useI18n } from '#app/lib/i18n.ts';
import { CartLine } from './cart-line.tsx';
import { useMiniCart } from './mini-cart-state.tsx';

/** The texts of the header cart and the mini cart: the shell sends them with every page. */
export const MINI_CART_MESSAGE_AREAS = [
  'minicart',
  'nav.cart',
  'nav.cart_count',
  'cart.empty',
  'cart.subtotal',
  'cart.update',
  'cart.remove_item',
  'cart.removed',
  'product.view_cart',
  'product.quantity_for',
  'price',
  'unit',
] as const satisfies readonly MessageArea[];

/** Marks the header cart as the personal part the server fills in for each visitor. */
export const PERSONAL_PART = 'header-cart';

/** The header's link to the cart with its item count; also rendered as a fragment. */
export function CartLink({ count }: { count: number }) {
  const { t } = useI18n();
  return (
    <Link
      to="/cart"
      className="header-action cart-link"
      aria-label={t('nav.cart_count', { count })}
    >
      <Icon name="cart" />
      {/* The space keeps word and number apart in the visible text, which the name
          ("Warenkorb, 2 Artikel") must contain for speech input (WCAG 2.5.3). */}
      <span className="header-action-label" aria-hidden="true">
        {t('nav.cart')}
      </span>{' '}
      <span className="cart-count" aria-hidden="true" data-testid="cart-count">
        {count}
      </span>
    </Link>
  );
}

/**
 * The cart in the header: the link to the cart page and the mini cart. Without scripts the
 * mini cart shows while the pointer or focus is on the header cart (wide screens); with them
 * a button opens it as a dropdown dialog, or as a drawer on screens up to 849 px, and adding
 * to cart reveals it.
 */
export function HeaderCart() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const mini = useMiniCart();
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cart = mini?.cart;
  const mode = mini?.mode ?? 'closed';
  // The cart and checkout pages show the cart themselves: no second copy to hover there.
  const cartShownByPage = ['/cart', '/checkout'].includes(useLocation().pathname);
  const shown = hydrated ? mode === 'dropdown' : !cartShownByPage;
  const itemCount = cart?.itemCount ?? 0;
  return (
    <div
      // The server finds the visitor's part of a shared page by this (app/http/personal.server.ts).
      data-personal={PERSONAL_PART}
      className={`header-cart${hydrated ? ' is-enhanced' : ''}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || mode !== 'dropdown' || !mini) return;
        event.stopPropagation();
        mini.close();
        toggleRef.current?.focus();
      }}
    >
      <CartLink count={itemCount} />
      {hydrated && mini && (
        <button
          ref={toggleRef}
          type="button"
          className="icon-button mini-cart-toggle"
          aria-label={t('minicart.open')}
          aria-haspopup="dialog"
          aria-expanded={mode !== 'closed'}
          aria-controls={mode === 'dropdown' ? panelId : undefined}
          onClick={() => (mode === 'closed' ? mini.open() : mini.close())}
        >
          <Icon name="chevron-down" size={18} />
        </button>
      )}
      {cart && shown && <MiniCartDropdown id={panelId} cart={cart} enhanced={hydrated} />}
      {hydrated && mini && (
        <Drawer
          open={mode === 'drawer'}
          onClose={mini.close}
          title={t('minicart.title')}
          className="mini-cart-drawer"
        >
          {mode === 'drawer' && <MiniCartContents cart={mini.cart} />}
        </Drawer>
      )}
    </div>
  );
}

/**
 * The wide screens' dropdown. With scripts it is a non-modal dialog: focus moves in when the
 * shopper opened it, Escape and a click or focus outside close it, and after an add to cart it
 * closes itself 5 s later unless the shopper turns to it.
 */
function MiniCartDropdown({
  id,
  cart,
  enhanced,
}: {
  id: string;
  cart: MiniCartView;
  enhanced: boolean;
}) {
  const { t } = useI18n();
  const mini = useMiniCart();
  const headingId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const revealed = Boolean(mini?.revealed);
  const close = mini?.close;

  // Mounted as it opens: focus moves in when the shopper opened it, not when an add did.
  const revealedAtOpen = useRef(revealed);
  useEffect(() => {
    if (enhanced && !revealedAtOpen.current) panelRef.current?.focus();
  }, [enhanced]);

  useEffect(() => {
    if (!enhanced || !close) return;
    const holder = panelRef.current?.closest('.header-cart');
    const outside = (event: Event) => {
      if (holder && event.target instanceof Node && !holder.contains(event.target)) close();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [enhanced, close]);

  // The shopper turned to the revealed dropdown: it stays open until they leave it.
  const keep = () => {
    if (revealed) mini?.open();
  };
  return (
    <section
      ref={panelRef}
      id={id}
      className="mini-cart-panel"
      role={enhanced ? 'dialog' : undefined}
      aria-labelledby={headingId}
      tabIndex={enhanced ? -1 : undefined}
      onPointerEnter={keep}
      onFocus={keep}
    >
      <h2 id={headingId} className="mini-cart-title">
        {t('minicart.title')}
      </h2>
      <MiniCartContents cart={cart} />
    </section>
  );
}

/**
 * What the mini cart holds: lines, subtotal and the ways to the cart and the checkout. Also
 * the `div.widget_shopping_cart_content` fragment. A plain form to the cart page for the
 * quantities and a remove link per line, so both work without scripts; with them each change is
 * a classic cart call and a failed removal falls back to the link.
 */
export function MiniCartContents({ cart }: { cart: MiniCartView }) {
  const { t } = useI18n();
  const mini = useMiniCart();
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<string | null>(null);

  // The spec's quantity rule: what the browser finds invalid is reported and never sent.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !mini) return;
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement)) return;
      const key = /^quantity\[(\w+)\]$/.exec(input.name)?.[1];
      if (!key) return;
      if (!input.checkValidity()) {
        input.reportValidity();
        return;
      }
      setMessage(null);
      void mini.setQuantity(key, input.value).then((result) => {
        if (result.ok) return;
        setMessage(result.message ?? t('minicart.error'));
        const line = cart.lines.find((l) => l.key === key);
        if (line && input.isConnected) input.value = String(line.quantity);
      });
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  }, [mini, cart, t]);

  // Changes go as calls when the script runs (the change handler above): Enter sends nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (mini) event.preventDefault();
  };

  // A line's remove link becomes the classic call; if that fails, the link does it.
  const onClick = (event: MouseEvent<HTMLFormElement>) => {
    if (!mini || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a.remove_from_cart_button');
    if (!(link instanceof HTMLAnchorElement)) return;
    const key = link.dataset.cart_item_key;
    if (!key) return;
    event.preventDefault();
    setMessage(null);
    void mini.remove(key).then((removed) => {
      if (!removed) window.location.assign(link.href);
    });
  };

  // Space presses a button; the remove link plays one, so it answers Space as Enter.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== ' ') return;
    const link = (event.target as Element).closest('a.remove_from_cart_button');
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    link.click();
  };

  return (
    <div
      className={`widget_shopping_cart_content${mini?.refreshing ? ' is-refreshing' : ''}`}
      aria-busy={mini?.refreshing || undefined}
    >
      {cart.lines.length === 0 ? (
        <p className="mini-cart-empty">{t('cart.empty')}</p>
      ) : (
        <form
          ref={formRef}
          method="post"
          action="/cart"
          className="mini-cart-form"
          onSubmit={onSubmit}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          <input type="hidden" name="intent" value="update" />
          {/* First in the form, so Enter in a quantity box sends the update. */}
          <button type="submit" className="visually-hidden" tabIndex={-1}>
            {t('cart.update')}
          </button>
          <ul className="mini-cart-lines">
            {cart.lines.map((line) => (
              <CartLine
                key={line.key}
                line={line}
                variant="compact"
                busy={mini?.busyKeys.has(line.key) ?? false}
                removeHref={removeLineHref(line.key, cart.removeNonce)}
              />
            ))}
          </ul>
          <p className="mini-cart-message error-text" role="status">
            {message}
          </p>
          <p className="mini-cart-subtotal">
            <strong>{t('cart.subtotal')}:</strong> <Money amount={cart.subtotal} />
          </p>
          <p className="mini-cart-buttons">
            <Link to="/cart" className="button button-secondary">
              {t('product.view_cart')}
            </Link>
            <Link to="/checkout" className="button">
              {t('minicart.checkout')}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}
